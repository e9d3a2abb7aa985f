/// One HTTP request as the server's handler sees it: decoded path and query, headers, body.
public struct HTTPRequest: Sendable, Equatable {
  /// The method, such as `GET`.
  public var method: String
  /// The path without the query, percent-decoded, such as `/inApps/v1/transactions/3`.
  public var path: String
  /// The query's parameters in order, percent-decoded; a repeated name appears once per value,
  /// a name without `=` has an empty value.
  public var query: [(name: String, value: String)]
  /// The headers in order, names lowercased.
  public var headers: [(name: String, value: String)]
  /// The body (empty when there is none).
  public var body: [UInt8]

  /// Creates a request.
  public init(
    method: String, path: String, query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)] = [], body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
    self.body = body
  }

  /// The first value of header `name` (case-insensitive), if present.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first(where: { $0.name == wanted })?.value
  }

  /// Every value of query parameter `name`, in order.
  public func queryValues(_ name: String) -> [String] {
    query.filter { $0.name == name }.map(\.value)
  }

  /// Compares method, path, query, headers and body.
  public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
    left.method == right.method && left.path == right.path
      && left.query.elementsEqual(right.query, by: { $0 == $1 })
      && left.headers.elementsEqual(right.headers, by: { $0 == $1 }) && left.body == right.body
  }
}
