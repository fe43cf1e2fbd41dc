import HTTPTypes
import Hummingbird
import ThumbIndexFormats

extension Response {
    /// A JSON response holding what `json` wrote (UTF-8, never cached: listings change on restart).
    static func json(_ json: JSONWriter, status: HTTPResponse.Status = .ok) -> Response {
        let bytes = json.bytes
        var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: buffer)
        )
    }

    /// The name of the header that carries the store version an answer includes.
    static let versionHeader = HTTPField.Name("ThumbIndex-Version")!

    /// The response with `ThumbIndex-Version: version` (a write's version, or the one of the
    /// snapshot a read was computed on); unchanged when there is no store (`version` nil).
    func versioned(_ version: Int64?) -> Response {
        guard let version else { return self }
        var response = self
        response.headers[Self.versionHeader] = String(version)
        return response
    }
}
