import Hummingbird
import ThumbIndexFormats

/// An error answered as `{"error": "..."}` with its HTTP status: what was wrong, in words.
struct APIError: HTTPResponseError, CustomStringConvertible {
    let status: HTTPResponse.Status
    let message: String
    /// Headers of the answer besides the JSON ones (`Allow` of a 405, `WWW-Authenticate` of a 401).
    var headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }

    var description: String { "\(status.code) \(message)" }

    func response(from request: Request, context: some RequestContext) throws -> Response {
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
