import Foundation

/// Runs a Python oracle (PhoneOracle, SearchCollationOracle).
enum Python {
    /// Runs `executable` with `arguments`, `input` on its stdin; its status and what it printed.
    /// Input and output go through temporary files, so no pipe can fill up and stall either side.
    static func run(_ executable: URL, _ arguments: [String], input: Data) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (inURL, outURL, errURL) = (dir.appendingPathComponent("in"), dir.appendingPathComponent("out"),
                                      dir.appendingPathComponent("err"))
        try input.write(to: inURL)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        // Through FileHandle, not Data(contentsOf:): that leaks a 4 KiB buffer on an empty file (Foundation
        // on Linux; LeakSanitizer reports it in scripts/sanitize), and stderr is usually empty.
        func contents(_ url: URL) throws -> Data { try FileHandle(forReadingFrom: url).readToEnd() ?? Data() }
        return (process.terminationStatus, try contents(outURL), try contents(errURL))
    }
}
