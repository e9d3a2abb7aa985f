import Foundation

/// Reads the payload segment of a compact JWS without checking anything: for data storeterm
/// signed and stored itself, where the signature was checked when it was made.
public enum CompactJWSPayload {
  /// The decoded bytes of the middle segment, or nil when `jws` is not three base64url segments.
  public static func bytes(of jws: String) -> [UInt8]? {
    var jws = jws
    return jws.withUTF8 { bytes -> [UInt8]? in
      // Over the contiguous UTF-8: splitting the String walked its 3.5 kB one Character at a
      // time, most of the cost of reading a ledger's records (the terminal UI's first snapshot
      // decodes every one).
      guard let (first, second) = CompactJWSDots.find(in: bytes) else { return nil }
      var base64 = [UInt8]()
      base64.reserveCapacity(second - first + 3)
      for byte in bytes[(first + 1)..<second] {
        switch byte {
        case UInt8(ascii: "-"): base64.append(UInt8(ascii: "+"))
        case UInt8(ascii: "_"): base64.append(UInt8(ascii: "/"))
        default: base64.append(byte)
        }
      }
      base64 += repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
      return Data(base64Encoded: Data(base64)).map(Array.init)
    }
  }
}
