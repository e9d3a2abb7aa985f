#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the two dots of a compact JWS (`header.payload.signature`) are.
///
/// One search for every reader of a token (the verifier, the splitter, the stored-payload
/// reader). It uses `memchr`: a generic `firstIndex(of:)` over a slice was a tenth of the time a
/// debug build spent verifying a ledger's transactions.
public enum CompactJWSDots {
  /// The offsets of the first and second dot, or nil unless `bytes` has exactly two.
  public static func find(in bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, second: Int)? {
    guard let base = bytes.baseAddress, let first = offset(of: base, from: 0, count: bytes.count),
      let second = offset(of: base, from: first + 1, count: bytes.count),
      offset(of: base, from: second + 1, count: bytes.count) == nil
    else { return nil }
    return (first, second)
  }

  /// The offset of the one dot of `bytes` (a JWS without its header), or nil unless it has
  /// exactly one.
  public static func single(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress, let dot = offset(of: base, from: 0, count: bytes.count),
      offset(of: base, from: dot + 1, count: bytes.count) == nil
    else { return nil }
    return dot
  }

  /// The offset of the first dot at or after `start`, or nil.
  private static func offset(of base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
    guard start < count,
      let found = memchr(base + start, Int32(UInt8(ascii: ".")), count - start)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }
}
