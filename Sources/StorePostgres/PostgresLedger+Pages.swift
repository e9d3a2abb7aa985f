import Foundation
import StoreCore
import StorePersistence

/// The screens' read port on PostgreSQL: keyset pages on `transactions`' primary key and on
/// `transactions_by_customer (customer_id, id)`, keyed lookups, and the change cursor SQLite's
/// ledger keeps (the newest event's sequence, the highest identifier, the last clearing).
///
/// Every read is one `REPEATABLE READ READ ONLY` transaction, so a mark, a page and a count
/// each see one snapshot; writers hold the writers' lock, so event sequences, identifiers and
/// change stamps grow in commit order and a commit after a read always lies beyond its cursor.
extension PostgresLedger: LedgerBrowser {
  /// Where the ledger's records stand: the newest event's sequence, the highest identifier and
  /// the last clearing (a page read when it was the same still holds).
  public func recordMark() throws -> [Int64] {
    try database.read { db in
      let (cursor, cleared) = try Self.changePosition(db)
      return [cursor.stamp, cursor.highestID, cleared]
    }
  }

  /// Up to `limit` records next to `key` in `direction`, of `customerID` when given.
  ///
  /// A nil `key` starts at the newest record (older) or the oldest (newer); the cost is the
  /// page's, whatever the ledger's size.
  public func recordPage(
    customerID: String?, from key: UInt64?, direction: RecordPageDirection, limit: Int
  ) throws -> [TransactionRecord] {
    let sql = Self.pageSQL(customerID: customerID, direction: direction)
    let bound: Int64 =
      key.map { Int64(clamping: $0) } ?? (direction == .older ? Int64.max : Int64.min)
    var values: [PostgresValue] = [.integer(bound), .integer(Int64(max(0, limit)))]
    if let customerID { values.insert(.text(customerID), at: 0) }
    return try database.read { db in
      try db.execute(sql, values).map { try record($0, db: db) }
    }
  }

  /// How many records every customer holds, brought up to date from `previous` by what was
  /// inserted (identifiers above its highest) and deleted (tombstones stamped after it) since;
  /// counted whole the first time or after a clear.
  public func recordCount(updating previous: LedgerRecordCount?) throws -> LedgerRecordCount {
    try database.read { db in
      let (cursor, cleared) = try Self.changePosition(db)
      guard let previous, previous.cleared == cleared, previous.cursor.stamp <= cursor.stamp
      else {
        let all = try db.fetchOne("SELECT count(*) AS n FROM transactions")?.int64("n") ?? 0
        return LedgerRecordCount(cursor: cursor, cleared: cleared, count: Int(all))
      }
      let inserted =
        try db.fetchOne(
          "SELECT count(*) AS n FROM transactions WHERE id > $1",
          [.integer(previous.cursor.highestID)])?.int64("n") ?? 0
      let deleted =
        try db.fetchOne(
          "SELECT count(*) AS n FROM deleted_transactions WHERE deleted_seq > $1 AND id <= $2",
          [.integer(previous.cursor.stamp), .integer(previous.cursor.highestID)])?.int64("n") ?? 0
      return LedgerRecordCount(
        cursor: cursor, cleared: cleared, count: previous.count + Int(inserted - deleted))
    }
  }

  /// The customer's open purchase requests (Ask to Buy, interrupted) and Family Sharing
  /// copies, newest first: one range of `transactions_by_customer`.
  public func requestsAndSharedCopies(customerID: String) throws -> [TransactionRecord] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1"
          + " AND (state IN ($2, $3) OR shared_from IS NOT NULL) ORDER BY id DESC",
        [
          .text(customerID), .text(TransactionRecord.State.pendingApproval.rawValue),
          .text(TransactionRecord.State.interrupted.rawValue),
        ]
      ).map { try record($0, db: db) }
    }
  }

  /// The subscription chains with these original transaction IDs, whoever holds them.
  public func subscriptions(originalIDs: Set<UInt64>) throws -> [SubscriptionState] {
    try database.read { db in
      try originalIDs.sorted().compactMap { original in
        try db.fetchOne(
          "SELECT * FROM subscriptions WHERE original_id = $1", [.integer(Int64(original))]
        ).map { try Self.subscription($0).state }
      }
    }
  }

  /// The newest `limit` events, oldest first (the event log's start).
  public func latestEvents(limit: Int) throws -> [StoreEvent] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM events ORDER BY seq DESC LIMIT $1", [.integer(Int64(max(0, limit)))]
      ).map(Self.event).reversed()
    }
  }

  /// The first `limit` customers in creation order (the customer switcher's list).
  public func customers(limit: Int) throws -> [Customer] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM customers ORDER BY position LIMIT $1", [.integer(Int64(max(0, limit)))]
      ).map(Self.customer)
    }
  }

  /// Each family group's member count, by name, from the index of customers by family.
  public func familyGroupSizes() throws -> [String: Int] {
    try database.read { db in
      var sizes: [String: Int] = [:]
      for row in try db.execute(
        "SELECT family_group, count(*) AS n FROM customers WHERE family_group IS NOT NULL"
          + " GROUP BY family_group")
      {
        sizes[try row.string("family_group")] = Int(try row.int64("n"))
      }
      return sizes
    }
  }

  /// The latest Send Consumption Information body the developer sent for transaction
  /// `transactionID`, with its version; nil when none came.
  public func latestConsumption(transactionID: UInt64) throws -> (version: Int, bodyJSON: String)? {
    try database.read { db in
      try db.fetchOne(
        "SELECT version, body_json FROM consumption_info WHERE transaction_id = $1"
          + " ORDER BY seq DESC LIMIT 1", [.integer(Int64(transactionID))]
      ).map { (Int(try $0.int64("version")), try $0.string("body_json")) }
    }
  }

  /// The statement of a keyset page, written out whole (never assembled).
  static func pageSQL(customerID: String?, direction: RecordPageDirection) -> String {
    switch (customerID != nil, direction) {
    case (false, .older):
      "SELECT * FROM transactions WHERE id < $1 ORDER BY id DESC LIMIT $2"
    case (false, .newer):
      "SELECT * FROM transactions WHERE id > $1 ORDER BY id ASC LIMIT $2"
    case (true, .older):
      "SELECT * FROM transactions WHERE customer_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3"
    case (true, .newer):
      "SELECT * FROM transactions WHERE customer_id = $1 AND id > $2 ORDER BY id ASC LIMIT $3"
    }
  }

  /// Where the ledger's changes stand, read in the caller's transaction: the newest event's
  /// sequence with the highest transaction identifier, and the sequence of the last clear.
  static func changePosition(_ db: PostgresConnection) throws
    -> (cursor: LedgerChangeCursor, cleared: Int64)
  {
    let row = try db.fetchOne(
      """
      SELECT (SELECT coalesce(max(seq), 0) FROM events) AS newest,
        (SELECT coalesce(max(id), 0) FROM transactions) AS highest,
        (SELECT coalesce(max(value), 0) FROM counters
          WHERE name = 'transactions_cleared_seq') AS cleared
      """)
    return (
      LedgerChangeCursor(
        stamp: try row?.int64("newest") ?? 0, highestID: try row?.int64("highest") ?? 0),
      try row?.int64("cleared") ?? 0
    )
  }
}
