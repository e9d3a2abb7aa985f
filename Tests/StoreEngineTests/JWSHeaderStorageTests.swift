import Foundation
import StoreCore
import StoreJWS
import Testing

@testable import StorePersistence

/// Each distinct JWS header is stored once, in `jws_headers`; a transaction row keeps
/// `payload.signature` and the header's identifier, and every reader gets back the whole JWS,
/// byte for byte.
@Suite struct JWSHeaderStorageTests {
  /// The stored `jws` and `jws_header` of transaction `id`, and the header text it points at.
  static func storedRow(_ id: Int64, in ledger: SQLiteLedger) throws -> (
    jws: String?, headerID: Int64?, header: String?
  ) {
    try ledger.queue.read { db in
      let row = try #require(
        try db.fetchOne(
          """
          SELECT t.jws, t.jws_header, h.header FROM transactions t
          LEFT JOIN jws_headers h ON h.id = t.jws_header WHERE t.id = ?
          """, [.integer(id)]))
      return (
        try row.get(String?.self, at: 0), try row.get(Int64?.self, at: 1),
        try row.get(String?.self, at: 2)
      )
    }
  }

  /// Every `jws_headers` row, in identifier order.
  static func headerRows(_ ledger: SQLiteLedger) throws -> [String] {
    try ledger.queue.read { db in
      try db.fetchAll("SELECT header FROM jws_headers ORDER BY id").map {
        try $0.get(String.self, at: 0)
      }
    }
  }

  /// `jws` split at its first dot.
  static func split(_ jws: String) throws -> (header: String, rest: String) {
    let dot = try #require(jws.firstIndex(of: "."))
    return (String(jws[..<dot]), String(jws[jws.index(after: dot)...]))
  }

  /// Inserts `record` the way rows were stored before `JWSHeaderSchema`: the whole JWS in `jws`.
  static func insertWhole(_ record: TransactionRecord, db: SQLiteConnection) throws {
    let payload = record.signed?.payload
    try db.execute(
      """
      INSERT INTO transactions (id, customer_id, product_id, state, quantity, app_account_token,
        offer, jws, original_id, product_type, group_id, purchase_date_ms, expires_date_ms,
        revocation_date_ms, finished, created_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(Int64(record.id)), .text(record.customerID), .text(record.productID),
        .text(record.state.rawValue), .integer(Int64(record.request.quantity)),
        SQLiteValue(record.request.appAccountToken?.uuidString), SQLiteValue(record.request.offer),
        SQLiteValue(record.signed?.jws),
        SQLiteValue(payload.flatMap { Int64($0.originalTransactionId) }),
        SQLiteValue(payload?.type.rawValue), SQLiteValue(payload?.subscriptionGroupIdentifier),
        SQLiteValue(payload?.purchaseDate), SQLiteValue(payload?.expiresDate),
        SQLiteValue(payload?.revocationDate), .integer(record.isFinished ? 1 : 0),
        .integer(record.createdDate.epochMilliseconds),
      ])
  }

  /// Stores `records` in one write, through the ledger.
  static func insert(_ records: [TransactionRecord], into ledger: SQLiteLedger) throws {
    try ledger.change(customerID: Customer.defaultID, scope: .none) { _ in
      var changes = LedgerChanges()
      changes.inserted = records
      return (changes, ())
    }
  }

  /// `template` as record `id`, its JWS given `header` in place of its own.
  static func copy(_ template: TransactionRecord, id: UInt64, header: String) throws
    -> TransactionRecord
  {
    var record = template
    record.id = id
    let signed = try #require(template.signed)
    record.signed = SignedTransaction(
      jws: header + "." + (try split(signed.jws)).rest, payload: signed.payload)
    return record
  }

  /// A header segment nobody signs with, naming `name` as its certificate.
  static func header(_ name: String) -> String {
    Base64.urlEncode(Array(#"{"alg":"ES256","x5c":["\#(name)"]}"#.utf8))
  }

  @Test func aPurchaseStoresItsHeaderOnceAndReadsBackTheWholeJWS() async throws {
    let store = try EngineHarness()
    let signed = try await store.buy(Demo.coins)
    let (header, rest) = try Self.split(signed.jws)
    let row = try Self.storedRow(1, in: store.ledger)
    #expect(row.jws == rest)
    #expect(row.header == header)
    #expect(row.headerID == 1)
    #expect(try Self.headerRows(store.ledger) == [header])
    #expect(try store.ledger.record(id: 1)?.signed?.jws == signed.jws)
    // A new connection has nothing cached and reads it from `jws_headers`.
    #expect(try store.reopened().ledger.record(id: 1)?.signed == signed)
  }

  @Test func oneSignerSharesOneHeaderRowAndASecondSignerAddsOne() async throws {
    let store = try EngineHarness()
    let first = try await store.buy(Demo.coins)
    let second = try await store.buy(Demo.lifetime)
    #expect(try Self.headerRows(store.ledger).count == 1)
    #expect(try Self.storedRow(2, in: store.ledger).headerID == 1)

    let otherAuthority = try TestCertificateAuthority.generate()
    let other = try EngineHarness(
      databasePath: store.databasePath, clock: store.clock, authority: otherAuthority)
    let third = try await other.buy(Demo.coins)
    let headers = try Self.headerRows(store.ledger)
    #expect(headers == [try Self.split(first.jws).header, try Self.split(third.jws).header])
    #expect(headers[0] != headers[1])
    #expect(try Self.storedRow(3, in: store.ledger).headerID == 2)
    for ledger in [store.ledger, other.ledger] {
      let jws = try ledger.records(customerID: Customer.defaultID).compactMap { $0.signed?.jws }
      #expect(jws == [first.jws, second.jws, third.jws])
    }
    #expect(
      try store.verifier.verify(first.jws, as: JWSTransactionDecodedPayload.self).get()
        == .verified(first.payload))
    #expect(
      try other.verifier.verify(
        try #require(try store.ledger.record(id: 3)?.signed?.jws),
        as: JWSTransactionDecodedPayload.self
      ).get() == .verified(third.payload))
  }

  @Test func aRowStoredWholeReadsBackUnchanged() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    var record = try #require(try store.ledger.record(id: 1))
    var payload = try #require(record.signed?.payload)
    payload.transactionId = "2"
    payload.originalTransactionId = "2"
    record.id = 2
    record.signed = SignedTransaction(
      jws: try EngineHarness.authority.makeSigner().sign(payload), payload: payload)
    try store.ledger.queue.write { db in try Self.insertWhole(record, db: db) }
    let row = try Self.storedRow(2, in: store.ledger)
    #expect(row.jws == record.signed?.jws)
    #expect(row.headerID == nil)
    #expect(try store.ledger.record(id: 2) == record)
    #expect(try store.reopened().ledger.record(id: 2) == record)
  }

  @Test func clearingTransactionsKeepsTheHeadersAndTheNextPurchaseStillReadsBack() async throws {
    let store = try EngineHarness()
    let before = try await store.buy(Demo.coins)
    try store.engine.clearTransactions()
    #expect(try store.ledger.records(customerID: Customer.defaultID).isEmpty)
    #expect(try Self.headerRows(store.ledger) == [try Self.split(before.jws).header])
    // The connection has header 1 cached from the first purchase; it is still the right one.
    let after = try await store.buy(Demo.coins)
    #expect(try Self.storedRow(2, in: store.ledger).headerID == 1)
    #expect(try store.ledger.record(id: 2)?.signed == after)
    #expect(try store.reopened().ledger.record(id: 2)?.signed == after)
    #expect(try Self.headerRows(store.ledger).count == 1)
  }

  @Test func aHeaderInsertedByARolledBackWriteIsNotCached() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    let template = try #require(try store.ledger.record(id: 1))
    let signerHeader = try Self.split(try #require(template.signed).jws).header
    let rolledBack = Self.header("rolled back")
    let later = Self.header("later")
    // The second record reuses the first's identifier: the insert fails after the new header
    // was inserted (and found again by the second record), and the whole write rolls back.
    let duplicate = try Self.copy(template, id: 2, header: rolledBack)
    #expect(throws: SQLiteError.self) {
      try Self.insert([duplicate, duplicate], into: store.ledger)
    }
    #expect(try Self.headerRows(store.ledger).count == 1)
    // Another header now gets the identifier the rolled-back one had.
    let laterRecord = try Self.copy(template, id: 2, header: later)
    try Self.insert([laterRecord], into: store.ledger)
    #expect(try Self.storedRow(2, in: store.ledger).headerID == 2)
    // Had the rolled-back identifier been cached, this row would point at `later`'s header.
    let retried = try Self.copy(template, id: 3, header: rolledBack)
    try Self.insert([retried], into: store.ledger)
    #expect(try Self.storedRow(3, in: store.ledger).headerID == 3)
    #expect(try store.ledger.record(id: 2) == laterRecord)
    #expect(try store.ledger.record(id: 3) == retried)
    #expect(try store.reopened().ledger.record(id: 3) == retried)
    #expect(try Self.headerRows(store.ledger) == [signerHeader, later, rolledBack])
  }

  @Test func anUnknownHeaderIdentifierReadsAsADamagedRow() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    // As a hand edit with the sqlite3 shell would, which does not enforce foreign keys.
    let editor = try SQLiteConnection(location: .file(store.databasePath))
    try editor.execute("PRAGMA foreign_keys = OFF")
    try editor.execute(
      "UPDATE transactions SET jws_header = ? WHERE id = ?", [.integer(99), .integer(1)])
    let damaged = LedgerError.damagedRow(
      table: "transactions", id: "1", reason: "unknown JWS header 99")
    #expect(throws: damaged) { try store.ledger.record(id: 1) }
    #expect(throws: damaged) { try store.reopened().ledger.record(id: 1) }
  }

  @Test func aJWSWithoutADotIsStoredWholeAndFailsOnRead() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    var record = try #require(try store.ledger.record(id: 1))
    record.id = 2
    record.signed?.jws = "not-a-jws"
    try Self.insert([record], into: store.ledger)
    let row = try Self.storedRow(2, in: store.ledger)
    #expect(row.jws == "not-a-jws")
    #expect(row.headerID == nil)
    #expect(
      throws: LedgerError.damagedRow(table: "transactions", id: "2", reason: "not a JWS")
    ) { try store.ledger.record(id: 2) }
  }
}
