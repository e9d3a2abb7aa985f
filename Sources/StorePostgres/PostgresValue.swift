import Foundation

/// A value bound to a statement's `$n` placeholder, sent in PostgreSQL's text format.
public enum PostgresValue: Sendable, Equatable {
  /// SQL NULL.
  case null
  /// Text.
  case text(String)
  /// A 64-bit integer (`bigint`).
  case integer(Int64)
  /// Bytes (`bytea`), sent as its hexadecimal text form.
  case bytes([UInt8])

  /// Text, or NULL for nil.
  public init(_ value: String?) { self = value.map { .text($0) } ?? .null }

  /// An integer, or NULL for nil.
  public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }

  /// The text libpq sends, nil for NULL.
  var wireText: String? {
    switch self {
    case .null: nil
    case .text(let text): text
    case .integer(let value): String(value)
    case .bytes(let bytes): "\\x" + bytes.map { String(format: "%02x", $0) }.joined()
    }
  }
}

/// One row of a result, its values in PostgreSQL's text format (nil for NULL).
public struct PostgresRow: Sendable {
  /// The column names, in order.
  public let columns: [String]
  /// The values, in column order.
  public let values: [String?]

  /// The index of column `name`.
  func index(_ name: String) throws -> Int {
    guard let index = columns.firstIndex(of: name) else {
      throw PostgresError(.statement, "the result has no column \(name)")
    }
    return index
  }

  /// The text in column `name`, nil for NULL.
  public func text(_ name: String) throws -> String? { values[try index(name)] }

  /// The text at `index`, nil for NULL.
  public func text(at index: Int) -> String? { index < values.count ? values[index] : nil }

  /// The non-NULL text in column `name`.
  public func string(_ name: String) throws -> String {
    guard let value = try text(name) else {
      throw PostgresError(.statement, "column \(name) is NULL where a value was expected")
    }
    return value
  }

  /// The integer in column `name`, nil for NULL.
  public func integer(_ name: String) throws -> Int64? {
    try integer(at: try index(name), name: name)
  }

  /// The integer at `index`, nil for NULL.
  public func integer(at index: Int, name: String? = nil) throws -> Int64? {
    guard let text = text(at: index) else { return nil }
    guard let value = Int64(text) else {
      throw PostgresError(.statement, "column \(name ?? String(index)) holds no integer")
    }
    return value
  }

  /// The non-NULL integer in column `name`.
  public func int64(_ name: String) throws -> Int64 {
    guard let value = try integer(name) else {
      throw PostgresError(.statement, "column \(name) is NULL where a number was expected")
    }
    return value
  }

  /// The bytes of a `bytea` column `name` (hexadecimal text form), nil for NULL.
  public func bytes(_ name: String) throws -> [UInt8]? {
    guard let text = try text(name) else { return nil }
    guard text.hasPrefix("\\x"), text.utf8.count % 2 == 0 else {
      throw PostgresError(.statement, "column \(name) holds no bytes")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count / 2 - 1)
    var high: UInt8?
    for character in text.utf8.dropFirst(2) {
      guard let nibble = Self.nibble(character) else {
        throw PostgresError(.statement, "column \(name) holds no bytes")
      }
      if let value = high {
        bytes.append(value << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    return bytes
  }

  private static func nibble(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
