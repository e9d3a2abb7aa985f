import Foundation

/// Reads the payload segment of a compact JWS without checking anything: for data storeterm
/// signed and stored itself, where the signature was checked when it was made.
public enum CompactJWSPayload {
  /// The decoded bytes of the middle segment, or nil when `jws` is not three base64url segments.
  public static func bytes(of jws: String) -> [UInt8]? {
    let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3 else { return nil }
    // Byte by byte: Foundation's `replacingOccurrences` made this most of the cost of reading
    // a ledger's records (the terminal UI's first snapshot decodes every one).
    var base64 = segments[1].utf8.map { byte in
      switch byte {
      case UInt8(ascii: "-"): UInt8(ascii: "+")
      case UInt8(ascii: "_"): UInt8(ascii: "/")
      default: byte
      }
    }
    base64 += repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: Data(base64)).map(Array.init)
  }
}
