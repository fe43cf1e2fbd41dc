import Hummingbird
import ThumbIndexFormats
import ThumbIndexRequests

/// An ``APIError`` thrown by a route is answered as `{"error": "..."}` with its status and headers.
extension APIError: HTTPResponseError {
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
