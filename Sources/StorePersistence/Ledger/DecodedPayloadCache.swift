import StoreCore
import Synchronization

/// Decoded transaction payloads by the text a row stores for their JWS (`payload.signature`, or
/// the whole JWS in rows from before `JWSHeaderSchema`).
///
/// A stored JWS never changes meaning, so decoding it once per process is enough; screens and
/// commands read the same transactions over and over. The header plays no part in the payload,
/// so the stored text identifies it as well as the whole JWS does, and is a quarter as long to
/// hash and compare.
public enum DecodedPayloadCache {
  /// Entries kept before the cache starts over (a few megabytes).
  static let capacity = 20_000

  private static let entries = Mutex<[String: JWSTransactionDecodedPayload]>([:])

  /// The payload stored as `key`, decoded by `decode` the first time.
  public static func payload(
    for key: String, decode: () throws -> JWSTransactionDecodedPayload
  ) rethrows -> JWSTransactionDecodedPayload {
    if let cached = entries.withLock({ $0[key] }) { return cached }
    let payload = try decode()
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = payload
    }
    return payload
  }
}
