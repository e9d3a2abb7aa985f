import Foundation

/// Reads typed members out of a parsed JSON object, naming the field in every error.
///
/// Decoding is strict where Apple's server library is lenient: a number for a string, a float for
/// an integer or an unknown enum value is an error, so storeterm never passes off a coerced value.
public enum WireJSONReader {
  /// A payload's JSON text parsed, or `invalidValue` naming the syntax error.
  public static func payloadDocument(_ bytes: some Sequence<UInt8>) throws(WireDecodingError)
    -> JSONValue
  {
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw .invalidValue(field: "payload", reason: "not JSON: \(error.description)")
    }
  }

  /// The members of an object, or `notAnObject`.
  public static func members(_ value: JSONValue, field: String) throws(WireDecodingError)
    -> [JSONMember]
  {
    guard case .object(let members) = value else { throw .notAnObject(field: field) }
    return members
  }

  /// The value unless it is `null`; a `null` member counts as absent, as in Apple's models.
  public static func present(_ value: JSONValue) -> JSONValue? {
    if case .null = value { return nil }
    return value
  }

  /// A string.
  public static func string(_ value: JSONValue, _ field: String) throws(WireDecodingError)
    -> String?
  {
    switch value {
    case .null: return nil
    case .string(let text): return text
    default:
      throw .invalidValue(field: field, reason: "expected a string, found \(value.kindDescription)")
    }
  }

  /// An integer that fits in 64 bits, written without fraction or exponent.
  public static func int64(_ value: JSONValue, _ field: String) throws(WireDecodingError)
    -> Int64?
  {
    switch value {
    case .null: return nil
    case .number(let text):
      guard let number = Int64(text) else {
        throw .invalidValue(
          field: field, reason: "expected an integer, found \(value.kindDescription)")
      }
      return number
    default:
      throw .invalidValue(
        field: field, reason: "expected an integer, found \(value.kindDescription)")
    }
  }

  /// An integer in the platform's `Int` range.
  public static func int(_ value: JSONValue, _ field: String) throws(WireDecodingError) -> Int? {
    guard let number = try int64(value, field) else { return nil }
    guard let small = Int(exactly: number) else {
      throw .invalidValue(field: field, reason: "integer out of range")
    }
    return small
  }

  /// A boolean.
  public static func bool(_ value: JSONValue, _ field: String) throws(WireDecodingError) -> Bool? {
    switch value {
    case .null: return nil
    case .bool(let flag): return flag
    default:
      throw .invalidValue(
        field: field, reason: "expected a boolean, found \(value.kindDescription)")
    }
  }

  /// A UUID written as a string.
  public static func uuid(_ value: JSONValue, _ field: String) throws(WireDecodingError) -> UUID? {
    guard let text = try string(value, field) else { return nil }
    guard let uuid = UUIDText.parse(text) else {
      throw .invalidValue(field: field, reason: "expected a UUID, found \(value.kindDescription)")
    }
    return uuid
  }

  /// Binary data written as standard base64.
  public static func base64(_ value: JSONValue, _ field: String) throws(WireDecodingError) -> Data?
  {
    guard let text = try string(value, field) else { return nil }
    guard let data = Data(base64Encoded: text) else {
      throw .invalidValue(field: field, reason: "expected base64, found \(value.kindDescription)")
    }
    return data
  }

  /// An array of strings.
  public static func strings(_ value: JSONValue, _ field: String) throws(WireDecodingError)
    -> [String]?
  {
    switch value {
    case .null: return nil
    case .array(let elements):
      var result: [String] = []
      for (index, element) in elements.enumerated() {
        guard case .string(let text) = element else {
          throw .invalidValue(field: "\(field)[\(index)]", reason: "expected a string")
        }
        result.append(text)
      }
      return result
    default:
      throw .invalidValue(field: field, reason: "expected an array, found \(value.kindDescription)")
    }
  }

  /// An enum written as its raw string.
  public static func value<Value: RawRepresentable>(
    _ value: JSONValue, _ field: String, as type: Value.Type = Value.self
  ) throws(WireDecodingError) -> Value? where Value.RawValue == String {
    guard let raw = try string(value, field) else { return nil }
    guard let result = Value(rawValue: raw) else {
      throw .invalidValue(field: field, reason: "unknown value \(value.kindDescription)")
    }
    return result
  }

  /// An enum written as its raw number.
  public static func value<Value: RawRepresentable>(
    _ value: JSONValue, _ field: String, as type: Value.Type = Value.self
  ) throws(WireDecodingError) -> Value? where Value.RawValue == Int {
    guard let raw = try int(value, field) else { return nil }
    guard let result = Value(rawValue: raw) else {
      throw .invalidValue(field: field, reason: "unknown value \(value.kindDescription)")
    }
    return result
  }

  /// The value of a field Apple always sends, or `missingField`.
  public static func required<Value>(_ value: Value?, _ field: String) throws(WireDecodingError)
    -> Value
  {
    guard let value else { throw .missingField(field) }
    return value
  }
}
