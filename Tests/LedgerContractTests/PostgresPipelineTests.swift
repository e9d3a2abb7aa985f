import Foundation
import StoreCore
import StorePostgres
import Testing

/// A change travels in as few round trips as its reads allow: its start with its first read,
/// its inserts with its commit (libpq's pipeline mode); a failure anywhere still rolls the
/// whole change back, in one sentence.
@Suite(.enabled(if: postgresServer != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresPipelineTests {
  @Test func aPurchaseCostsTwoRoundTrips() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let seat = try ContractEngine(store)
    // The first purchases create the customer and find the signing header's row.
    try seat.buy(Demo.coins, customer: "jane")
    try seat.buy(Demo.coins, customer: "jane")
    let ledger = try #require(seat.ledger as? PostgresLedger)
    let before = ledger.database.completedRoundTrips
    // Begin, lock, customer and next identifier together; then the record, the event and the
    // commit together.
    try seat.buy(Demo.coins, customer: "jane")
    #expect(ledger.database.completedRoundTrips - before == 2)
    #expect(try ledger.records(customerID: "jane").map(\.id) == [1, 2, 3])
    #expect(try ledger.events(after: 0, limit: 100).last?.transactionID == 3)
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
