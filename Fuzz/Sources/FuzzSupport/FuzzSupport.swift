import CFuzzDriver

#if canImport(Glibc)
import Glibc
#endif

/// What every fuzz target shares: handing the process to libFuzzer, reading the input, and
/// failing loudly when an expectation does not hold.
///
/// A target is a `main.swift` with a `@_cdecl("LLVMFuzzerTestOneInput")` function that ends with
/// `runLibFuzzer(LLVMFuzzerTestOneInput)`. SwiftPM links executables with `main` aliased to the
/// module's own entry point, which shadows the `main` that libFuzzer brings, so the target's
/// top-level code calls libFuzzer's driver itself.
package enum Fuzz {
    /// Runs libFuzzer with the process's arguments (corpus directories, `-max_total_time=…`) on
    /// `testOneInput`, then exits with libFuzzer's status.
    package static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// The input as an array (libFuzzer passes a null pointer for the empty input).
    package static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the process when `condition` is false, printing `message`: libFuzzer sees the abort
    /// and saves the input as a crash.
    package static func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                               file: StaticString = #fileID, line: UInt = #line) {
        guard !condition() else { return }
        let text = Array("FUZZ EXPECTATION FAILED (\(file):\(line)): \(message())\n".utf8)
        _ = text.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }  // standard error
        abort()
    }
}

/// Reads an input as a few parameters followed by the rest: `byte()` takes the first unread byte
/// (0 when none are left), `rest` is what remains.
package struct FuzzInput {
    package private(set) var bytes: ArraySlice<UInt8>

    package init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    package mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    package var rest: [UInt8] { Array(bytes) }
}
