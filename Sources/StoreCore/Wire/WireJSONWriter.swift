import Foundation

/// Writes one JSON object as compact UTF-8 bytes, members in the order written.
///
/// Wire payloads are signed on every purchase and renewal, so this writes bytes directly instead
/// of building a `JSONValue` tree first. `nil` values are left out, as Apple leaves them out.
public struct WireJSONWriter: Sendable {
  /// The bytes written so far (an unfinished object until `finish()`).
  public private(set) var bytes: [UInt8]
  private var isEmpty = true

  /// Starts an object; `capacity` is a hint for the final size.
  public init(capacity: Int = 768) {
    bytes = []
    bytes.reserveCapacity(capacity)
    bytes.append(UInt8(ascii: "{"))
  }

  /// Closes the object and returns its bytes.
  public mutating func finish() -> [UInt8] {
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// Writes a string member.
  public mutating func write(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    writeKey(key)
    writeString(value)
  }

  /// Writes an integer member (dates in epoch milliseconds, prices in milliunits).
  public mutating func write(_ key: StaticString, _ value: Int64?) {
    guard let value else { return }
    writeKey(key)
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes an integer member.
  public mutating func write(_ key: StaticString, _ value: Int?) {
    write(key, value.map { Int64($0) })
  }

  /// Writes a boolean member.
  public mutating func write(_ key: StaticString, _ value: Bool?) {
    guard let value else { return }
    writeKey(key)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes a UUID member as Apple does: the lowercase hyphenated string.
  public mutating func write(_ key: StaticString, _ value: UUID?) {
    guard let value else { return }
    writeKey(key)
    // Formatted by hand: `uuidString.lowercased()` allocates twice per UUID on every signature.
    let hex: StaticString = "0123456789abcdef"
    bytes.append(UInt8(ascii: "\""))
    withUnsafeBytes(of: value.uuid) { uuid in
      hex.withUTF8Buffer { digits in
        for (index, byte) in uuid.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            bytes.append(UInt8(ascii: "-"))
          }
          bytes.append(digits[Int(byte >> 4)])
          bytes.append(digits[Int(byte & 0x0F)])
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes binary data as standard base64 with padding.
  public mutating func write(_ key: StaticString, base64 value: Data?) {
    write(key, value.map { $0.base64EncodedString() })
  }

  /// Writes an array of strings.
  public mutating func write(_ key: StaticString, _ value: [String]?) {
    guard let value else { return }
    writeKey(key)
    bytes.append(UInt8(ascii: "["))
    for (index, element) in value.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      writeString(element)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes an enum by its raw string.
  public mutating func write<Value: RawRepresentable>(_ key: StaticString, _ value: Value?)
  where Value.RawValue == String {
    write(key, value?.rawValue)
  }

  /// Writes an enum by its raw number.
  public mutating func write<Value: RawRepresentable>(_ key: StaticString, _ value: Value?)
  where Value.RawValue == Int {
    write(key, value?.rawValue)
  }

  /// Writes a member whose value is an already encoded JSON object.
  public mutating func write(_ key: StaticString, object: [UInt8]?) {
    guard let object else { return }
    writeKey(key)
    bytes.append(contentsOf: object)
  }

  /// Keys are Apple's field names, plain ASCII identifiers, so they are copied without escaping.
  private mutating func writeKey(_ key: StaticString) {
    if !isEmpty { bytes.append(UInt8(ascii: ",")) }
    isEmpty = false
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
  }

  private mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Fast path: IDs, dates and codes never need escaping, so copy them whole.
    let clean =
      text.utf8.withContiguousStorageIfAvailable {
        JSONEscapeScan.firstEscape(in: $0, from: 0) == $0.count
      } ?? !text.utf8.contains(where: JSONEscapeScan.needsEscape)
    if clean {
      bytes.append(contentsOf: text.utf8)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
