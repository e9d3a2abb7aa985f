import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// `storeterm-bench purchase`: end-to-end purchases per second (decide, sign, commit) beside
/// bare SQLite single-row commits of the same size, with the same settings, in the same run; once
/// into fresh files and once into files that already hold `prefill` rows, to show how the cost
/// grows with the ledger.
///
/// A second peer separates storeterm's own cost from its schema's: the same two rows a purchase
/// stores (the transaction with its JWS, and its event) committed by plain SQL into a ledger of
/// the same schema and size, with no decision and no signature.
///
/// A third column commits bare rows only as large as what the ledger stores of a JWS (its
/// payload and signature; the header is stored once per signer), for readers who would rather
/// compare with that; the goal is judged against rows as large as the whole JWS.
struct PurchaseBenchmark {
  var seconds: Double
  var rounds: Int
  /// Transactions (and as many bare rows) already in the files for the second size.
  var prefill: Int

  /// The goal: purchases reach this share of the bare commit rate.
  static let goal = 0.70

  func run() throws -> Bool {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let authority = try TestCertificateAuthority.generate()
    print(
      "purchases: decide + sign + commit, one customer, consumable; bare: one-row INSERT commits")
    var met = true
    for size in [0, prefill] {
      let folder = directory.appending(path: "size-\(size)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      met = try measure(existing: size, in: folder, authority: authority) && met
    }
    return met
  }

  /// One size: the best of `rounds` for each side, printed with their ratio.
  private func measure(
    existing: Int, in folder: URL, authority: TestCertificateAuthority
  ) throws -> Bool {
    let ledgerPath = folder.appending(path: "ledger.sqlite").path
    let ledger = try PurchaseBenchmark.ledger(at: ledgerPath, holding: existing)
    let engine = StoreEngine(
      catalog: try BenchCatalog.demo(), session: StoreSession(), ledger: ledger,
      signer: authority.makeSigner(), clock: WallClock(), ids: RandomIdentifiers(),
      factory: TransactionFactory(
        identity: SignedDataConfiguration(), hasher: SHA384DeviceVerificationHasher()))
    let schemaPeer = try SchemaPeer(
      path: folder.appending(path: "schema.sqlite").path, existing: existing)
    let sample = try engine.purchase("dev.storeterm.demo.coins.100", customerID: "warmup")
    guard case .success(let signed) = sample else { return false }
    // The verdict's bare row is as large as the signed JWS a purchase makes durable; the second
    // is as large as what the ledger stores of it (`payload.signature`, its header kept once).
    let jwsSize = signed.jws.utf8.count
    let storedSize = signed.jws.split(separator: ".", maxSplits: 1).last?.utf8.count ?? jwsSize
    let bare = try BareTable(path: folder.appending(path: "bare.sqlite").path, rowSize: jwsSize)
    let storedBare = try BareTable(
      path: folder.appending(path: "bare-stored.sqlite").path, rowSize: storedSize)
    try bare.prefill(rows: existing)
    try storedBare.prefill(rows: existing)

    print("\nledger and bare tables already holding \(existing.formatted()) rows")
    print(
      "round  purchases/s  bare \(jwsSize) B/s  ratio  same rows, plain SQL/s  ratio"
        + "  bare \(storedSize) B/s  ratio")
    var best = (purchase: 0.0, bare: 0.0, schema: 0.0, storedBare: 0.0)
    for round in 1...rounds {
      let purchaseRate = try rate {
        _ = try engine.purchase("dev.storeterm.demo.coins.100", customerID: "bench-\(round)")
      }
      let bareRate = try rate { try bare.commit() }
      let schemaRate = try rate { try schemaPeer.commit(jws: signed.jws) }
      let storedBareRate = try rate { try storedBare.commit() }
      best = (
        max(best.purchase, purchaseRate), max(best.bare, bareRate),
        max(best.schema, schemaRate), max(best.storedBare, storedBareRate)
      )
      print(row("\(round)", purchaseRate, bareRate, schemaRate, storedBareRate))
    }
    let ratio = best.purchase / best.bare
    print(
      row("best", best.purchase, best.bare, best.schema, best.storedBare)
        + String(format: "  (goal: %.0f%% of bare %d B)", 100 * PurchaseBenchmark.goal, jwsSize))
    return ratio >= PurchaseBenchmark.goal
  }

  /// A ledger at `path` already holding `existing` transactions: ten per customer, with their
  /// events and subscriptions, as support sees it.
  static func ledger(at path: String, holding existing: Int) throws -> SQLiteLedger {
    guard existing > 0 else { return try SQLiteLedger(location: .file(path)) }
    return try SupportLedgerBuilder(customers: existing / 10, transactionsPerCustomer: 10)
      .build(at: path)
  }

  /// One result line: the rates and each one's ratio to the purchases.
  private func row(
    _ label: String, _ purchases: Double, _ bare: Double, _ schema: Double, _ storedBare: Double
  ) -> String {
    label.padding(toLength: 5, withPad: " ", startingAt: 0)
      + String(
        format: "  %11.0f  %13.0f  %5.1f%%  %21.0f  %5.1f%%  %12.0f  %5.1f%%", purchases, bare,
        100 * purchases / bare, schema, 100 * purchases / schema, storedBare,
        100 * purchases / storedBare)
  }

  /// Operations per second of `body`, run for `seconds`.
  private func rate(_ body: () throws -> Void) throws -> Double {
    let start = Date()
    var count = 0
    while Date().timeIntervalSince(start) < seconds {
      try body()
      count += 1
    }
    return Double(count) / Date().timeIntervalSince(start)
  }
}

/// A one-column table that commits one row of `rowSize` bytes per transaction.
private struct BareTable {
  let queue: DatabaseQueue
  let body: String

  init(path: String, rowSize: Int) throws {
    queue = try DatabaseQueue(location: .file(path))
    body = String(repeating: "x", count: rowSize)
    try queue.write { db in
      try db.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    }
  }

  /// One row, one transaction.
  func commit() throws {
    try queue.write { db in try db.execute("INSERT INTO rows (body) VALUES (?)", [.text(body)]) }
  }

  /// `rows` rows in large transactions, to match a prefilled ledger.
  func prefill(rows: Int) throws {
    var written = 0
    while written < rows {
      let batch = min(10_000, rows - written)
      try queue.write { db in
        for _ in 0..<batch { try db.execute("INSERT INTO rows (body) VALUES (?)", [.text(body)]) }
      }
      written += batch
    }
  }
}

/// The schema peer: a purchase's two rows committed by plain SQL into a ledger of the same
/// schema, already holding as many rows as the measured ledger.
private final class SchemaPeer {
  let ledger: SQLiteLedger
  var nextID: Int64

  init(path: String, existing: Int) throws {
    ledger = try PurchaseBenchmark.ledger(at: path, holding: existing)
    _ = try ledger.customer("peer") {
      Customer(
        id: "peer", name: "Peer", email: "peer@example.com", storefront: "USA",
        deviceVerificationID: UUID(), createdDate: Date())
    }
    nextID =
      try ledger.queue.read { db in
        try db.fetchOne("SELECT coalesce(max(id), 0) + 1 FROM transactions")?.get(Int64.self, at: 0)
      } ?? 1
  }

  /// One transaction row with `jws` and its event, in one write transaction.
  func commit(jws: String) throws {
    let id = nextID
    nextID += 1
    let now = Date().epochMilliseconds
    try ledger.queue.write { db in
      // The JWS as the ledger stores it: its header once, in `jws_headers`.
      try db.execute(
        """
        INSERT INTO transactions (id, customer_id, product_id, state, quantity, jws, jws_header,
          history_form, original_id, product_type, purchase_date_ms, finished, created_ms)
        VALUES (?, 'peer', 'dev.storeterm.demo.coins.100', 'purchased', 1, ?, ?, ?, ?,
          'Consumable', ?, 0, ?)
        """,
        [.integer(id)] + ledger.jwsColumns(storing: jws, db: db)
          + [.integer(id), .integer(now), .integer(now)])
      try db.execute(
        """
        INSERT INTO events (date_ms, customer_id, kind, transaction_id, product_id, detail)
        VALUES (?, 'peer', 'purchased', ?, 'dev.storeterm.demo.coins.100', '')
        """, [.integer(now), .integer(id)])
    }
  }
}

/// The bench's clock: the machine's.
private struct WallClock: StoreClock {
  func now() -> Date { Date() }
}
