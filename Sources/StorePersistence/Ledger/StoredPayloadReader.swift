import StoreCore

/// Reads the payload out of the text a `transactions` row stores in its `jws` column.
///
/// For the server's history endpoints: straight from the column's bytes, without the JWS header
/// the row names or a `String` of the text. Shared by the SQLite and PostgreSQL ledgers.
public enum StoredPayloadReader {
  /// The payload of row `id`, whose `jws` column holds `stored`: `payload.signature` when the
  /// row names its header (`hasHeader`), the whole JWS in rows from before `JWSHeaderSchema`.
  ///
  /// - Throws: `LedgerError.damagedRow` for text that is not such a JWS of a transaction.
  public static func payload(
    _ stored: UnsafeBufferPointer<UInt8>, hasHeader: Bool, id: Int64
  ) throws -> StoredTransactionPayload {
    func damaged(_ reason: String) -> LedgerError {
      .damagedRow(table: "transactions", id: String(id), reason: reason)
    }
    let segment: Range<Int>
    if hasHeader {
      guard let dot = CompactJWSDots.single(in: stored) else { throw damaged("not a JWS") }
      segment = 0..<dot
    } else {
      guard let (first, second) = CompactJWSDots.find(in: stored) else {
        throw damaged("not a JWS")
      }
      segment = (first + 1)..<second
    }
    guard let json = Base64.urlDecode(UnsafeBufferPointer(rebasing: stored[segment])) else {
      throw damaged("not a JWS")
    }
    do {
      return try StoredTransactionPayload(jsonBytes: json)
    } catch {
      throw damaged("\(error)")
    }
  }
}
