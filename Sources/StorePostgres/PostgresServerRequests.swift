import Foundation
import StoreCore
import StorePersistence

/// Mass extensions and consumption information in the PostgreSQL ledger: SQLite's
/// `ServerRequests` behind the same port, its writes under the writers' lock.
public struct PostgresServerRequests: ServerRequestStore {
  /// The ledger's database.
  public let database: PostgresDatabase

  /// Works on `ledger`'s database.
  public init(ledger: PostgresLedger) { database = ledger.database }

  /// The original transaction IDs of the subscriptions whose current product is `productID`,
  /// in order.
  public func subscriptionOriginalIDs(productID: String) throws -> [UInt64] {
    try database.read { db in
      try db.execute(
        "SELECT original_id FROM subscriptions WHERE state_json::jsonb ->> 'productID' = $1"
          + " ORDER BY original_id", [.text(productID)]
      ).map { UInt64(try $0.int64("original_id")) }
    }
  }

  /// The recorded mass extension of `productID` named `requestIdentifier` for the app, if any.
  public func massExtension(
    productID: String, requestIdentifier: String, identity: SignedDataConfiguration
  ) throws -> MassExtensionStatus? {
    try database.read { db in
      try db.fetchOne(
        """
        SELECT complete_ms, succeeded, failed FROM mass_extensions
        WHERE product_id = $1 AND request_identifier = $2 AND bundle_id = $3 AND environment = $4
        """,
        [
          .text(productID), .text(requestIdentifier), .text(identity.bundleId),
          .text(identity.environment.rawValue),
        ]
      ).map { row in
        MassExtensionStatus(
          requestIdentifier: requestIdentifier,
          completeDate: try row.integer("complete_ms").map(Date.init(epochMilliseconds:)),
          succeeded: Int(try row.int64("succeeded")), failed: Int(try row.int64("failed")))
      }
    }
  }

  /// Records a completed mass extension and its summary notification in one transaction;
  /// false (nothing written) when the request was recorded already.
  @discardableResult
  public func recordMassExtension(
    productID: String, status: MassExtensionStatus, identity: SignedDataConfiguration,
    requested: Date, summary: OutboxNotification
  ) throws -> Bool {
    try database.write { db in
      let inserted = try db.execute(
        """
        INSERT INTO mass_extensions (product_id, request_identifier, bundle_id, environment,
          requested_ms, complete_ms, succeeded, failed)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
        ON CONFLICT DO NOTHING RETURNING product_id
        """,
        [
          .text(productID), .text(status.requestIdentifier), .text(identity.bundleId),
          .text(identity.environment.rawValue), .integer(requested.epochMilliseconds),
          PostgresValue(status.completeDate?.epochMilliseconds),
          .integer(Int64(status.succeeded)), .integer(Int64(status.failed)),
        ])
      guard !inserted.isEmpty else { return false }
      try PostgresLedger.insert(summary, afterEvent: false, db: db)
      return true
    }
  }

  /// Stores a Send Consumption Information body (`version` 1 or 2) for transaction `id`.
  public func recordConsumption(
    transactionID id: UInt64, version: Int, bodyJSON: String, date: Date
  ) throws {
    try database.write { db in
      try db.execute(
        """
        INSERT INTO consumption_info (transaction_id, version, body_json, received_ms)
        VALUES ($1, $2, $3, $4)
        """,
        [
          .integer(Int64(id)), .integer(Int64(version)), .text(bodyJSON),
          .integer(date.epochMilliseconds),
        ])
    }
  }

  /// The consumption bodies stored for transaction `id`, oldest first (at most the latest 100).
  public func consumption(transactionID id: UInt64) throws
    -> [(version: Int, bodyJSON: String, received: Date)]
  {
    try database.read { db in
      try db.execute(
        """
        SELECT * FROM (SELECT seq, version, body_json, received_ms FROM consumption_info
          WHERE transaction_id = $1 ORDER BY seq DESC LIMIT 100) AS latest ORDER BY seq
        """,
        [.integer(Int64(id))]
      ).map {
        (
          Int(try $0.int64("version")), try $0.string("body_json"),
          Date(epochMilliseconds: try $0.int64("received_ms"))
        )
      }
    }
  }
}
