import ArgumentParser
import ThumbIndexServer

/// `serve`'s limits on what one client may take (``ServerLimits``): time to send a request, its
/// size, the connections open at once, and the reads computed at once. The defaults are ``ServerLimits``'s.
struct LimitOptions: ParsableArguments {
    fileprivate static let defaults = ServerLimits()

    @Option(name: .long, help: ArgumentHelp("Close a connection whose request head (request line and headers) is not complete this long after the connection opens or the request's first byte, however it trickles in.", valueName: "seconds"))
    var headerTimeout: Double = LimitOptions.seconds(LimitOptions.defaults.headerTimeout)

    @Option(name: .long, help: ArgumentHelp("Close a connection whose request body is not complete this long after its head.", valueName: "seconds"))
    var bodyTimeout: Double = LimitOptions.seconds(LimitOptions.defaults.bodyTimeout)

    @Option(name: .long, help: ArgumentHelp("Close a connection whose answer is not written this long after its request is in: a client that stops reading.", valueName: "seconds"))
    var sendTimeout: Double = LimitOptions.seconds(LimitOptions.defaults.sendTimeout)

    @Option(name: .long, help: ArgumentHelp("Close a kept-alive connection idle this long between requests.", valueName: "seconds"))
    var idleTimeout: Double = LimitOptions.seconds(LimitOptions.defaults.idleTimeout)

    @Option(name: .long, help: ArgumentHelp("Answer 431 and close when a request head is larger than this (16384 is 16 KiB).", valueName: "bytes"))
    var maxHeaderBytes: Int = LimitOptions.defaults.maxHeaderBytes

    @Option(name: .long, help: ArgumentHelp("Answer 413 to a write whose body is larger than this (4194304 is 4 MiB).", valueName: "bytes"))
    var maxBodyBytes: Int = LimitOptions.defaults.maxBodyBytes

    @Option(name: .long, help: ArgumentHelp("Stop accepting connections while this many are open; new ones wait in the kernel's queue until one closes, and the open ones are served as before.", valueName: "n"))
    var maxConnections: Int = LimitOptions.defaults.maxConnections

    @Option(name: .long, help: ArgumentHelp("Compute at most this many filter requests at once (default: one per core), on threads of a lower CPU priority than writes (a filter that finds no other computing or waiting computes at once); other filters wait their turn in arrival order, and writes never wait behind them.", valueName: "n"))
    var maxConcurrentReads: Int = LimitOptions.defaults.maxConcurrentReads

    func validate() throws {
        for (flag, value) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout),
                              ("--send-timeout", sendTimeout), ("--idle-timeout", idleTimeout)] {
            guard value > 0, value <= 86_400 else { throw ValidationError("\(flag) \(value): use more than 0 and at most 86400 seconds") }
        }
        guard maxHeaderBytes >= 1024 else { throw ValidationError("--max-header-bytes \(maxHeaderBytes): use 1024 or more (a browser's head is 0.5–2 KiB)") }
        guard maxBodyBytes >= 1024 else { throw ValidationError("--max-body-bytes \(maxBodyBytes): use 1024 or more") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections \(maxConnections): use 1 or more") }
        guard maxConcurrentReads >= 1 else { throw ValidationError("--max-concurrent-reads \(maxConcurrentReads): use 1 or more") }
    }

    /// The limits the flags say.
    var limits: ServerLimits {
        ServerLimits(headerTimeout: .milliseconds(headerTimeout * 1000), bodyTimeout: .milliseconds(bodyTimeout * 1000),
                     sendTimeout: .milliseconds(sendTimeout * 1000), idleTimeout: .milliseconds(idleTimeout * 1000),
                     maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes, maxConnections: maxConnections,
                     maxConcurrentReads: maxConcurrentReads)
    }

    fileprivate static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
