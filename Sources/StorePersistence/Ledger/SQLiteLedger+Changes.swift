import StoreCore

/// What changed among the ledger's records after a reader's last look, from
/// ``SQLiteLedger/recordChanges(after:)``.
public struct LedgerRecordChanges: Sendable, Equatable {
  /// The stamp to pass next time: the newest event's sequence, read in the same transaction as
  /// the rows, so a commit after this read always has a higher stamp.
  public var stamp: Int64
  /// Whether ``records`` is every record (the first read, or all were cleared since): the
  /// reader replaces what it holds instead of merging.
  public var isComplete: Bool
  /// Records inserted or updated after the stamp asked for (every record when complete), in
  /// identifier order.
  public var records: [TransactionRecord]
  /// Identifiers of records deleted after the stamp asked for, in order (empty when complete).
  public var deletedIDs: [UInt64]

  /// Creates a set of changes.
  public init(stamp: Int64, isComplete: Bool, records: [TransactionRecord], deletedIDs: [UInt64]) {
    self.stamp = stamp
    self.isComplete = isComplete
    self.records = records
    self.deletedIDs = deletedIDs
  }
}

extension SQLiteLedger {
  /// Every customer's records that changed after `stamp` (all of them when `stamp` is nil),
  /// and the stamp to ask with next time.
  ///
  /// Every commit that writes a record stamps it with ``changeStamp(_:)``, one past the newest
  /// event's sequence when the commit starts; the stamp returned is the newest event's sequence,
  /// read in the same read transaction as the rows. A commit that lands after this read gets a
  /// higher stamp, so nothing is missed, however many processes write. A commit that writes a
  /// record without appending an event (the engine always appends one; a family member's mirrored
  /// copy shares its purchaser's) is read again until the next event moves the stamp on.
  public func recordChanges(after stamp: Int64?) throws -> LedgerRecordChanges {
    try queue.read { db in
      let newest =
        try db.fetchOne("SELECT coalesce(max(seq), 0) FROM events")?
        .get(Int64.self, at: 0) ?? 0
      let cleared =
        try db.fetchOne("SELECT value FROM counters WHERE name = 'transactions_cleared_seq'")?
        .get(Int64.self, at: 0) ?? 0
      // A stamp from the future means another ledger took this file's place: start over.
      guard let stamp, stamp >= cleared, stamp <= newest else {
        return LedgerRecordChanges(
          stamp: newest, isComplete: true,
          records: try db.fetchAll("SELECT * FROM transactions ORDER BY id").map(Self.record),
          deletedIDs: [])
      }
      // Without statistics the planner would rather scan the table in identifier order than
      // sort a few rows; a scan reads every row's JWS (overflow pages) to reach the stamp.
      let changed = try db.fetchAll(
        "SELECT * FROM transactions INDEXED BY transactions_by_change WHERE changed_seq > ?"
          + " ORDER BY id", [.integer(stamp)]
      ).map(Self.record)
      let deleted = try db.fetchAll(
        "SELECT id FROM deleted_transactions INDEXED BY deleted_transactions_by_seq"
          + " WHERE deleted_seq > ? ORDER BY id", [.integer(stamp)]
      ).map { UInt64(try $0.get(Int64.self, at: 0)) }
      return LedgerRecordChanges(
        stamp: newest, isComplete: false, records: changed, deletedIDs: deleted)
    }
  }

  /// The stamp of the commit under way: one past the newest event's sequence, which is the
  /// sequence of the first event this commit appends (the write lock is held, so no other
  /// commit can take it).
  static func changeStamp(_ db: SQLiteConnection) throws -> Int64 {
    try db.fetchOne("SELECT coalesce(max(seq), 0) + 1 FROM events")?.get(Int64.self, at: 0) ?? 1
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
