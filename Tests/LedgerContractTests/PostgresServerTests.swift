import Foundation
import StorePostgres
import Testing

/// The PostgreSQL half of the contract needs a server: without `STORETERM_TEST_POSTGRES` it is
/// skipped with this reason, except under `CI=true`, where `.ci/run` starts one and its absence
/// is a failure.
@Suite struct PostgresServerTests {
  @Test(
    .enabled(
      if: postgresServer != nil || underCI,
      "STORETERM_TEST_POSTGRES is not set: the ledger contract ran against SQLite only"))
  func theServerIsReachable() throws {
    let server = try #require(
      postgresServer, "CI=true, but STORETERM_TEST_POSTGRES names no PostgreSQL server")
    let connection = try PostgresConnection(server)
    let version = try #require(try connection.fetchOne("SHOW server_version_num"))
    #expect((Int(version.text(at: 0) ?? "") ?? 0) >= 120_000)
  }
}

/// A JWS header this process inserted is cached once a later read finds it committed, so a seat
/// that writes does not ask the server for it on every record it reads afterwards.
@Suite(.enabled(if: postgresServer != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresHeaderCacheTests {
  @Test func aHeaderThisSeatInsertedIsCachedAfterItsTransaction() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.coins, customer: "jane")
    let ledger = try #require(seat.ledger as? PostgresLedger)
    let stored = try #require(try ledger.record(id: 1)?.signed?.jws)
    // Another connection changes the stored header: a cached one no longer asks for it.
    try PostgresConnection(store.location).run(script: "UPDATE jws_headers SET header = 'X'")
    #expect(try ledger.record(id: 1)?.signed?.jws == stored)
  }
}
