import Foundation

/// Reads a UUID from its 36-character text, as `UUID(uuidString:)` accepts it, without the
/// C `sscanf` Foundation uses on Linux: that was a sixth of decoding a transaction payload, and
/// a history page decodes ten.
public enum UUIDText {
  /// The UUID written as `text` (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, either case), or nil.
  public static func parse(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { parse(bytes: $0) }
  }

  /// The UUID written as the UTF-8 `bytes`, or nil.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard bytes.count == 36 else { return nil }
    var value = [UInt8](repeating: 0, count: 16)
    var byte = 0
    var index = 0
    while index < 36 {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard bytes[index] == UInt8(ascii: "-") else { return nil }
        index += 1
        continue
      }
      guard let high = JSONGrammar.hexValue(bytes[index]),
        let low = JSONGrammar.hexValue(bytes[index + 1])
      else {
        return nil
      }
      value[byte] = high << 4 | low
      byte += 1
      index += 2
    }
    return UUID(
      uuid: (
        value[0], value[1], value[2], value[3], value[4], value[5], value[6], value[7], value[8],
        value[9], value[10], value[11], value[12], value[13], value[14], value[15]
      ))
  }

}
