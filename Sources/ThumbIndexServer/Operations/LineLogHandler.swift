import Foundation
import Logging

/// The server's log: one line per message on standard output, as
/// `2026-11-30T01:02:03+0000 info thumbindex: [ThumbIndexServer] message` (the local time, the
/// level, the label, any metadata as sorted `key=value` pairs, the module, the message).
///
/// Metadata is kept as given and written out only with a message. Hummingbird gives every request
/// a logger with a request id of its own, which the server logs nothing with at `info`: swift-log's
/// `StreamLogHandler`, with the same lines, formats its metadata each time it is set, 1–3% of the
/// server's CPU per request.
package struct LineLogHandler: LogHandler {
    package let label: String
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?

    package init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the line with one `write(2)` where the system takes it whole (lines from several
    /// threads do not interleave); an error (standard output closed) drops the line.
    package func log(event: LogEvent) {
        var bytes = Array(line(for: event, at: Date()).utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// The line of `event` logged at `time`, ending in a newline.
    package func line(for event: LogEvent, at time: Date) -> String {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, provided in provided } }
        if let given = event.metadata { all.merge(given) { _, given in given } }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let pairs = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        return "\(Self.timestamp(time)) \(event.level) \(label):\(pairs) [\(event.source)] \(event.message)\n"
    }

    /// `time` as local time, `2026-11-30T01:02:03+0000`.
    package static func timestamp(_ time: Date) -> String {
        var seconds = time_t(time.timeIntervalSince1970.rounded(.down))
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
