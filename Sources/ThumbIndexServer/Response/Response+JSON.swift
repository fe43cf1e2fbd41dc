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
}
