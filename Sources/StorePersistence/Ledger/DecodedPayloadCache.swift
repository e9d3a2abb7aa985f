import StoreCore
import Synchronization

/// Decoded transaction payloads by the text a row stores for their JWS (`payload.signature`, or
/// the whole JWS in rows from before `JWSHeaderSchema`).
///
/// A stored JWS never changes meaning, so decoding it once per process is enough; screens and
/// commands read the same transactions over and over. Entries are found by a tag of the text's
/// last bytes (its signature's, random for every signing), so a lookup hashes one word instead
/// of the whole text: on a big ledger most lookups miss, and hashing the text twice per miss
/// cost more than a sixth of a history request's time at 1,000,000 transactions. A hit still
/// compares the whole text, so two texts that share a tag only cost a decode.
public enum DecodedPayloadCache {
  /// Entries kept before the cache starts over (a few megabytes).
  static let capacity = 20_000

  private struct Entry {
    let text: String
    let payload: JWSTransactionDecodedPayload
  }

  // Room for every entry from the start: growing the table rehashed it into fresh pages.
  private static let entries = Mutex([UInt64: Entry](minimumCapacity: capacity))

  /// The payload stored as `key`, decoded by `decode` the first time.
  public static func payload(
    for key: String, decode: () throws -> JWSTransactionDecodedPayload
  ) rethrows -> JWSTransactionDecodedPayload {
    let tag = tag(of: key)
    if let entry = entries.withLock({ $0[tag] }), entry.text == key { return entry.payload }
    let payload = try decode()
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[tag] = Entry(text: key, payload: payload)
    }
    return payload
  }

  /// The signed transaction of `transactions` row `id` whose `jws` column holds `stored`,
  /// rebuilt with the header `headerID` names (found by `header`; none for rows from before
  /// `JWSHeaderSchema`, which store the whole JWS): its payload decoded once per process.
  ///
  /// - Throws: `LedgerError.damagedRow` for an unknown header or text that is not a JWS of a
  ///   transaction payload.
  public static func signedTransaction(
    stored: String, headerID: Int64?, id: Int64, header: (Int64) throws -> String?
  ) throws -> SignedTransaction {
    var jws = stored
    if let headerID {
      guard let header = try header(headerID) else {
        throw StoredPayloadReader.damaged(id, "unknown JWS header \(headerID)")
      }
      jws = header + "." + stored
    }
    // The payload does not depend on the header: the stored text is a shorter key.
    let payload = try payload(for: stored) {
      var text = stored
      let json = try text.withUTF8 {
        try StoredPayloadReader.json($0, hasHeader: headerID != nil, id: id)
      }
      return try StoredPayloadReader.decoding(id: id) { () throws(WireDecodingError) in
        try JWSTransactionDecodedPayload(jsonBytes: json)
      }
    }
    return SignedTransaction(jws: jws, payload: payload)
  }

  /// The text's length and its last 16 bytes folded into one word.
  static func tag(of text: String) -> UInt64 {
    var tag = UInt64(text.utf8.count)
    for byte in text.utf8.suffix(16) { tag = (tag &<< 5 | tag &>> 59) ^ UInt64(byte) }
    return tag
  }
}
