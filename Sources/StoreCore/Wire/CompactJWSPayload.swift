import Foundation

/// Reads the payload segment of a compact JWS without checking anything: for data storeterm
/// signed and stored itself, where the signature was checked when it was made.
public enum CompactJWSPayload {
  /// The decoded bytes of the middle segment, or nil when `jws` is not three base64url segments.
  public static func bytes(of jws: String) -> [UInt8]? {
    let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3 else { return nil }
    var base64 = String(segments[1]).replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64).map(Array.init)
  }
}
