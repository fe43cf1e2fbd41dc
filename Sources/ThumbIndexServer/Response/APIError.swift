import Hummingbird
import ThumbIndexFormats

/// An error answered as `{"error": "..."}` with its HTTP status: what was wrong, in words.
/// (`package`: the request parsers throw it, and the fuzz targets in Fuzz/ read it.)
package struct APIError: HTTPResponseError, CustomStringConvertible {
    package let status: HTTPResponse.Status
    package let message: String
    /// Headers of the answer besides the JSON ones (`Allow` of a 405, `WWW-Authenticate` of a 401).
    var headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }

    package var description: String { "\(status.code) \(message)" }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        var json = JSONWriter()
        json.raw("{")
        json.key("error")
        json.string(message)
        json.raw("}\n")
        var response = Response.json(json, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}
