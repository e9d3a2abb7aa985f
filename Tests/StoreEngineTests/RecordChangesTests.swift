import Foundation
import StoreCore
import StorePersistence
import Testing

/// `SQLiteLedger.recordChanges(after:)`: each commit's stamp lets a reader (the terminal UI)
/// read only the records that changed since it last looked, from this connection or another.
@Suite struct RecordChangesTests {
  /// Every record of the ledger, in identifier order, read from scratch.
  static func everything(_ ledger: SQLiteLedger) throws -> [TransactionRecord] {
    try ledger.customers().flatMap { try ledger.records(customerID: $0.id) }
      .sorted { $0.id < $1.id }
  }

  /// Applies `changes` to `before` as a reader does: replace or add by identifier, drop deletions.
  static func merged(_ before: [TransactionRecord], _ changes: LedgerRecordChanges)
    -> [TransactionRecord]
  {
    if changes.isComplete { return changes.records }
    var byID = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
    for record in changes.records { byID[record.id] = record }
    for id in changes.deletedIDs { byID[id] = nil }
    return byID.values.sorted { $0.id < $1.id }
  }

  @Test func theFirstReadIsCompleteAndAnIdleOneIsEmpty() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    try await store.buy(Demo.lifetime)
    let first = try store.ledger.recordChanges(after: nil)
    #expect(first.isComplete)
    #expect(first.records == (try Self.everything(store.ledger)))
    #expect(first.records.map(\.id) == [1, 2])
    let newest = try store.ledger.events(after: 0, limit: 100).last?.sequence
    #expect(first.stamp == newest)
    let idle = try store.ledger.recordChanges(after: first.cursor)
    #expect(
      idle
        == LedgerRecordChanges(cursor: first.cursor, isComplete: false, records: [], deletedIDs: [])
    )
  }

  @Test func anInsertedRecordIsTheOnlyChange() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    let before = try store.ledger.recordChanges(after: nil)
    try await store.buy(Demo.lifetime)
    let changes = try store.ledger.recordChanges(after: before.cursor)
    #expect(!changes.isComplete)
    #expect(changes.records == [try #require(try store.ledger.record(id: 2))])
    #expect(changes.deletedIDs.isEmpty)
    #expect(changes.stamp > before.stamp)
    #expect(Self.merged(before.records, changes) == (try Self.everything(store.ledger)))
  }

  @Test func anUpdatedRecordComesBackWithItsNewContent() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    try await store.buy(Demo.lifetime)
    let before = try store.ledger.recordChanges(after: nil)
    _ = try store.engine.refund(2)
    let changes = try store.ledger.recordChanges(after: before.cursor)
    let refunded = try #require(try store.ledger.record(id: 2))
    #expect(refunded.signed?.payload.revocationDate != nil)
    #expect(changes.records == [refunded])
    #expect(Self.merged(before.records, changes) == (try Self.everything(store.ledger)))
  }

  @Test func aDeletedRecordIsListedAsDeleted() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    try await store.buy(Demo.lifetime)
    let before = try store.ledger.recordChanges(after: nil)
    try store.engine.delete(1)
    let changes = try store.ledger.recordChanges(after: before.cursor)
    #expect(changes.records.isEmpty)
    #expect(changes.deletedIDs == [1])
    #expect(Self.merged(before.records, changes).map(\.id) == [2])
    // A reader that already saw the deletion is not told again.
    #expect(try store.ledger.recordChanges(after: changes.cursor).deletedIDs.isEmpty)
  }

  @Test func clearingEveryRecordMakesEarlierReadersStartOver() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    try store.engine.delete(1)
    try await store.buy(Demo.lifetime)
    let before = try store.ledger.recordChanges(after: nil)
    try store.engine.clearTransactions()
    let changes = try store.ledger.recordChanges(after: before.cursor)
    #expect(changes.isComplete)
    #expect(changes.records.isEmpty)
    #expect(changes.deletedIDs.isEmpty)
    try await store.buy(Demo.themes)
    let after = try store.ledger.recordChanges(after: changes.cursor)
    #expect(!after.isComplete)
    #expect(after.records.map(\.id) == [3])
    #expect(after.deletedIDs.isEmpty)
  }

  @Test func aFamilyMirrorUpdateIsFoundThoughItLogsNoEventOfItsOwn() async throws {
    let store = try EngineHarness()
    for id in ["default", "alice"] { try store.engine.joinFamily("smiths", customerID: id) }
    try await store.buy(Demo.plusMonthly)
    let copy = try #require(try store.ledger.records(customerID: "alice").first)
    #expect(copy.sharedFromID == 1)
    #expect(copy.signed?.payload.isUpgraded != true)
    let before = try store.ledger.recordChanges(after: nil)
    let eventsBefore = try store.ledger.events(after: 0, limit: 1000).count
    // Upgrading marks the purchaser's chain upgraded; the family plan re-signs alice's copy
    // to match (a mirror: an update without an event of its own).
    try await store.buy(Demo.premiumYearly)
    let changes = try store.ledger.recordChanges(after: before.cursor)
    let mirrored = try #require(changes.records.first { $0.id == copy.id })
    #expect(mirrored.signed?.payload.isUpgraded == true)
    #expect(mirrored == (try store.ledger.record(id: copy.id)))
    let newEvents = try store.ledger.events(after: 0, limit: 1000).dropFirst(eventsBefore)
    #expect(!newEvents.contains { $0.transactionID == copy.id })
    #expect(Self.merged(before.records, changes) == (try Self.everything(store.ledger)))
  }

  @Test func aCommitFromAnotherConnectionIsSeen() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    let before = try store.ledger.recordChanges(after: nil)
    let other = try store.reopened()
    try await other.buy(Demo.lifetime)
    _ = try other.engine.refund(1)
    let changes = try store.ledger.recordChanges(after: before.cursor)
    #expect(changes.records.map(\.id) == [1, 2])
    #expect(Self.merged(before.records, changes) == (try Self.everything(store.ledger)))
    #expect(changes.stamp == (try other.ledger.events(after: 0, limit: 1000).last?.sequence))
  }

  @Test func aPurchaseWritesNothingToTheIndexOfChangesAndARefundDoes() async throws {
    let store = try EngineHarness()
    let bought = try await store.buy(Demo.coins)
    func indexed() throws -> [Int64] {
      try store.ledger.queue.read { db in
        try db.fetchAll(
          "SELECT id FROM transactions INDEXED BY transactions_by_change WHERE changed_seq > 0"
        ).map { try $0.get(Int64.self, at: 0) }
      }
    }
    #expect(try indexed() == [])
    let before = try store.ledger.recordChanges(after: nil)
    _ = try store.engine.refund(bought.id)
    #expect(try indexed() == [Int64(bought.id)])
    let changes = try store.ledger.recordChanges(after: before.cursor)
    #expect(changes.records.map(\.id) == [bought.id])
    #expect(changes.records.first?.signed?.isRevoked == true)
  }

  @Test func rowsWithoutAStampAreReadWholeOnTheFirstReadOnly() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    let old = try SQLiteLedger(location: .file(store.databasePath))
    // As an older build left them: no stamp yet.
    try old.queue.write { db in try db.execute("UPDATE transactions SET changed_seq = 0") }
    let first = try old.recordChanges(after: nil)
    #expect(first.records.map(\.id) == [1])
    #expect(try old.recordChanges(after: first.cursor).records.isEmpty)
  }
}
