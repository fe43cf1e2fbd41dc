import Foundation

/// Runs the real `thumbindex` binary (built next to the test bundle) and captures what it printed.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let binary: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("thumbindex").path) && url.path != "/" {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("thumbindex")
    }()

    /// Runs `binary` (by default the one built with the tests) with `arguments`, in
    /// `directory` when given.
    static func run(_ arguments: [String], stdin: String? = nil, binary: URL = CLI.binary,
                    directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A file with `bytes` in a fresh temporary directory.
    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
