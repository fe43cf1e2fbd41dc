import HTTPTypes

/// An error answered as `{"error": "..."}` with its HTTP status: what was wrong, in words.
///
/// The request parsers of this module throw it; the server writes it as a response
/// (`APIError+Response.swift` in ThumbIndexServer), and the fuzz targets in Fuzz/ read it.
package struct APIError: Error, CustomStringConvertible {
    package let status: HTTPResponse.Status
    package let message: String
    /// Headers of the answer besides the JSON ones (`Allow` of a 405, `WWW-Authenticate` of a 401).
    package var headers: HTTPFields

    package init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    package static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
    package static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }

    package var description: String { "\(status.code) \(message)" }
}
