import Foundation
import StoreCore

/// A mass renewal-date extension as recorded: its counts and when it completed.
public struct MassExtensionStatus: Sendable, Equatable {
  /// The developer's `requestIdentifier`.
  public var requestIdentifier: String
  /// When it completed (nil while it runs).
  public var completeDate: Date?
  /// Subscriptions extended.
  public var succeeded: Int
  /// Subscriptions that could not be.
  public var failed: Int

  /// Creates a status.
  public init(requestIdentifier: String, completeDate: Date?, succeeded: Int, failed: Int) {
    self.requestIdentifier = requestIdentifier
    self.completeDate = completeDate
    self.succeeded = succeeded
    self.failed = failed
  }
}

/// What the App Store Server API's data-changing requests leave in the ledger beside the
/// engine's own state: mass extensions and consumption information, through prepared
/// statements on the ledger's queue.
public struct ServerRequests: Sendable {
  /// The ledger's database.
  public let queue: DatabaseQueue

  /// Works on `ledger`'s database.
  public init(ledger: SQLiteLedger) { queue = ledger.queue }

  /// The original transaction IDs of the subscriptions whose current product is `productID`,
  /// in order.
  public func subscriptionOriginalIDs(productID: String) throws -> [UInt64] {
    try queue.read { db in
      try db.fetchAll(
        """
        SELECT original_id FROM subscriptions
        WHERE json_extract(state_json, '$.productID') = ? ORDER BY original_id
        """, [.text(productID)]
      ).map { UInt64(try $0.get(Int64.self, at: 0)) }
    }
  }

  /// The recorded mass extension of `productID` named `requestIdentifier` for the app, if any.
  public func massExtension(
    productID: String, requestIdentifier: String, identity: SignedDataConfiguration
  ) throws -> MassExtensionStatus? {
    try queue.read { db in
      try db.fetchOne(
        """
        SELECT complete_ms, succeeded, failed FROM mass_extensions
        WHERE product_id = ? AND request_identifier = ? AND bundle_id = ? AND environment = ?
        """,
        [
          .text(productID), .text(requestIdentifier), .text(identity.bundleId),
          .text(identity.environment.rawValue),
        ]
      ).map { row in
        MassExtensionStatus(
          requestIdentifier: requestIdentifier,
          completeDate: try row.get(Int64?.self, at: 0).map(Date.init(epochMilliseconds:)),
          succeeded: Int(try row.get(Int64.self, at: 1)),
          failed: Int(try row.get(Int64.self, at: 2)))
      }
    }
  }

  /// Records a completed mass extension and its `RENEWAL_EXTENSION`/`SUMMARY` notification in
  /// one SQLite transaction; returns false (and writes nothing) when the request was recorded
  /// already (two identical requests at once).
  @discardableResult
  public func recordMassExtension(
    productID: String, status: MassExtensionStatus, identity: SignedDataConfiguration,
    requested: Date, summary: OutboxNotification
  ) throws -> Bool {
    try queue.write { db in
      try db.execute(
        """
        INSERT OR IGNORE INTO mass_extensions (product_id, request_identifier, bundle_id, environment,
          requested_ms, complete_ms, succeeded, failed)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(productID), .text(status.requestIdentifier), .text(identity.bundleId),
          .text(identity.environment.rawValue), .integer(requested.epochMilliseconds),
          SQLiteValue(status.completeDate?.epochMilliseconds),
          .integer(Int64(status.succeeded)), .integer(Int64(status.failed)),
        ])
      guard try db.fetchOne("SELECT changes()")?.get(Int64.self, at: 0) == 1 else {
        return false
      }
      try SQLiteLedger.insert(summary, eventSequence: nil, db: db)
      return true
    }
  }

  /// Stores a Send Consumption Information body (`version` 1 or 2) for transaction `id`.
  public func recordConsumption(
    transactionID id: UInt64, version: Int, bodyJSON: String, date: Date
  ) throws {
    try queue.write { db in
      try db.execute(
        """
        INSERT INTO consumption_info (transaction_id, version, body_json, received_ms)
        VALUES (?, ?, ?, ?)
        """,
        [
          .integer(Int64(id)), .integer(Int64(version)), .text(bodyJSON),
          .integer(date.epochMilliseconds),
        ])
    }
  }

  /// The consumption bodies stored for transaction `id`, oldest first, with their versions
  /// and when they arrived (at most the latest 100).
  public func consumption(transactionID id: UInt64) throws
    -> [(version: Int, bodyJSON: String, received: Date)]
  {
    try queue.read { db in
      try db.fetchAll(
        """
        SELECT * FROM (SELECT seq, version, body_json, received_ms FROM consumption_info
          WHERE transaction_id = ? ORDER BY seq DESC LIMIT 100) ORDER BY seq
        """,
        [.integer(Int64(id))]
      ).map {
        (
          Int(try $0.get(Int64.self, at: 1)), try $0.get(String.self, at: 2),
          Date(epochMilliseconds: try $0.get(Int64.self, at: 3))
        )
      }
    }
  }
}

extension SQLiteLedger {
  /// The latest Send Consumption Information body stored for transaction `transactionID`.
  public func latestConsumption(transactionID: UInt64) throws -> (version: Int, bodyJSON: String)? {
    try ServerRequests(ledger: self).consumption(transactionID: transactionID).last.map {
      ($0.version, $0.bodyJSON)
    }
  }
}
