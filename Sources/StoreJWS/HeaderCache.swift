import Foundation
import StoreCore
import Synchronization

/// Recently seen JWS header segments, parsed, with the SHA-256 state after `header.`.
///
/// Every token from one signer carries the same ~2.5 KB header, so parsing it (base64url, JSON,
/// two base64 certificates) once instead of per token is most of the cost of a cached verify.
/// This memoizes parsing only; trust is still decided for every token by `ChainVerifier`.
final class HeaderCache: Sendable {
  /// One parsed header segment.
  final class Entry: Sendable {
    let segment: [UInt8]
    let header: JWSHeader
    let prefixHash: SHA256Prefix?

    init(segment: [UInt8], header: JWSHeader) {
      self.segment = segment
      self.header = header
      prefixHash = (segment + [UInt8(ascii: ".")]).withUnsafeBytes { SHA256Prefix(prefix: $0) }
    }

    func matches(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
      guard segment.count == other.count else { return false }
      return segment.withUnsafeBufferPointer { mine in
        guard let left = mine.baseAddress, let right = other.baseAddress else { return true }
        return memcmp(left, right, other.count) == 0
      }
    }
  }

  /// Few signers exist at once; a small list compared with `memcmp` beats hashing 2.5 KB.
  private static let limit = 8
  /// Larger headers are parsed but not kept, so hostile input cannot pin megabytes in memory.
  private static let largestCachedSegment = 16 * 1024
  private let entries = Mutex<[Entry]>([])

  /// The parsed header for `segment`, or `nil` if it is not base64url of a JSON object.
  func entry(for segment: UnsafeBufferPointer<UInt8>) -> Entry? {
    if let hit = entries.withLock({ $0.first { $0.matches(segment) } }) { return hit }
    guard let json = Base64.urlDecode(segment), let header = JWSHeader(jsonBytes: json) else {
      return nil
    }
    let entry = Entry(segment: Array(segment), header: header)
    guard segment.count <= Self.largestCachedSegment else { return entry }
    entries.withLock { entries in
      if entries.count >= Self.limit { entries.removeFirst() }
      entries.append(entry)
    }
    return entry
  }
}
