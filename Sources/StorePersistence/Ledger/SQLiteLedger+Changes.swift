import StoreCore

/// What changed among the ledger's records after a reader's last look, from
/// ``SQLiteLedger/recordChanges(after:)``.
public struct LedgerRecordChanges: Sendable, Equatable {
  /// The cursor to pass next time, read in the same transaction as the rows, so a commit after
  /// this read always lies beyond it.
  public var cursor: LedgerChangeCursor
  /// Whether ``records`` is every record (the first read, or all were cleared since): the
  /// reader replaces what it holds instead of merging.
  public var isComplete: Bool
  /// Records inserted or updated after the cursor (every record when complete), in identifier
  /// order.
  public var records: [TransactionRecord]
  /// Identifiers of records deleted after the cursor, in order (empty when complete).
  public var deletedIDs: [UInt64]

  /// The newest event's sequence when the changes were read.
  public var stamp: Int64 { cursor.stamp }

  /// Creates a set of changes.
  public init(
    cursor: LedgerChangeCursor, isComplete: Bool, records: [TransactionRecord],
    deletedIDs: [UInt64]
  ) {
    self.cursor = cursor
    self.isComplete = isComplete
    self.records = records
    self.deletedIDs = deletedIDs
  }
}

extension SQLiteLedger {
  /// Every customer's records that changed after `cursor` (all of them when it is nil), and
  /// the cursor to ask with next time.
  ///
  /// Records inserted since have identifiers above the cursor's highest (identifiers only grow,
  /// and are never reused). Every commit that updates or deletes a record stamps it with
  /// ``changeStamp(_:)``, one past the newest event's sequence when the commit starts; the
  /// cursor's stamp is the newest event's sequence, read in the same read transaction as the
  /// rows. A commit that lands after this read gets a higher stamp and higher identifiers, so
  /// nothing is missed, however many processes write. A commit that updates a record without
  /// appending an event (the engine always appends one; a family member's mirrored copy shares
  /// its purchaser's) is read again until the next event moves the stamp on.
  public func recordChanges(after cursor: LedgerChangeCursor?) throws -> LedgerRecordChanges {
    try queue.read { db in
      let (next, cleared) = try Self.changePosition(db)
      let newest = next.stamp
      // A stamp from the future means another ledger took this file's place: start over.
      guard let cursor, cursor.stamp >= cleared, cursor.stamp <= newest else {
        return LedgerRecordChanges(
          cursor: next, isComplete: true,
          records: try db.fetchAll("SELECT * FROM transactions ORDER BY id").map {
            try Self.record($0, headers: headers, db: db)
          },
          deletedIDs: [])
      }
      let inserted = try db.fetchAll(
        "SELECT * FROM transactions WHERE id > ? ORDER BY id", [.integer(cursor.highestID)])
      // Without statistics the planner would rather scan the table in identifier order than
      // sort a few rows; a scan reads every row's JWS (overflow pages) to reach the stamp.
      let updated = try db.fetchAll(
        "SELECT * FROM transactions INDEXED BY transactions_by_change"
          + " WHERE changed_seq > ? AND changed_seq > 0 AND id <= ? ORDER BY id",
        [.integer(cursor.stamp), .integer(cursor.highestID)])
      let changed = try (updated + inserted).map { try Self.record($0, headers: headers, db: db) }
      let deleted = try db.fetchAll(
        "SELECT id FROM deleted_transactions INDEXED BY deleted_transactions_by_seq"
          + " WHERE deleted_seq > ? ORDER BY id", [.integer(cursor.stamp)]
      ).map { UInt64(try $0.get(Int64.self, at: 0)) }
      return LedgerRecordChanges(
        cursor: next, isComplete: false, records: changed, deletedIDs: deleted)
    }
  }

  /// The stamp of the commit under way: one past the newest event's sequence, which is the
  /// sequence of the first event this commit appends (the write lock is held, so no other
  /// commit can take it).
  static func changeStamp(_ db: SQLiteConnection) throws -> Int64 {
    try newestEventSequence(db) + 1
  }

  /// The sequence of the newest event, 0 when there is none.
  static func newestEventSequence(_ db: SQLiteConnection) throws -> Int64 {
    try db.fetchOne("SELECT coalesce(max(seq), 0) FROM events")?.get(Int64.self, at: 0) ?? 0
  }

  /// Deletes record `id` and leaves a tombstone stamped `stamp` for readers.
  static func delete(_ id: UInt64, stamp: Int64, db: SQLiteConnection) throws {
    try db.execute("DELETE FROM transactions WHERE id = ?", [.integer(Int64(id))])
    try db.execute(
      "INSERT OR REPLACE INTO deleted_transactions (id, deleted_seq) VALUES (?, ?)",
      [.integer(Int64(id)), .integer(stamp)])
  }

  /// Records that every record was removed by the commit stamped `stamp`; the tombstones of
  /// single deletions are no longer needed, since every reader that looked before starts over.
  static func recordCleared(stamp: Int64, db: SQLiteConnection) throws {
    try db.execute(
      "UPDATE counters SET value = ? WHERE name = 'transactions_cleared_seq'", [.integer(stamp)])
    try db.execute("DELETE FROM deleted_transactions")
  }
}

extension SQLiteLedger {
  /// Where the ledger's changes stand, read in the caller's transaction: the newest event's
  /// sequence with the highest transaction identifier, and the sequence of the last clear.
  static func changePosition(_ db: SQLiteConnection) throws
    -> (cursor: LedgerChangeCursor, cleared: Int64)
  {
    let newest = try newestEventSequence(db)
    let highest =
      try db.fetchOne("SELECT coalesce(max(id), 0) FROM transactions")?
      .get(Int64.self, at: 0) ?? 0
    let cleared =
      try db.fetchOne("SELECT value FROM counters WHERE name = 'transactions_cleared_seq'")?
      .get(Int64.self, at: 0) ?? 0
    return (LedgerChangeCursor(stamp: newest, highestID: highest), cleared)
  }
}
