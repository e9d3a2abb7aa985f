import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

@testable import StorePostgres

/// `LISTEN`/`NOTIFY` on a real server: every seat hears each commit, never a rollback.
@Suite(.enabled(if: postgresServer != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresChangeListenerTests {
  /// A listener on `store`, once its connection listens (a bounded wait: a real socket).
  static func listening(_ store: LedgerStore) async throws -> PostgresChangeListener {
    let listener = PostgresChangeListener(connectionString: store.location)
    for _ in 0..<500 where !listener.isListening {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(listener.isListening)
    return listener
  }

  @Test func everySeatHearsACommitAndNoneARollback() async throws {
    let store = try LedgerBackend.postgres.makeStore()
    let seat = try ContractEngine(store)
    let first = try await Self.listening(store)
    let second = try await Self.listening(store)
    #expect(await first.wait(upTo: .milliseconds(50)) == false)
    try seat.buy(Demo.coins)
    #expect(await first.wait(upTo: .seconds(10)))
    #expect(await second.wait(upTo: .seconds(10)))
    // The purchase was two commits (its customer, then the purchase): hear both out.
    for _ in 0..<10 where await first.wait(upTo: .milliseconds(100)) {}
    // A decision that throws rolls back: nothing is sent.
    #expect(throws: ContractError.self) {
      try seat.ledger.change(customerID: Customer.defaultID, scope: .all) {
        _ -> (LedgerChanges, Int) in
        throw ContractError("declined")
      }
    }
    #expect(await first.wait(upTo: .milliseconds(200)) == false)
  }
}

/// A write's fixed statements take the writers' lock and notify on the channel listeners hear.
@Test func theWriteStatementsNameTheLockKeyAndTheChannel() {
  #expect(
    PostgresDatabase.beginWrite.hasSuffix(
      "pg_advisory_xact_lock(\(PostgresDatabase.writerLockKey))"))
  #expect(
    PostgresDatabase.commitWrite.hasPrefix("SELECT pg_notify('\(PostgresDatabase.changeChannel)',"))
}
