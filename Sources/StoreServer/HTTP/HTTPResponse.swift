import StoreCore

/// One HTTP response: a status, a content type and a body.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code, such as 200.
  public var status: Int
  /// The `Content-Type` header, if any.
  public var contentType: String?
  /// The body.
  public var body: [UInt8]
  /// Other headers, such as `Location` (a test's hostile peer redirects with it).
  public var headers: [String: String] = [:]

  /// Creates a response.
  public init(status: Int, contentType: String? = nil, body: [UInt8] = []) {
    self.status = status
    self.contentType = contentType
    self.body = body
  }

  /// A JSON response (`application/json`, as Apple's servers label theirs).
  public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/json", body: value.compactUTF8)
  }

  /// An empty response, such as 200 for a request that returns nothing.
  public static func empty(status: Int) -> HTTPResponse {
    HTTPResponse(status: status)
  }
}
