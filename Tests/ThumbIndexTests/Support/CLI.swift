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
        var process = Process(), out = Pipe(), err = Pipe(), input = Pipe()
        // A binary copied a moment ago can be refused with ETXTBSY ("text file busy"): a process
        // that another test forked meanwhile inherited the copy's descriptor, open for writing,
        // and holds it until it execs. It lets go within milliseconds: try again, for up to 2 s.
        for attempt in 1... {
            process = Process()
            process.executableURL = binary
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            (out, err, input) = (Pipe(), Pipe(), Pipe())
            process.standardOutput = out
            process.standardError = err
            process.standardInput = input
            do {
                try process.run()
                break
            } catch let error as NSError where attempt < 100 && Self.isTextFileBusy(error) {
                usleep(20_000)
            }
        }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Whether `error` (or the error under it) is POSIX's ETXTBSY.
    private static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
    }

    /// A file with `bytes` in a fresh temporary directory, inside this test process's own folder,
    /// which is removed when the process exits.
    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        _ = runFolderRemovedAtExit
        let dir = runFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}

/// The folder that holds every file ``CLI/temporaryFile(_:_:)`` makes in this test process.
private let runFolder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-tests-\(UUID().uuidString)")

/// Registers, once, the removal of ``runFolder`` at exit (a killed run still leaves it behind).
private let runFolderRemovedAtExit: Void = {
    atexit { try? FileManager.default.removeItem(at: runFolder) }
}()
