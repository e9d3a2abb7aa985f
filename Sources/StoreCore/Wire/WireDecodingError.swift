/// Why a JSON document is not a valid wire payload, naming the field at fault.
public enum WireDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The document, or the named member, is not a JSON object.
  case notAnObject(field: String)
  /// A field that Apple always sends is absent (or `null`).
  case missingField(String)
  /// A field is present with a value of the wrong JSON type or outside its enum.
  case invalidValue(field: String, reason: String)

  /// One sentence naming the field, for CLI output.
  public var description: String {
    switch self {
    case .notAnObject(let field): "\(field) is not a JSON object"
    case .missingField(let field): "the required field \(field) is missing"
    case .invalidValue(let field, let reason): "\(field): \(reason)"
    }
  }
}
