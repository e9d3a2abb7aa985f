import StoreCore

/// A compact JWS split into its three decoded parts: `header.payload.signature`.
public struct CompactJWS: Sendable, Equatable {
  /// The header's JSON bytes.
  public var header: [UInt8]
  /// The payload's JSON bytes.
  public var payload: [UInt8]
  /// The signature bytes (64 for ES256).
  public var signature: [UInt8]
  /// The ASCII text that was signed: the first two segments and the dot between them.
  public var signingInput: [UInt8]

  /// Splits and base64url-decodes `text`; `nil` unless it is exactly three strict segments.
  public init?(parsing text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard let (first, second) = bytes.withUnsafeBufferPointer(CompactJWSDots.find) else {
      return nil
    }
    guard let header = Base64.urlDecode(bytes[..<first]),
      let payload = Base64.urlDecode(bytes[(first + 1)..<second]),
      let signature = Base64.urlDecode(bytes[(second + 1)...])
    else { return nil }
    self.header = header
    self.payload = payload
    self.signature = signature
    signingInput = Array(bytes[..<second])
  }

  /// Assembles a compact JWS from its decoded parts.
  public static func serialize(header: [UInt8], payload: [UInt8], signature: [UInt8]) -> String {
    let text =
      Base64.urlEncodeBytes(header) + [UInt8(ascii: ".")] + Base64.urlEncodeBytes(payload)
      + [UInt8(ascii: ".")] + Base64.urlEncodeBytes(signature)
    return String(decoding: text, as: UTF8.self)
  }
}
