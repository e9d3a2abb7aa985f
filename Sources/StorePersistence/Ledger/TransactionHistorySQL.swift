import StoreCore

/// The statements the server's history endpoints read a customer's signed transactions with,
/// a page's worth at a time from `HistoryReadSchema`'s indexes; the same text for SQLite and
/// PostgreSQL (SQLite numbers `$1`…`$4` by first appearance, as PostgreSQL does by name).
///
/// Each selects `id`, `jws`, `jws_header` (NULL unless the row names a header) and
/// `history_form` (NULL for rows written before `HistoryFormSchema`, or whose payload has no
/// form). Each partial index's condition is written out: SQLite uses one only when the query
/// states it.
public enum TransactionHistorySQL {
  /// A statement and the integers bound to its parameters, in order.
  public typealias Query = (sql: String, parameters: [Int64])

  /// The read `cursor` describes, of the customer of transaction `id`.
  public static func read(record id: UInt64, _ cursor: TransactionHistoryCursor) -> Query {
    (select(cursor), parameters(record: id, cursor: cursor))
  }

  /// The signed transaction `id` alone.
  public static func readOne(id: UInt64) -> Query {
    (
      "SELECT id, jws, jws_header, history_form FROM transactions WHERE id = $1 AND jws IS NOT NULL",
      [Int64(clamping: id)]
    )
  }

  /// The statement for the read `cursor` describes.
  static func select(_ cursor: TransactionHistoryCursor) -> String {
    switch (cursor.order, cursor.descending) {
    case (.purchaseDate, false):
      """
      SELECT id, jws, jws_header, history_form FROM transactions
      WHERE customer_id = (SELECT customer_id FROM transactions WHERE id = $1)
        AND jws IS NOT NULL AND (purchase_date_ms, id) > ($2, $3)
      ORDER BY purchase_date_ms, id LIMIT $4
      """
    case (.purchaseDate, true):
      """
      SELECT id, jws, jws_header, history_form FROM transactions
      WHERE customer_id = (SELECT customer_id FROM transactions WHERE id = $1)
        AND jws IS NOT NULL AND (purchase_date_ms, id) < ($2, $3)
      ORDER BY purchase_date_ms DESC, id DESC LIMIT $4
      """
    case (.revocationDate, false):
      """
      SELECT id, jws, jws_header, history_form FROM transactions
      WHERE customer_id = (SELECT customer_id FROM transactions WHERE id = $1)
        AND revocation_date_ms IS NOT NULL AND jws IS NOT NULL
        AND (revocation_date_ms, id) > ($2, $3)
      ORDER BY revocation_date_ms, id LIMIT $4
      """
    case (.revocationDate, true):
      """
      SELECT id, jws, jws_header, history_form FROM transactions
      WHERE customer_id = (SELECT customer_id FROM transactions WHERE id = $1)
        AND revocation_date_ms IS NOT NULL AND jws IS NOT NULL
        AND (revocation_date_ms, id) < ($2, $3)
      ORDER BY revocation_date_ms DESC, id DESC LIMIT $4
      """
    }
  }

  /// The values of ``select(_:)``'s parameters: the transaction whose customer is read, where
  /// the read resumes (before everything when it starts), how many it takes.
  static func parameters(record id: UInt64, cursor: TransactionHistoryCursor) -> [Int64] {
    // Identifiers are stored as 64-bit signed integers; a position past the largest one orders
    // as the largest one does.
    let start =
      cursor.after
      ?? TransactionHistoryCursor.Position(
        date: cursor.descending ? .max : .min, id: cursor.descending ? .max : 0)
    return [
      Int64(clamping: id), start.date, Int64(clamping: start.id), Int64(max(0, cursor.limit)),
    ]
  }
}
