import Foundation
import StoreCore
import StorePersistence

extension PostgresLedger {
  /// The customer's records in `scope`, in identifier order.
  func records(
    customerID: String, scope: RecordScope = .all, db: PostgresConnection
  ) throws -> [TransactionRecord] {
    let customer = PostgresValue.text(customerID)
    let read = { (row: PostgresRow) in try self.record(row, db: db) }
    switch scope {
    case .none:
      return []
    case .all:
      return try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1 ORDER BY id", [customer]
      ).map(read)
    case .product(let productID, let groupID):
      return try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1"
          + " AND (product_id = $2 OR group_id = $3) ORDER BY id",
        [customer, .text(productID), PostgresValue(groupID)]
      ).map(read)
    case .record(let id):
      return try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1 AND id = $2",
        [customer, .integer(Int64(id))]
      ).map(read)
    case .chain(let original):
      // As on SQLite: the latest renewal of the chain, else the original itself.
      let original = PostgresValue.integer(Int64(original))
      let latest =
        try db.fetchOne(
          "SELECT * FROM transactions WHERE original_id = $1 AND original_id <> id"
            + " AND customer_id = $2 ORDER BY id DESC LIMIT 1",
          [original, customer])
        ?? db.fetchOne(
          "SELECT * FROM transactions WHERE id = $1 AND original_id = $1 AND customer_id = $2",
          [original, customer])
      return try latest.map { [try read($0)] } ?? []
    }
  }

  static func customer(_ row: PostgresRow) throws -> Customer {
    let id = try row.string("id")
    guard let deviceID = UUID(uuidString: try row.string("device_verification_id")) else {
      throw LedgerError.damagedRow(table: "customers", id: id, reason: "bad device verification ID")
    }
    return Customer(
      id: id, name: try row.string("name"), email: try row.string("email"),
      storefront: try row.string("storefront"), familyGroup: try row.text("family_group"),
      deviceVerificationID: deviceID,
      createdDate: Date(epochMilliseconds: try row.int64("created_ms")))
  }

  /// The record in a `transactions` row, its JWS rebuilt from `jws_header`.
  func record(_ row: PostgresRow, db: PostgresConnection) throws -> TransactionRecord {
    let id = try row.int64("id")
    let stateName = try row.string("state")
    guard let state = TransactionRecord.State(rawValue: stateName) else {
      throw LedgerError.damagedRow(
        table: "transactions", id: String(id), reason: "unknown state \(stateName)")
    }
    let signed = try row.text("jws").map { stored in
      try DecodedPayloadCache.signedTransaction(
        stored: stored, headerID: try row.integer("jws_header"), id: id
      ) { try headers.header($0, db: db) }
    }
    return TransactionRecord(
      id: UInt64(id), customerID: try row.string("customer_id"),
      productID: try row.string("product_id"), state: state,
      request: PurchaseRequest(
        quantity: Int(try row.int64("quantity")),
        appAccountToken: try row.text("app_account_token").flatMap(UUID.init(uuidString:)),
        offer: try row.text("offer")),
      signed: signed, isFinished: try row.int64("finished") != 0,
      createdDate: Date(epochMilliseconds: try row.int64("created_ms")),
      sharedFromID: try row.integer("shared_from").map(UInt64.init))
  }

  static func event(_ row: PostgresRow) throws -> StoreEvent {
    let kindName = try row.string("kind")
    let sequence = try row.int64("seq")
    guard let kind = StoreEvent.Kind(rawValue: kindName) else {
      throw LedgerError.damagedRow(
        table: "events", id: String(sequence), reason: "unknown kind \(kindName)")
    }
    return StoreEvent(
      sequence: sequence, date: Date(epochMilliseconds: try row.int64("date_ms")),
      customerID: try row.string("customer_id"), kind: kind,
      transactionID: try row.integer("transaction_id").map(UInt64.init),
      productID: try row.text("product_id"), detail: try row.string("detail"))
  }

  /// Inserts `record`, leaving its `changed_seq` at 0 (readers find new rows by identifier).
  func insert(_ record: TransactionRecord, db: PostgresConnection) throws {
    try db.executeLater(
      """
      INSERT INTO transactions (id, customer_id, product_id, state, quantity, app_account_token,
        offer, jws, jws_header, original_id, product_type, group_id, purchase_date_ms,
        expires_date_ms, revocation_date_ms, finished, history_form, created_ms, shared_from)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
        $19)
      """,
      [.integer(Int64(record.id)), .text(record.customerID), .text(record.productID)]
        + mutableColumns(record, db: db)
        + [
          .integer(record.createdDate.epochMilliseconds),
          PostgresValue(record.sharedFromID.map { Int64($0) }),
        ])
  }

  /// Replaces `record`'s changeable columns, stamped with its commit's `stamp`.
  func update(_ record: TransactionRecord, stamp: Int64, db: PostgresConnection) throws {
    try db.executeLater(
      """
      UPDATE transactions SET state = $1, quantity = $2, app_account_token = $3, offer = $4,
        jws = $5, jws_header = $6, original_id = $7, product_type = $8, group_id = $9,
        purchase_date_ms = $10, expires_date_ms = $11, revocation_date_ms = $12, finished = $13,
        history_form = $14, changed_seq = $15
      WHERE id = $16
      """,
      mutableColumns(record, db: db) + [.integer(stamp), .integer(Int64(record.id))])
  }

  /// The columns `insert` and `update` both write, from `state` to `history_form`, in their
  /// order.
  private func mutableColumns(_ record: TransactionRecord, db: PostgresConnection) throws
    -> [PostgresValue]
  {
    let payload = record.signed?.payload
    let jws = try record.signed.map { try headers.storedForm(of: $0.jws, db: db) }
    return [
      .text(record.state.rawValue), .integer(Int64(record.request.quantity)),
      PostgresValue(record.request.appAccountToken?.uuidString),
      PostgresValue(record.request.offer), PostgresValue(jws?.jws), PostgresValue(jws?.headerID),
      PostgresValue(payload.flatMap { Int64($0.originalTransactionId) }),
      PostgresValue(payload?.type.rawValue), PostgresValue(payload?.subscriptionGroupIdentifier),
      PostgresValue(payload?.purchaseDate), PostgresValue(payload?.expiresDate),
      PostgresValue(payload?.revocationDate), .integer(record.isFinished ? 1 : 0),
      PostgresValue(record.signed.flatMap { StoredPayloadReader.historyForm(ofJWS: $0.jws) }),
    ]
  }

  /// Appends `event` and returns its sequence.
  static func append(_ event: StoreEvent, db: PostgresConnection) throws -> Int64 {
    let row = try db.fetchOne(
      """
      INSERT INTO events (date_ms, customer_id, kind, transaction_id, product_id, detail)
      VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq
      """,
      [
        .integer(event.date.epochMilliseconds), .text(event.customerID),
        .text(event.kind.rawValue), PostgresValue(event.transactionID.map { Int64($0) }),
        PostgresValue(event.productID), .text(event.detail),
      ])
    return try row?.int64("seq") ?? 0
  }

  /// Appends `event` with the next round trip (an outbox row after it reads its sequence as
  /// the identity's `currval`).
  static func appendLater(_ event: StoreEvent, db: PostgresConnection) throws {
    try db.executeLater(
      """
      INSERT INTO events (date_ms, customer_id, kind, transaction_id, product_id, detail)
      VALUES ($1, $2, $3, $4, $5, $6)
      """,
      [
        .integer(event.date.epochMilliseconds), .text(event.customerID),
        .text(event.kind.rawValue), PostgresValue(event.transactionID.map { Int64($0) }),
        PostgresValue(event.productID), .text(event.detail),
      ])
  }

  /// The stamp of the commit under way: one past the newest event's sequence (the writers'
  /// lock is held, so no other commit can take a higher one before this one ends).
  static func changeStamp(_ db: PostgresConnection) throws -> Int64 {
    try newestEventSequence(db) + 1
  }

  /// The sequence of the newest event, 0 when there is none.
  static func newestEventSequence(_ db: PostgresConnection) throws -> Int64 {
    try db.fetchOne("SELECT coalesce(max(seq), 0) AS newest FROM events")?.int64("newest") ?? 0
  }

  /// Deletes record `id` and leaves a tombstone stamped `stamp` for readers.
  static func delete(_ id: UInt64, stamp: Int64, db: PostgresConnection) throws {
    try db.execute("DELETE FROM transactions WHERE id = $1", [.integer(Int64(id))])
    try db.execute(
      """
      INSERT INTO deleted_transactions (id, deleted_seq) VALUES ($1, $2)
      ON CONFLICT (id) DO UPDATE SET deleted_seq = excluded.deleted_seq
      """, [.integer(Int64(id)), .integer(stamp)])
  }

  /// Records that every record was removed by the commit stamped `stamp`.
  static func recordCleared(stamp: Int64, db: PostgresConnection) throws {
    try db.execute(
      "UPDATE counters SET value = $1 WHERE name = 'transactions_cleared_seq'", [.integer(stamp)])
    try db.execute("DELETE FROM deleted_transactions")
  }
}
