import Foundation

/// One SQLite value: what a statement binds to a `?` and what a column holds.
///
/// The cases are SQLite's five storage classes. Literals make argument lists short:
/// `[1, "gold", 0.5, nil, .blob(data)]`.
public enum SQLiteValue: Sendable, Hashable {
  /// SQL `NULL`.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An IEEE 754 double.
  case real(Double)
  /// UTF-8 text; may contain embedded NUL characters.
  case text(String)
  /// Raw bytes; an empty blob stays a blob and never becomes `NULL`.
  case blob(Data)

  /// The storage class name SQLite's `typeof()` reports: `null`, `integer`, `real`, `text`, `blob`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .integer: "integer"
    case .real: "real"
    case .text: "text"
    case .blob: "blob"
    }
  }

  /// Whether the value is SQL `NULL`.
  public var isNull: Bool { self == .null }

  /// The value of any convertible Swift value, `NULL` for `nil`.
  public init(_ value: (some SQLiteValueConvertible)?) {
    self = value?.sqliteValue ?? .null
  }
}

extension SQLiteValue: ExpressibleByNilLiteral {
  /// `nil` binds SQL `NULL`.
  public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
  /// An integer literal binds an `INTEGER`.
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
  /// A floating-point literal binds a `REAL`.
  public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue: ExpressibleByStringLiteral {
  /// A string literal binds `TEXT`.
  public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue: ExpressibleByBooleanLiteral {
  /// A Boolean literal binds the integer 1 or 0, as SQLite stores Booleans.
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
