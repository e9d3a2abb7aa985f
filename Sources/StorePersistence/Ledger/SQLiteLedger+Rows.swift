import Foundation
import StoreCore

extension SQLiteLedger {
  /// The customer's records in `scope`, in identifier order, their JWS rebuilt through
  /// `headers`.
  static func records(
    customerID: String, scope: RecordScope = .all, headers: JWSHeaderStore, db: SQLiteConnection
  ) throws -> [TransactionRecord] {
    let customer = SQLiteValue.text(customerID)
    let read = { (row: Row) in try Self.record(row, headers: headers, db: db) }
    switch scope {
    case .none:
      return []
    case .all:
      return try db.fetchAll(
        "SELECT * FROM transactions WHERE customer_id = ? ORDER BY id", [customer]
      ).map(read)
    case .product(let productID, let groupID):
      return try db.fetchAll(
        "SELECT * FROM transactions WHERE customer_id = ? AND (product_id = ? OR group_id = ?)"
          + " ORDER BY id",
        [customer, .text(productID), SQLiteValue(groupID)]
      ).map(read)
    case .record(let id):
      return try db.fetchAll(
        "SELECT * FROM transactions WHERE customer_id = ? AND id = ?",
        [customer, .integer(Int64(id))]
      ).map(read)
    case .chain(let original):
      // The latest transaction of the chain is all a renewal or a control needs: the latest
      // renewal (the only rows the index by original transaction ID holds), else the original.
      let original = SQLiteValue.integer(Int64(original))
      let latest =
        try db.fetchOne(
          "SELECT * FROM transactions WHERE original_id = ? AND original_id <> id"
            + " AND customer_id = ? ORDER BY original_id DESC, id DESC LIMIT 1",
          [original, customer])
        ?? db.fetchOne(
          "SELECT * FROM transactions WHERE id = ?1 AND original_id = ?1 AND customer_id = ?2",
          [original, customer])
      return try latest.map { [try read($0)] } ?? []
    }
  }

  static func customer(_ row: Row) throws -> Customer {
    let id = try row.get(String.self, "id")
    let device = try row.get(String.self, "device_verification_id")
    guard let deviceID = UUIDText.parse(device) else {
      throw LedgerError.damagedRow(table: "customers", id: id, reason: "bad device verification ID")
    }
    return Customer(
      id: id, name: try row.get(String.self, "name"), email: try row.get(String.self, "email"),
      storefront: try row.get(String.self, "storefront"),
      familyGroup: try row.get(String?.self, "family_group"),
      deviceVerificationID: deviceID,
      createdDate: Date(epochMilliseconds: try row.get(Int64.self, "created_ms")))
  }

  /// The record in a `transactions` row, its JWS rebuilt from `jws_header` through `headers`.
  static func record(
    _ row: Row, headers: JWSHeaderStore, db: SQLiteConnection
  ) throws -> TransactionRecord {
    let id = try row.get(Int64.self, "id")
    let stateName = try row.get(String.self, "state")
    guard let state = TransactionRecord.State(rawValue: stateName) else {
      throw LedgerError.damagedRow(
        table: "transactions", id: String(id), reason: "unknown state \(stateName)")
    }
    let signed = try row.get(String?.self, "jws").map { stored in
      try DecodedPayloadCache.signedTransaction(
        stored: stored, headerID: try row.get(Int64?.self, "jws_header"), id: id
      ) { try headers.header($0, db: db) }
    }
    let token = try row.get(String?.self, "app_account_token").flatMap(UUIDText.parse)
    return TransactionRecord(
      id: UInt64(id), customerID: try row.get(String.self, "customer_id"),
      productID: try row.get(String.self, "product_id"), state: state,
      request: PurchaseRequest(
        quantity: Int(try row.get(Int64.self, "quantity")), appAccountToken: token,
        offer: try row.get(String?.self, "offer")),
      signed: signed, isFinished: try row.get(Int64.self, "finished") != 0,
      createdDate: Date(epochMilliseconds: try row.get(Int64.self, "created_ms")),
      sharedFromID: try row.get(Int64?.self, "shared_from").map(UInt64.init))
  }

  static func event(_ row: Row) throws -> StoreEvent {
    let kindName = try row.get(String.self, "kind")
    let sequence = try row.get(Int64.self, "seq")
    guard let kind = StoreEvent.Kind(rawValue: kindName) else {
      throw LedgerError.damagedRow(
        table: "events", id: String(sequence), reason: "unknown kind \(kindName)")
    }
    return StoreEvent(
      sequence: sequence, date: Date(epochMilliseconds: try row.get(Int64.self, "date_ms")),
      customerID: try row.get(String.self, "customer_id"), kind: kind,
      transactionID: try row.get(Int64?.self, "transaction_id").map(UInt64.init),
      productID: try row.get(String?.self, "product_id"),
      detail: try row.get(String.self, "detail"))
  }

  /// Inserts `record`, leaving its `changed_seq` at 0.
  ///
  /// Readers find new records by identifier (see `recordChanges`), so an insert writes nothing
  /// to the index of changes.
  static func insert(
    _ record: TransactionRecord, headers: JWSHeaderStore, db: SQLiteConnection
  ) throws {
    try db.execute(
      """
      INSERT INTO transactions (id, customer_id, product_id, state, quantity, app_account_token,
        offer, jws, jws_header, original_id, product_type, group_id, purchase_date_ms,
        expires_date_ms, revocation_date_ms, finished, history_form, created_ms, shared_from)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [.integer(Int64(record.id)), .text(record.customerID), .text(record.productID)]
        + mutableColumns(record, headers: headers, db: db)
        + [
          .integer(record.createdDate.epochMilliseconds),
          SQLiteValue(record.sharedFromID.map { Int64($0) }),
        ])
  }

  /// Replaces `record`'s changeable columns, stamped with its commit's `stamp`.
  static func update(
    _ record: TransactionRecord, stamp: Int64, headers: JWSHeaderStore, db: SQLiteConnection
  ) throws {
    try db.execute(
      """
      UPDATE transactions SET state = ?, quantity = ?, app_account_token = ?, offer = ?, jws = ?,
        jws_header = ?, original_id = ?, product_type = ?, group_id = ?, purchase_date_ms = ?,
        expires_date_ms = ?, revocation_date_ms = ?, finished = ?, history_form = ?,
        changed_seq = ?
      WHERE id = ?
      """,
      mutableColumns(record, headers: headers, db: db)
        + [.integer(stamp), .integer(Int64(record.id))])
  }

  /// The values of the `jws`, `jws_header` and `history_form` columns that store `jws`, inside a
  /// write on `queue`.
  ///
  /// For code that writes `transactions` rows by plain SQL (the benchmarks): they store what the
  /// ledger stores, and read back through it byte for byte.
  public func jwsColumns(storing jws: String, db: SQLiteConnection) throws -> [SQLiteValue] {
    let stored = try headers.storedForm(of: jws, db: db)
    return [
      .text(stored.jws), SQLiteValue(stored.headerID),
      SQLiteValue(StoredPayloadReader.historyForm(ofJWS: jws)),
    ]
  }

  /// The columns `insert` and `update` both write, from `state` to `history_form`, in their
  /// order.
  private static func mutableColumns(
    _ record: TransactionRecord, headers: JWSHeaderStore, db: SQLiteConnection
  ) throws -> [SQLiteValue] {
    let payload = record.signed?.payload
    let jws = try record.signed.map { try headers.storedForm(of: $0.jws, db: db) }
    return [
      .text(record.state.rawValue), .integer(Int64(record.request.quantity)),
      SQLiteValue(record.request.appAccountToken?.uuidString), SQLiteValue(record.request.offer),
      SQLiteValue(jws?.jws), SQLiteValue(jws?.headerID),
      SQLiteValue(payload.flatMap { Int64($0.originalTransactionId) }),
      SQLiteValue(payload?.type.rawValue), SQLiteValue(payload?.subscriptionGroupIdentifier),
      SQLiteValue(payload?.purchaseDate), SQLiteValue(payload?.expiresDate),
      SQLiteValue(payload?.revocationDate), .integer(record.isFinished ? 1 : 0),
      SQLiteValue(record.signed.flatMap { StoredPayloadReader.historyForm(ofJWS: $0.jws) }),
    ]
  }

  static func append(_ event: StoreEvent, db: SQLiteConnection) throws {
    try db.execute(
      """
      INSERT INTO events (date_ms, customer_id, kind, transaction_id, product_id, detail)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(event.date.epochMilliseconds), .text(event.customerID), .text(event.kind.rawValue),
        SQLiteValue(event.transactionID.map { Int64($0) }), SQLiteValue(event.productID),
        .text(event.detail),
      ])
  }
}
