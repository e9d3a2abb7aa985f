import StoreCore

extension SQLiteLedger {
  /// Up to `limit` records next to `key` in `direction`, of `customerID` when given, by keyset
  /// paging on an index: every customer's records run on the table's own key (`id`), one
  /// customer's on `transactions_by_customer (customer_id, id)`.
  ///
  /// A nil `key` starts at the newest record (older) or the oldest (newer). The cost is the
  /// page's, whatever the ledger's size: the screens read what they show, never every record.
  public func recordPage(
    customerID: String? = nil, from key: UInt64?, direction: RecordPageDirection, limit: Int
  ) throws -> [TransactionRecord] {
    let sql = Self.pageSQL(customerID: customerID, direction: direction)
    let bound: Int64 =
      key.map { Int64(clamping: $0) } ?? (direction == .older ? Int64.max : Int64.min)
    var arguments: [SQLiteValue] = [.integer(bound), .integer(Int64(max(0, limit)))]
    if let customerID { arguments.insert(.text(customerID), at: 0) }
    return try queue.read { db in
      try db.fetchAll(sql, arguments).map { try Self.record($0, headers: headers, db: db) }
    }
  }

  /// The customer's records a screen must know of wherever its history window sits, newest
  /// first: purchase requests still open (Ask to Buy, interrupted) and Family Sharing copies.
  ///
  /// One range of `transactions_by_customer`; only the rows that qualify are decoded.
  public func requestsAndSharedCopies(customerID: String) throws -> [TransactionRecord] {
    let arguments: [SQLiteValue] = [
      .text(customerID), .text(TransactionRecord.State.pendingApproval.rawValue),
      .text(TransactionRecord.State.interrupted.rawValue),
    ]
    return try queue.read { db in
      try db.fetchAll(Self.requestsAndSharedCopiesSQL, arguments).map {
        try Self.record($0, headers: headers, db: db)
      }
    }
  }

  /// The statement of ``requestsAndSharedCopies(customerID:)``, public so a test can ask
  /// SQLite for its plan.
  public static let requestsAndSharedCopiesSQL =
    "SELECT * FROM transactions INDEXED BY transactions_by_customer"
    + " WHERE customer_id = ? AND (state IN (?, ?) OR shared_from IS NOT NULL) ORDER BY id DESC"

  /// Where the ledger's records stand, cheaply.
  ///
  /// The newest event's sequence (every change appends one), the highest identifier and the
  /// last clearing: a page read when it was the same still holds.
  public func recordMark() throws -> [Int64] {
    try queue.read { db in
      let (cursor, cleared) = try Self.changePosition(db)
      return [cursor.stamp, cursor.highestID, cleared]
    }
  }

  /// The newest `limit` events, oldest first (the event log's start), by the events' key.
  public func latestEvents(limit: Int) throws -> [StoreEvent] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT * FROM events ORDER BY seq DESC LIMIT ?", [.integer(Int64(max(0, limit)))]
      ).map(Self.event).reversed()
    }
  }

  /// The first `limit` customers in creation order (the customer switcher's list).
  public func customers(limit: Int) throws -> [Customer] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT * FROM customers ORDER BY rowid LIMIT ?", [.integer(Int64(max(0, limit)))]
      ).map(Self.customer)
    }
  }

  /// How many records every customer holds, brought up to date from `previous` by what was
  /// inserted (identifiers above its highest) and deleted (tombstones stamped after it) since;
  /// counted whole (`COUNT` on an index) the first time or after a clear.
  public func recordCount(updating previous: LedgerRecordCount?) throws -> LedgerRecordCount {
    try queue.read { db in
      let (cursor, cleared) = try Self.changePosition(db)
      let newest = cursor.stamp
      guard let previous, previous.cleared == cleared, previous.cursor.stamp <= newest else {
        let all = try db.fetchOne("SELECT count(*) FROM transactions")?.get(Int64.self, at: 0)
        return LedgerRecordCount(cursor: cursor, cleared: cleared, count: Int(all ?? 0))
      }
      let inserted =
        try db.fetchOne(
          "SELECT count(*) FROM transactions WHERE id > ?",
          [.integer(previous.cursor.highestID)])?.get(Int64.self, at: 0) ?? 0
      let deleted =
        try db.fetchOne(
          "SELECT count(*) FROM deleted_transactions INDEXED BY deleted_transactions_by_seq"
            + " WHERE deleted_seq > ? AND id <= ?",
          [.integer(previous.cursor.stamp), .integer(previous.cursor.highestID)])?
        .get(Int64.self, at: 0) ?? 0
      return LedgerRecordCount(
        cursor: cursor, cleared: cleared, count: previous.count + Int(inserted - deleted))
    }
  }

  /// Each family group's member count, by name, from the index of customers by family.
  public func familyGroupSizes() throws -> [String: Int] {
    try queue.read { db in
      var sizes: [String: Int] = [:]
      for row in try db.fetchAll(
        "SELECT family_group, count(*) FROM customers INDEXED BY customers_by_family"
          + " WHERE family_group IS NOT NULL GROUP BY family_group")
      {
        sizes[try row.get(String.self, at: 0)] = Int(try row.get(Int64.self, at: 1))
      }
      return sizes
    }
  }

  /// The statement of a keyset page, written out whole (never assembled); public so a test can
  /// ask SQLite for its plan.
  public static func pageSQL(customerID: String?, direction: RecordPageDirection) -> String {
    switch (customerID != nil, direction) {
    case (false, .older):
      "SELECT * FROM transactions WHERE id < ? ORDER BY id DESC LIMIT ?"
    case (false, .newer):
      "SELECT * FROM transactions WHERE id > ? ORDER BY id ASC LIMIT ?"
    case (true, .older):
      "SELECT * FROM transactions INDEXED BY transactions_by_customer"
        + " WHERE customer_id = ? AND id < ? ORDER BY id DESC LIMIT ?"
    case (true, .newer):
      "SELECT * FROM transactions INDEXED BY transactions_by_customer"
        + " WHERE customer_id = ? AND id > ? ORDER BY id ASC LIMIT ?"
    }
  }
}

extension SQLiteLedger: LedgerBrowser {}
