/// A JSON value together with the path that leads to it, for reading with precise error messages.
///
/// Every accessor that fails throws a ``JSONReadError`` naming the path (`products[2].type`) and
/// what was wrong, so the caller never has to build messages by hand. A key that holds `null`
/// reads exactly like a missing key, because Xcode 26 stopped writing null keys.
public struct JSONCursor: Sendable {
  /// The value at this position.
  public let value: JSONValue
  /// The path from the document root, such as `subscriptionGroups[1].subscriptions[0]`.
  public let path: String

  /// A cursor at the root of a document.
  public init(root value: JSONValue) {
    self.value = value
    self.path = ""
  }

  private init(value: JSONValue, path: String) {
    self.value = value
    self.path = path
  }

  /// The path of `key` below this position.
  public func path(of key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  /// The keys of this object in document order (empty for other values).
  public var keys: [String] {
    guard case .object(let members) = value else { return [] }
    return members.map(\.key)
  }

  /// The member `key`, or nil when it is absent or `null`.
  public func optional(_ key: String) throws(JSONReadError) -> JSONCursor? {
    guard case .object = value else { throw mismatch("an object") }
    guard let member = value[key], member != .null else { return nil }
    return JSONCursor(value: member, path: path(of: key))
  }

  /// The member `key`, which must be present and not `null`.
  public func required(_ key: String) throws(JSONReadError) -> JSONCursor {
    guard let member = try optional(key) else {
      throw JSONReadError(path: path(of: key), reason: "missing")
    }
    return member
  }

  /// The elements of this array, each with its indexed path.
  public func elements() throws(JSONReadError) -> [JSONCursor] {
    guard case .array(let elements) = value else { throw mismatch("an array") }
    return elements.enumerated().map { index, element in
      JSONCursor(value: element, path: "\(path)[\(index)]")
    }
  }

  /// The elements of the array at `key`, or an empty list when the key is absent or `null`.
  public func elements(_ key: String) throws(JSONReadError) -> [JSONCursor] {
    try optional(key)?.elements() ?? []
  }

  /// This value as a string.
  public func string() throws(JSONReadError) -> String {
    guard case .string(let text) = value else { throw mismatch("a string") }
    return text
  }

  /// This value as a boolean.
  public func bool() throws(JSONReadError) -> Bool {
    guard case .bool(let flag) = value else { throw mismatch("true or false") }
    return flag
  }

  /// This value as a whole number.
  public func int() throws(JSONReadError) -> Int {
    guard case .number(let text) = value, let number = Int(text) else {
      throw mismatch("a whole number")
    }
    return number
  }

  /// This value as a number of any kind.
  public func double() throws(JSONReadError) -> Double {
    guard case .number(let text) = value, let number = Double(text) else {
      throw mismatch("a number")
    }
    return number
  }

  /// The string at `key`, or nil when absent.
  public func optionalString(_ key: String) throws(JSONReadError) -> String? {
    try optional(key)?.string()
  }

  /// The string at `key`, which must be present.
  public func string(_ key: String) throws(JSONReadError) -> String {
    try required(key).string()
  }

  /// The boolean at `key`, or nil when absent.
  public func optionalBool(_ key: String) throws(JSONReadError) -> Bool? {
    try optional(key)?.bool()
  }

  /// The whole number at `key`, or nil when absent.
  public func optionalInt(_ key: String) throws(JSONReadError) -> Int? {
    try optional(key)?.int()
  }

  /// The whole number at `key`, which must be present.
  public func int(_ key: String) throws(JSONReadError) -> Int {
    try required(key).int()
  }

  /// An error at this position with a custom reason.
  public func error(_ reason: String) -> JSONReadError {
    JSONReadError(path: path, reason: reason)
  }

  private func mismatch(_ expected: String) -> JSONReadError {
    error("expected \(expected), found \(value.kindDescription)")
  }
}

/// A value in a JSON document that is missing or not what was expected.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The JSON path of the value, such as `products[0].displayPrice`; empty for the root.
  public var path: String
  /// What is wrong, such as `missing` or `expected a string, found the number 4`.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `"<path>: <reason>"`, or only the reason at the root.
  public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
