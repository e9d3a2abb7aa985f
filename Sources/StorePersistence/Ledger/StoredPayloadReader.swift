import StoreCore

/// Reads the payload out of the text a `transactions` row stores in its `jws` column.
///
/// Straight from the column's bytes, without the JWS header the row names or a `String` of the
/// text. The one reader of stored payloads: the server's history endpoints read the facts of
/// ``payload(_:hasHeader:id:)``, and whole records decode ``json(_:hasHeader:id:)`` through
/// ``DecodedPayloadCache``; shared by the SQLite and PostgreSQL ledgers.
public enum StoredPayloadReader {
  /// The payload of row `id`, whose `jws` column holds `stored`: `payload.signature` when the
  /// row names its header (`hasHeader`), the whole JWS in rows from before `JWSHeaderSchema`.
  ///
  /// - Throws: `LedgerError.damagedRow` for text that is not such a JWS of a transaction.
  static func payload(
    _ stored: UnsafeBufferPointer<UInt8>, hasHeader: Bool, id: Int64
  ) throws -> StoredTransactionPayload {
    let json = try json(stored, hasHeader: hasHeader, id: id)
    return try decoding(id: id) { () throws(WireDecodingError) in
      try StoredTransactionPayload(jsonBytes: json)
    }
  }

  /// The payload of row `id` as the history reads read it: from its `history_form` column
  /// (`form`) when that holds a form, else from its `jws` column (`stored`) as
  /// ``payload(_:hasHeader:id:)`` reads it — rows from before the form's migration, and damaged
  /// forms, which are not trusted.
  public static func payload(
    form: UnsafeBufferPointer<UInt8>?, stored: UnsafeBufferPointer<UInt8>?, hasHeader: Bool,
    id: Int64
  ) throws -> StoredTransactionPayload {
    if let form, let payload = StoredTransactionPayload(historyForm: form) { return payload }
    return try payload(stored ?? .init(start: nil, count: 0), hasHeader: hasHeader, id: id)
  }

  /// ``payload(form:stored:hasHeader:id:)`` for columns read as strings.
  public static func payload(form: String?, stored: String, hasHeader: Bool, id: Int64) throws
    -> StoredTransactionPayload
  {
    var stored = stored
    return try stored.withUTF8 { stored in
      guard var form else {
        return try payload(form: nil, stored: stored, hasHeader: hasHeader, id: id)
      }
      return try form.withUTF8 {
        try payload(form: $0, stored: stored, hasHeader: hasHeader, id: id)
      }
    }
  }

  /// The `history_form` column's value for a row storing the compact JWS `jws`; nil (NULL)
  /// when its payload is not of storeterm's writer's shape, which is read from the JWS.
  public static func historyForm(ofJWS jws: String) -> String? {
    var jws = jws
    return jws.withUTF8 { bytes in
      guard let json = try? json(bytes, hasHeader: false, id: 0) else { return nil }
      return (try? StoredTransactionPayload(jsonBytes: json))?.historyForm
    }
  }

  /// The JSON bytes of the payload segment of `stored` (as ``payload(_:hasHeader:id:)`` reads
  /// it).
  ///
  /// - Throws: `LedgerError.damagedRow` for text that is not such a JWS.
  static func json(
    _ stored: UnsafeBufferPointer<UInt8>, hasHeader: Bool, id: Int64
  ) throws -> [UInt8] {
    let segment: Range<Int>
    if hasHeader {
      guard let dot = CompactJWSDots.single(in: stored) else { throw damaged(id, "not a JWS") }
      segment = 0..<dot
    } else {
      guard let (first, second) = CompactJWSDots.find(in: stored) else {
        throw damaged(id, "not a JWS")
      }
      segment = (first + 1)..<second
    }
    guard let json = Base64.urlDecode(UnsafeBufferPointer(rebasing: stored[segment])) else {
      throw damaged(id, "not a JWS")
    }
    return json
  }

  /// What `decode` reads, its error given as row `id`'s damage.
  static func decoding<Payload>(
    id: Int64, _ decode: () throws(WireDecodingError) -> Payload
  ) throws -> Payload {
    do {
      return try decode()
    } catch {
      throw damaged(id, "\(error)")
    }
  }

  /// Row `id` of `transactions` is damaged for `reason`.
  static func damaged(_ id: Int64, _ reason: String) -> LedgerError {
    .damagedRow(table: "transactions", id: String(id), reason: reason)
  }
}
