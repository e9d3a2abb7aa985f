import Foundation
import StoreCore

/// Where the App Store Server API's data-changing requests are kept (mass extensions,
/// consumption information): the port `storeterm serve` writes them through, on SQLite or
/// PostgreSQL.
public protocol ServerRequestStore: Sendable {
  /// The original transaction IDs of the subscriptions whose current product is `productID`,
  /// in order.
  func subscriptionOriginalIDs(productID: String) throws -> [UInt64]

  /// The recorded mass extension of `productID` named `requestIdentifier` for the app, if any.
  func massExtension(
    productID: String, requestIdentifier: String, identity: SignedDataConfiguration
  ) throws -> MassExtensionStatus?

  /// Records a completed mass extension and its `RENEWAL_EXTENSION`/`SUMMARY` notification in
  /// one transaction; false (nothing written) when the request was recorded already.
  @discardableResult
  func recordMassExtension(
    productID: String, status: MassExtensionStatus, identity: SignedDataConfiguration,
    requested: Date, summary: OutboxNotification
  ) throws -> Bool

  /// Stores a Send Consumption Information body (`version` 1 or 2) for transaction `id`.
  func recordConsumption(transactionID id: UInt64, version: Int, bodyJSON: String, date: Date)
    throws

  /// The consumption bodies stored for transaction `id`, oldest first (at most the latest 100).
  func consumption(transactionID id: UInt64) throws
    -> [(version: Int, bodyJSON: String, received: Date)]
}

extension ServerRequests: ServerRequestStore {}
