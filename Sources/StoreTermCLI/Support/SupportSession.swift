import Foundation
import StoreCore
import StorePersistence
import StorePostgres

/// What the support commands read: the ledger (read-write, caught up; or read-only, as is),
/// the catalog's names, the simulated time, and the app's consumable balances.
struct SupportSession {
  /// The customer lookups over the ledger (SQLite's or PostgreSQL's).
  let directory: any SupportStore
  /// Product and group names from the catalog.
  let names: ProductNames
  /// The simulated time the answers are given at.
  let now: Date
  /// The app database holding consumable balances (`ledger.app.sqlite`), if it exists.
  let appDatabase: String
  /// Whether the ledger is open read-only.
  let isReadOnly: Bool
  /// How long a non-renewing subscription lasts (`--non-renewing-length`), as the App Store's
  /// own entitlements count it.
  let nonRenewingLength: CatalogProduct.SubscriptionPeriod

  /// Opens the ledger as `--read-only` says: read-only opens it as it is and never catches up;
  /// otherwise the simulated App Store opens first and generates what fell due.
  init(_ context: CommandContext) throws {
    appDatabase = context.paths.appDatabase
    isReadOnly = context.readOnly
    nonRenewingLength = context.nonRenewingDuration
    if context.readOnly, let uri = context.paths.postgres {
      let ledger = try StoreContext.openPostgres(uri, readOnly: true)
      names = ProductNames(catalog: try context.loadCatalog())
      directory = PostgresSupportDirectory(ledger: ledger)
      now = try ledger.clock()?.now(real: Date()) ?? Date()
    } else if context.readOnly {
      let ledger = try SQLiteLedger(readOnlyAt: context.paths.database)
      names = ProductNames(catalog: try context.loadCatalog())
      directory = SupportDirectory(ledger: ledger)
      now = try ledger.clock()?.now(real: Date()) ?? Date()
    } else {
      let store = try context.openStore()
      names = ProductNames(catalog: store.catalog)
      directory = store.backend.supportStore()
      now = store.clock.now()
    }
  }

  /// The session the Customers screen reads through: the front end's own App Store (opened for
  /// writing, so answers are given at the simulated now) and its app database.
  init(store: StoreContext, appDatabase: String) throws {
    self.appDatabase = appDatabase
    isReadOnly = false
    nonRenewingLength = store.engine.session.nonRenewingDuration
    names = ProductNames(catalog: store.engine.catalog)
    directory = store.backend.supportStore()
    now = store.clock.now()
  }

  /// The account's consumable balances, read without changing the app database; nil when the
  /// app never ran for this ledger.
  func balances(account: String) -> [String: Int]? {
    // Opened for writing, the store probed this file a moment ago (`PRAGMA quick_check` reads
    // every page: about 5 ms at 10,000 deliveries); a read-only seat opened nothing, so checks.
    let options = DatabaseOptions(
      quickCheckMaximumBytes: isReadOnly ? DatabaseOptions().quickCheckMaximumBytes : 0,
      readOnly: true)
    guard FileManager.default.fileExists(atPath: appDatabase),
      let queue = try? DatabaseQueue(location: .file(appDatabase), options: options)
    else { return nil }
    return try? queue.read { db in
      var result: [String: Int] = [:]
      for row in try db.fetchAll(
        "SELECT product_id, balance FROM balances WHERE account = ?", [.text(account)])
      {
        result[try row.get(String.self, at: 0)] = try row.get(Int.self, at: 1)
      }
      return result
    }
  }

  /// The time to explain `history` at: now, except on a read-only seat whose ledger has
  /// renewals or expiries due that only a writer can generate; then just before the first of
  /// them, so no subscription reads as lapsed merely because its renewal was not recorded yet.
  func answerTime(for history: CustomerHistory) -> Date {
    guard isReadOnly else { return now }
    let due = history.subscriptions.compactMap(\.nextEventDate).filter { $0 <= now }.min()
    return due.map { $0.addingTimeInterval(-0.001) } ?? now
  }

  /// What `history`'s customer can use and why, at ``answerTime(for:)``: the explainer's
  /// lines, with access as `Transaction.currentEntitlements` decides it.
  func explain(_ history: CustomerHistory) -> [AccessExplanation] {
    AccessExplainer.explain(
      history, names: names, nonRenewingLength: nonRenewingLength, now: answerTime(for: history))
  }

  /// The history of `customerID` with its balances, at most `limit` of its newest events and
  /// transactions beside what the explainer decides from, or a one-sentence failure.
  func historyWindow(_ customerID: String, limit: Int) throws -> CustomerHistoryWindow {
    guard
      let window = try directory.historyWindow(
        customerID: customerID, balances: balances(account: customerID) ?? [:], limit: limit)
    else { throw Self.noCustomer(customerID) }
    return window
  }

  /// The failure for a customer ID nobody has.
  static func noCustomer(_ customerID: String) -> CommandFailure {
    CommandFailure(
      "no customer \"\(customerID)\" (storeterm customers --find TEXT searches for one)")
  }

  /// The history of `customerID` with its balances, or a one-sentence failure.
  func history(_ customerID: String) throws -> CustomerHistory {
    guard
      let history = try directory.history(
        customerID: customerID, balances: balances(account: customerID) ?? [:],
        summaryOnly: false)
    else { throw Self.noCustomer(customerID) }
    return history
  }

  /// Each match with the explainer's lines from its summary history: a search result's rows.
  ///
  /// The summaries are read together; a match gone since the search is a one-sentence failure.
  func explainSummaries(_ matches: [CustomerMatch]) throws
    -> [(match: CustomerMatch, lines: [AccessExplanation])]
  {
    let summaries = try directory.summaries(customerIDs: matches.map(\.id))
    return try matches.map { match in
      guard let history = summaries[match.id] else { throw Self.noCustomer(match.id) }
      return (match, explain(history))
    }
  }
}
