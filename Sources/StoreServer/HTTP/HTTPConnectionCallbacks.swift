import CMicroHTTPD
import StoreCore

/// The body of one request as it arrives, kept between libmicrohttpd's calls in `con_cls`.
final class RequestBodyBuffer {
  var bytes: [UInt8] = []
  /// Set once the body passed the limit: the rest is read and dropped, the answer is 413.
  var tooLarge = false
  /// This request's limit (the server's, or a larger one for its path).
  var limit = 0
}

/// libmicrohttpd's access handler: called once when the headers are in, once per piece of the
/// body, then once more to answer.
let httpAccessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, uploadData, uploadSize, requestContext in
  guard let context, let connection, let uploadSize, let requestContext else { return .NO }
  let server = Unmanaged<HTTPServerContext>.fromOpaque(context).takeUnretainedValue()
  guard let stored = requestContext.pointee else {
    let buffer = RequestBodyBuffer()
    buffer.limit = server.limit(
      method: method.map { String(cString: $0) } ?? "GET",
      path: url.map { String(cString: $0) } ?? "/")
    if let length = HTTPConnection.header(connection, "Content-Length").flatMap({ Int($0) }),
      length > buffer.limit
    {
      buffer.tooLarge = true
    }
    requestContext.pointee = Unmanaged.passRetained(buffer).toOpaque()
    return .YES
  }
  let buffer = Unmanaged<RequestBodyBuffer>.fromOpaque(stored).takeUnretainedValue()
  if uploadSize.pointee > 0 {
    if !buffer.tooLarge, let uploadData {
      let count = uploadSize.pointee
      if buffer.bytes.count + count > buffer.limit {
        buffer.tooLarge = true
        buffer.bytes = []
      } else {
        uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
          buffer.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
      }
    }
    uploadSize.pointee = 0
    return .YES
  }
  let response: HTTPResponse
  if server.isOverloaded {
    response = HTTPConnection.overloaded
  } else if buffer.tooLarge {
    response = HTTPResponse(
      status: 413, contentType: "text/plain",
      body: Array("request body larger than \(buffer.limit) bytes\n".utf8))
  } else {
    let request = HTTPConnection.request(
      connection, path: url.map { String(cString: $0) } ?? "/",
      method: method.map { String(cString: $0) } ?? "GET", body: buffer.bytes)
    response = server.handler(request)
  }
  return HTTPConnection.send(response, on: connection)
}

/// Frees a request's body buffer when libmicrohttpd is done with the request, then, when its
/// response was sent whole, runs the server's `afterResponse`.
let httpRequestCompleted: MHD_RequestCompletedCallback = { server, _, requestContext, reason in
  if let requestContext, let stored = requestContext.pointee {
    Unmanaged<RequestBodyBuffer>.fromOpaque(stored).release()
    requestContext.pointee = nil
  }
  // The response went out whole: the thread's spare time begins.
  if reason == .REQUEST_TERMINATED_COMPLETED_OK, let server {
    Unmanaged<HTTPServerContext>.fromOpaque(server).takeUnretainedValue().afterResponse?()
  }
}

/// Reading a request from, and queueing a response on, a libmicrohttpd connection.
enum HTTPConnection {
  /// The answer when the server sheds load: Apple's `GeneralInternalRetryableError`, which its
  /// libraries retry, and the connection closed to free its slot.
  static let overloaded: HTTPResponse = {
    var response = HTTPResponse.json(
      .object([
        JSONMember("errorCode", .integer(5_000_001)),
        JSONMember("errorMessage", .string("An unknown error occurred. Please try again.")),
      ]), status: 503)
    response.headers = ["Retry-After": "1", "Connection": "close"]
    return response
  }()

  static func header(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
  }

  static func request(
    _ connection: OpaquePointer, path: String, method: String, body: [UInt8]
  ) -> HTTPRequest {
    HTTPRequest(
      method: method, path: path, query: values(connection, .GET_ARGUMENT_KIND),
      headers: values(connection, .HEADER_KIND), body: body)
  }

  static func send(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made = response.body.withUnsafeBytes { bytes in
      MHD_create_response_from_buffer(
        bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    if let type = response.contentType { _ = MHD_add_response_header(made, "Content-Type", type) }
    for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), made)
  }

  /// Every value of `kind`, in order.
  private static func values(
    _ connection: OpaquePointer, _ kind: MHD_ValueKind
  ) -> [(name: String, value: String)] {
    final class Collected { var pairs: [(name: String, value: String)] = [] }
    let collected = Collected()
    let context = Unmanaged.passUnretained(collected).toOpaque()
    _ = MHD_get_connection_values(
      connection, kind,
      { context, _, key, value in
        guard let context, let key else { return .YES }
        let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
        collected.pairs.append(
          (name: String(cString: key), value: value.map { String(cString: $0) } ?? ""))
        return .YES
      }, context)
    return withExtendedLifetime(collected) { collected.pairs }
  }
}
