import Foundation

/// A Swift type that converts to and from one SQLite value, for binding and for typed column reads.
///
/// Conversions are strict: reading an `Int64` from a `TEXT` column fails rather than guessing, so a
/// schema mistake surfaces as an error that names the column instead of as a wrong number.
public protocol SQLiteValueConvertible {
  /// The value to bind for this Swift value.
  var sqliteValue: SQLiteValue { get }

  /// The Swift value stored in `value`, or `nil` when the storage class does not fit.
  init?(sqliteValue value: SQLiteValue)
}

extension SQLiteValue: SQLiteValueConvertible {
  /// The value itself.
  public var sqliteValue: SQLiteValue { self }

  /// Any value, unchanged.
  public init?(sqliteValue value: SQLiteValue) { self = value }
}

extension Int64: SQLiteValueConvertible {
  /// An `INTEGER`.
  public var sqliteValue: SQLiteValue { .integer(self) }

  /// Reads an `INTEGER` only.
  public init?(sqliteValue value: SQLiteValue) {
    guard case .integer(let number) = value else { return nil }
    self = number
  }
}

extension Int: SQLiteValueConvertible {
  /// An `INTEGER`.
  public var sqliteValue: SQLiteValue { .integer(Int64(self)) }

  /// Reads an `INTEGER` that fits in `Int`.
  public init?(sqliteValue value: SQLiteValue) {
    guard case .integer(let number) = value, let exact = Int(exactly: number) else { return nil }
    self = exact
  }
}

extension Double: SQLiteValueConvertible {
  /// A `REAL`.
  public var sqliteValue: SQLiteValue { .real(self) }

  /// Reads a `REAL`, or an `INTEGER` (SQLite stores whole-number reals as integers on disk).
  public init?(sqliteValue value: SQLiteValue) {
    switch value {
    case .real(let number): self = number
    case .integer(let number): self = Double(number)
    default: return nil
    }
  }
}

extension String: SQLiteValueConvertible {
  /// `TEXT`.
  public var sqliteValue: SQLiteValue { .text(self) }

  /// Reads `TEXT` only.
  public init?(sqliteValue value: SQLiteValue) {
    guard case .text(let text) = value else { return nil }
    self = text
  }
}

extension Data: SQLiteValueConvertible {
  /// A `BLOB`.
  public var sqliteValue: SQLiteValue { .blob(self) }

  /// Reads a `BLOB` only.
  public init?(sqliteValue value: SQLiteValue) {
    guard case .blob(let bytes) = value else { return nil }
    self = bytes
  }
}

extension Bool: SQLiteValueConvertible {
  /// The integer 1 or 0.
  public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }

  /// Reads the integer 0 as `false` and 1 as `true`; anything else does not fit.
  public init?(sqliteValue value: SQLiteValue) {
    switch value {
    case .integer(0): self = false
    case .integer(1): self = true
    default: return nil
    }
  }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
  /// `NULL` for `nil`, else the wrapped value.
  public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }

  /// `nil` for `NULL`, else the wrapped conversion (which must succeed).
  public init?(sqliteValue value: SQLiteValue) {
    if value == .null {
      self = .none
    } else if let wrapped = Wrapped(sqliteValue: value) {
      self = .some(wrapped)
    } else {
      return nil
    }
  }
}
