/// A JSON document as a value: objects keep their keys in document order.
///
/// storeterm reads and writes JSON through this type rather than `Codable` so that every error can
/// name the exact JSON path and every document it prints has a stable, readable key order.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number with the exact text it was written as (`"4.99"`, `"1000"`), so nothing is rounded.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// The value of `key` in an object (the last one when a key repeats, as JSON parsers usually do).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last(where: { $0.key == key })?.value
  }

  /// A short description of the value's kind and content for error messages, such as `the string "yes"`.
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let text): "the number \(text)"
    case .string(let text): "the string \(JSONValue.string(text).compactText)"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// A number value from an integer.
  public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
  /// The member's name.
  public var key: String
  /// The member's value.
  public var value: JSONValue

  /// Creates a member.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
