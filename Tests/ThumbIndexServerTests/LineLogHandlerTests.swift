import Foundation
import Logging
import Testing
@testable import ThumbIndexServer

/// The server's log lines: what `Benchmarks/live_driver.py` and a reader of the log rely on.
@Suite("The server's log lines")
struct LineLogHandlerTests {
    static func event(_ message: Logger.Message, level: Logger.Level = .info, metadata: Logger.Metadata? = nil,
                      error: (any Error)? = nil) -> LogEvent {
        LogEvent(level: level, message: message, error: error, metadata: metadata, source: "ThumbIndexServer",
                 file: #fileID, function: #function, line: #line)
    }

    /// The timestamp, then the rest of `line` (its newline dropped).
    static func split(_ line: String) throws -> (stamp: String, rest: String) {
        #expect(line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1, "one line: \(line)")
        let space = try #require(line.firstIndex(of: " "))
        return (String(line[..<space]), String(line[line.index(after: space)...].dropLast()))
    }

    @Test func aMessageIsOneLineOfTimeLevelLabelModuleAndMessage() throws {
        let handler = LineLogHandler(label: "thumbindex")
        let (_, rest) = try Self.split(handler.line(for: Self.event("saved 'geonames'"), at: Date()))
        #expect(rest == "info thumbindex: [ThumbIndexServer] saved 'geonames'")
        let (_, warning) = try Self.split(handler.line(for: Self.event("no --index-dir", level: .warning), at: Date()))
        #expect(warning == "warning thumbindex: [ThumbIndexServer] no --index-dir")
    }

    @Test func theTimestampIsTheLocalTimeWithItsOffsetToTheSecond() throws {
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        for seconds in [0.0, 1_764_464_523.75, 2_000_000_000.2] {
            let time = Date(timeIntervalSince1970: seconds)
            let stamp = LineLogHandler.timestamp(time)
            #expect(stamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/) != nil, "\(stamp)")
            let read = try #require(reader.date(from: stamp), "\(stamp)")
            #expect(read.timeIntervalSince1970 == seconds.rounded(.down), "\(stamp) for \(seconds)")
        }
        let (stamp, _) = try Self.split(LineLogHandler(label: "x").line(for: Self.event("m"), at: Date(timeIntervalSince1970: 0)))
        #expect(stamp == LineLogHandler.timestamp(Date(timeIntervalSince1970: 0)))
    }

    @Test func metadataOfTheLoggerAndOfTheMessageIsWrittenSortedTheMessagesWinning() throws {
        var handler = LineLogHandler(label: "thumbindex")
        handler[metadataKey: "hb.request.id"] = "7"
        handler[metadataKey: "listing"] = "geonames"
        #expect(handler[metadataKey: "listing"] == "geonames")
        handler[metadataKey: "gone"] = "x"
        handler[metadataKey: "gone"] = nil
        let line = handler.line(for: Self.event("merged", metadata: ["listing": "cities", "a": "1"]), at: Date())
        #expect(try Self.split(line).rest == "info thumbindex: a=1 hb.request.id=7 listing=cities [ThumbIndexServer] merged")
        // The handler's own metadata is unchanged by a message's.
        #expect(handler.metadata == ["hb.request.id": "7", "listing": "geonames"])
    }

    @Test func anErrorIsWrittenAsMetadata() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk full" } }
        let line = LineLogHandler(label: "thumbindex").line(for: Self.event("save failed", level: .error, error: Broken()),
                                                            at: Date())
        let rest = try Self.split(line).rest
        #expect(rest.hasPrefix("error thumbindex: error.message=disk full error.type="), "\(rest)")
        #expect(rest.hasSuffix("Broken [ThumbIndexServer] save failed"), "\(rest)")
    }

    @Test func aLoggerWithTheHandlerKeepsItsLevelAndMetadataAsValues() {
        var logger = Logger(label: "thumbindex") { LineLogHandler(label: $0) }
        #expect(logger.logLevel == .info)
        #expect(logger.label == "thumbindex")
        var copy = logger
        copy[metadataKey: "hb.request.id"] = "1"
        copy.logLevel = .debug
        #expect(logger[metadataKey: "hb.request.id"] == nil)
        #expect(logger.logLevel == .info)
        logger.logLevel = .error
        #expect(copy.logLevel == .debug)
    }
}
