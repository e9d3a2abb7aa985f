import StoreCore
import StoreKit
import StorePersistence

/// The app's own record of what it delivered: the `fulfillment` table keyed by transaction
/// identifier, and consumable balances, in the app's SQLite file.
///
/// One ``grant(_:hook:)`` is one SQLite transaction: the fulfillment row and the balance change
/// commit together or not at all, and a transaction already recorded changes nothing, so the
/// same transaction delivered twice (by its purchase result and by `Transaction.updates`, or
/// replayed at launch) grants once. The app calls `finish()` only after this commit.
///
/// Rows and balances belong to one App Store account (the account signed in on the simulated
/// device), so several accounts can share a file.
public final class FulfillmentStore: Sendable {
  /// The database.
  public let queue: DatabaseQueue
  /// The App Store account whose deliveries this store records.
  public let account: String

  /// Opens (creating if needed) the app's database at `location` and brings its schema up to
  /// date.
  ///
  /// - Throws: `PersistenceError` for a file that is not a storeterm database or was written by
  ///   a newer storeterm, or `SQLiteError`.
  ///
  /// - Parameter options: how the file is opened (a scenario replay's scratch database does
  ///   not wait for the disk at every commit).
  public init(
    location: DatabaseLocation, account: String = Customer.defaultID,
    options: DatabaseOptions = DatabaseOptions()
  ) throws {
    queue = try DatabaseQueue(location: location, options: options)
    self.account = account
    try FulfillmentSchema.migrator.migrate(queue)
  }

  /// The highest transaction identifier the app recorded for any account, or nil for none.
  public func highestTransactionID() throws -> UInt64? {
    try queue.read { db in
      try db.fetchOne("SELECT max(transaction_id) FROM fulfillment")?.get(Int64?.self, at: 0)
    }.map { UInt64(max(0, $0)) }
  }

  /// Records `grant` and changes the balance, once per transaction.
  ///
  /// Refund policy: a refunded consumable takes back what it granted, but never more than the
  /// balance holds; units the customer already spent are reported as uncollected rather than
  /// driving the balance below zero.
  ///
  /// - Parameter hook: a test hook fired at ``FaultPoint/insideGrant`` before the commit; a
  ///   throw rolls everything back.
  public func grant(_ grant: Grant, hook: FaultHook? = nil) throws -> GrantOutcome {
    try queue.write { db in
      let outcome = try apply(grant, db: db)
      try hook?.fire(.insideGrant)
      return outcome
    }
  }

  /// The row for `transactionID`, if the app handled it.
  public func record(transactionID: UInt64) throws -> FulfillmentRecord? {
    try queue.read { db in
      try db.fetchOne(
        """
        SELECT transaction_id, product_id, granted, reversed, revoked FROM fulfillment
        WHERE transaction_id = ? AND account = ?
        """, [.integer(Int64(transactionID)), .text(account)]
      ).map { row in
        FulfillmentRecord(
          transactionID: UInt64(try row.get(Int64.self, at: 0)),
          productID: try row.get(String.self, at: 1), granted: try row.get(Int.self, at: 2),
          reversed: try row.get(Int.self, at: 3), isRevoked: try row.get(Int.self, at: 4) != 0)
      }
    }
  }

  /// Every consumable balance of the account, by product identifier.
  public func balances() throws -> [String: Int] {
    try queue.read { db in
      var result: [String: Int] = [:]
      for row in try db.fetchAll(
        "SELECT product_id, balance FROM balances WHERE account = ?", [.text(account)])
      {
        result[try row.get(String.self, at: 0)] = try row.get(Int.self, at: 1)
      }
      return result
    }
  }

  /// Spends `units` of a consumable (the customer used coins) and returns the balance left.
  ///
  /// - Throws: ``FulfillmentError/insufficientBalance(productID:balance:requested:)`` when the
  ///   balance holds fewer units; nothing changes then.
  @discardableResult
  public func spend(_ units: Int, of productID: String) throws -> Int {
    try queue.write { db in
      let balance = try currentBalance(productID, db: db)
      guard units >= 0, units <= balance else {
        throw FulfillmentError.insufficientBalance(
          productID: productID, balance: balance, requested: units)
      }
      try db.execute(
        "UPDATE balances SET balance = balance - ? WHERE account = ? AND product_id = ?",
        [.integer(Int64(units)), .text(account), .text(productID)])
      return balance - units
    }
  }

  // MARK: - Private

  private func apply(_ grant: Grant, db: SQLiteConnection) throws -> GrantOutcome {
    let id = Int64(grant.transactionID)
    let existing = try db.fetchOne(
      "SELECT granted, revoked FROM fulfillment WHERE transaction_id = ? AND account = ?",
      [.integer(id), .text(account)])
    let isConsumable = grant.productType == .consumable
    guard let existing else {
      let units = isConsumable && !grant.isRevoked ? grant.quantity : 0
      try db.execute(
        """
        INSERT INTO fulfillment (transaction_id, account, product_id, product_type, quantity,
          granted, reversed, revoked, purchase_date_ms, revocation_date_ms)
        VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)
        """,
        [
          .integer(id), .text(account), .text(grant.productID), .text(grant.productType.rawValue),
          .integer(Int64(grant.quantity)), .integer(Int64(units)),
          .integer(grant.isRevoked ? 1 : 0), .integer(grant.purchaseDateMilliseconds),
          SQLiteValue(grant.revocationDateMilliseconds),
        ])
      if grant.isRevoked { return .revokedBeforeDelivery }
      if units > 0 { try addToBalance(grant.productID, units, db: db) }
      return .granted(units: units)
    }
    let wasRevoked = try existing.get(Int.self, at: 1) != 0
    guard grant.isRevoked, !wasRevoked else { return .alreadyGranted }
    let granted = try existing.get(Int.self, at: 0)
    let balance = try currentBalance(grant.productID, db: db)
    let taken = min(granted, balance)
    try db.execute(
      """
      UPDATE fulfillment SET revoked = 1, reversed = ?, revocation_date_ms = ?
      WHERE transaction_id = ? AND account = ?
      """,
      [
        .integer(Int64(taken)), SQLiteValue(grant.revocationDateMilliseconds), .integer(id),
        .text(account),
      ])
    if taken > 0 {
      try db.execute(
        "UPDATE balances SET balance = balance - ? WHERE account = ? AND product_id = ?",
        [.integer(Int64(taken)), .text(account), .text(grant.productID)])
    }
    return .reversed(units: taken, uncollected: granted - taken)
  }

  private func currentBalance(_ productID: String, db: SQLiteConnection) throws -> Int {
    try db.fetchOne(
      "SELECT balance FROM balances WHERE account = ? AND product_id = ?",
      [.text(account), .text(productID)]
    )?.get(Int.self, at: 0) ?? 0
  }

  private func addToBalance(_ productID: String, _ units: Int, db: SQLiteConnection) throws {
    // SQLite turns an overflowing integer sum into a REAL; refuse before that can happen.
    let balance = try currentBalance(productID, db: db)
    guard units >= 0, !balance.addingReportingOverflow(units).overflow else {
      throw FulfillmentError.balanceOverflow(productID: productID, balance: balance, adding: units)
    }
    try db.execute(
      """
      INSERT INTO balances (account, product_id, balance) VALUES (?, ?, ?)
      ON CONFLICT (account, product_id) DO UPDATE SET balance = balance + excluded.balance
      """, [.text(account), .text(productID), .integer(Int64(units))])
  }
}

/// A change to the app's records that was refused.
public enum FulfillmentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A spend asked for more units than the balance holds (or a negative number).
  case insufficientBalance(productID: String, balance: Int, requested: Int)
  /// A grant would take a balance past the largest whole number a balance can hold.
  case balanceOverflow(productID: String, balance: Int, adding: Int)

  /// One sentence.
  public var description: String {
    switch self {
    case .insufficientBalance(let productID, let balance, let requested):
      "cannot spend \(requested) of \(productID): the balance is \(balance)"
    case .balanceOverflow(let productID, let balance, let adding):
      "cannot add \(adding) to \(productID): the balance \(balance) would overflow"
    }
  }
}
