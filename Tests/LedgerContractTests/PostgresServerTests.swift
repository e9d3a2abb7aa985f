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
