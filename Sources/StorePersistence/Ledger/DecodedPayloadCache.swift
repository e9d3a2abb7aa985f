import StoreCore
import Synchronization

/// Decoded transaction payloads by their JWS.
///
/// A stored JWS never changes meaning, so decoding it once per process is enough; screens and
/// commands read the same transactions over and over.
enum DecodedPayloadCache {
  /// Entries kept before the cache starts over (a few megabytes).
  static let capacity = 20_000

  private static let entries = Mutex<[String: JWSTransactionDecodedPayload]>([:])

  /// The payload of `jws`, decoded by `decode` the first time.
  static func payload(
    for jws: String, decode: () throws -> JWSTransactionDecodedPayload
  ) rethrows -> JWSTransactionDecodedPayload {
    if let cached = entries.withLock({ $0[jws] }) { return cached }
    let payload = try decode()
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[jws] = payload
    }
    return payload
  }
}
