import Foundation
import StoreCore
import Testing

@testable import StorePostgres

/// A change travels in as few round trips as its reads allow: its start with its first read,
/// its inserts with its commit (libpq's pipeline mode); a failure anywhere still rolls the
/// whole change back, in one sentence.
@Suite(.enabled(if: postgresServer != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresPipelineTests {
  @Test func aPurchaseCostsTwoRoundTripsThenOneAfterTheSeatsOwnChange() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let seat = try ContractEngine(store)
    // The first purchases create the customer and find the signing header's row.
    try seat.buy(Demo.coins, customer: "jane")
    try seat.buy(Demo.coins, customer: "jane")
    let ledger = try #require(seat.ledger as? PostgresLedger)
    ledger.changeMemory.withLock { $0.last = nil }
    var before = ledger.database.completedRoundTrips
    // Begin, lock, customer, next identifier and change count together; then the record, the
    // event, the count and the commit together.
    try seat.buy(Demo.coins, customer: "jane")
    #expect(ledger.database.completedRoundTrips - before == 2)
    // Nothing came between: decided from what the last change left, sent whole.
    before = ledger.database.completedRoundTrips
    try seat.buy(Demo.coins, customer: "jane")
    #expect(ledger.database.completedRoundTrips - before == 1)
    #expect(try ledger.records(customerID: "jane").map(\.id) == [1, 2, 3, 4])
    #expect(try ledger.events(after: 0, limit: 100).last?.transactionID == 4)
  }

  @Test func anotherSeatsWriteBetweenSendsTheChangeAgainAfterReading() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let mine = try ContractEngine(store)
    let theirs = try ContractEngine(store)
    try mine.buy(Demo.coins, customer: "jane")
    try mine.buy(Demo.coins, customer: "jane")
    let ledger = try #require(mine.ledger as? PostgresLedger)
    let known = try #require(ledger.changeMemory.withLock { $0.last })
    #expect(known.nextID == 3)
    // Another seat takes identifier 3 (another customer: only the ledger's count tells).
    try theirs.buy(Demo.coins, customer: "ravi")
    let jws = try mine.buy(Demo.coins, customer: "jane")
    #expect(jws.payload.transactionId == "4")
    #expect(try ledger.records(customerID: "jane").map(\.id) == [1, 2, 4])
    #expect(try ledger.records(customerID: "ravi").map(\.id) == [3])
    // One event per purchase: the stale attempt left nothing behind.
    let purchases = try ledger.events(after: 0, limit: 100).filter { $0.kind == .purchased }
    #expect(purchases.compactMap(\.transactionID) == [1, 2, 3, 4])
    #expect(ledger.changeMemory.withLock { $0.last }?.nextID == 5)
    // Seats writing in turn would waste the guess every time: the next two changes read first.
    #expect(ledger.changeMemory.withLock { $0.readsFirst } == 2)
    let before = ledger.database.completedRoundTrips
    try mine.buy(Demo.coins, customer: "jane")
    #expect(ledger.database.completedRoundTrips - before == 2)
    #expect(ledger.changeMemory.withLock { $0.readsFirst } == 1)
    #expect(ContractEngine.verifies(jws.jws))
  }

  @Test func aDeferredStatementsFailureRollsBackTheWholeWriteAndTheSeatGoesOn() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let database = try PostgresDatabase(connectionString: store.location)
    let insert = "INSERT INTO storeterm_pipeline_probe (name) VALUES ($1)"
    try database.write { db in
      try db.run(script: "CREATE TABLE storeterm_pipeline_probe (name TEXT PRIMARY KEY)")
    }
    #expect {
      try database.write { db in
        try db.executeLater(insert, [.text("a")])
        try db.executeLater(insert, [.text("a")])
      }
    } throws: { error in
      let message = "\(error)"
      return message.contains("refused a statement: duplicate key value")
        && !message.contains("\n")
    }
    let count = "SELECT count(*) AS n FROM storeterm_pipeline_probe"
    #expect(try database.read { try $0.fetchOne(count)?.int64("n") } == 0)
    // A read in the same write sees what was deferred before it.
    let seen = try database.write { db in
      try db.executeLater(insert, [.text("b")])
      return try db.fetchOne(count)?.int64("n")
    }
    #expect(seen == 1)
    #expect(try database.read { try $0.fetchOne(count)?.int64("n") } == 1)
  }
}
