import NIOCore
import NIOPosix
import PostgresNIO
import ThumbIndexStore

extension StoreError {
    /// A postgres-nio or network error as the store reports it, naming the store's URL (never
    /// its password); nil for an error that is neither (one of a caller's closure).
    ///
    /// - The server unreachable, restarting or shutting down, a lost connection, too many
    ///   connections: `.unavailable` (the request may succeed later).
    /// - Authentication refused, no such database, a password needed: `.cannotOpen`.
    /// - Any other error of the server (a constraint, a bad statement): `.database`, with
    ///   PostgreSQL's message and SQLSTATE.
    init?(postgres error: any Error, location: String) {
        switch error {
        case let error as StoreError:
            self = error
        case let error as PSQLError:
            self = Self.classify(error, location: location)
        case is PostgresDecodingError:
            self = .database(path: location, message: "a column did not decode: \(error)")
        case let error as IOError:
            self = .unavailable(path: location, message: error.description)
        case is ChannelError, is NIOConnectionError, is EventLoopError, is PostgresSession.Timeout:
            self = .unavailable(path: location, message: "\(error)")
        default:
            return nil
        }
    }

    private static func classify(_ error: PSQLError, location: String) -> StoreError {
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? "?????"
            let message = "\(error.serverInfo?[.message] ?? "an error") (SQLSTATE \(state))"
            if state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state) {
                return .unavailable(path: location, message: message)
            }
            if state.hasPrefix("28") || state == "3D000" {
                return .cannotOpen(path: location, reason: message)
            }
            return .database(path: location, message: message)
        case .authMechanismRequiresPassword:
            return .cannotOpen(path: location, reason: "the server asks for a password; give it in the URL, a --store-password-file or PGPASSWORD")
        case .unsupportedAuthMechanism, .saslError:
            return .cannotOpen(path: location, reason: "authentication failed (\(error.code))")
        default:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            return .unavailable(path: location, message: "\(error.code)\(cause)")
        }
    }
}
