import Foundation

/// Signs App Store Server Notifications V2 as the App Store does: a `ResponseBodyV2` payload
/// with the transaction (as the App Store Server API returns it), the renewal info and the
/// subscription's status, signed with the injected signer at the injected clock's time.
public struct ServerNotificationFactory: NotificationWriter {
  let signer: any Signer
  let clock: any StoreClock
  let ids: any IdentifierGenerator
  let identity: SignedDataConfiguration

  /// Signs with `signer` at `clock`'s time, with UUIDs from `ids`; `identity` names the app of
  /// notifications without a transaction (a test notification).
  public init(
    signer: any Signer, clock: any StoreClock, ids: any IdentifierGenerator,
    identity: SignedDataConfiguration
  ) {
    self.signer = signer
    self.clock = clock
    self.ids = ids
    self.identity = identity
  }

  /// The notification for `event`, or nil when Apple sends none for it.
  public func notification(
    for event: StoreEvent, transaction: SignedTransaction?, subscription: SubscriptionRecord?
  ) throws -> OutboxNotification? {
    guard let kind = NotificationKind.of(event, transaction: transaction?.payload) else {
      return nil
    }
    return try sign(
      kind, customerID: event.customerID, transaction: transaction, subscription: subscription,
      at: event.date,
      reason: kind.type == .consumptionRequest
        ? ConsumptionRequestReason(rawValue: event.detail) ?? .other : nil)
  }

  /// A `TEST` notification for the app (Request a Test Notification).
  public func testNotification() throws -> OutboxNotification {
    try sign(
      NotificationKind(.test), customerID: "", transaction: nil, subscription: nil,
      at: clock.now())
  }

  /// A `RENEWAL_EXTENSION`/`SUMMARY` notification for the app: a mass renewal-date extension
  /// completed (its `summary`, no transaction).
  public func renewalExtensionSummary(
    productID: String, requestIdentifier: String, storefrontCountryCodes: [String]?,
    succeeded: Int, failed: Int
  ) throws -> OutboxNotification {
    let now = clock.now()
    let uuid = ids.makeUUID()
    let kind = NotificationKind(.renewalExtension, .summary)
    let summary = NotificationSummary(
      environment: identity.environment, bundleId: identity.bundleId, productId: productID,
      requestIdentifier: requestIdentifier, storefrontCountryCodes: storefrontCountryCodes,
      succeededCount: Int64(succeeded), failedCount: Int64(failed))
    let body = ResponseBodyV2DecodedPayload(
      notificationType: kind.type, subtype: kind.subtype, notificationUUID: uuid,
      summary: summary, version: "2.0", signedDate: now.epochMilliseconds)
    return OutboxNotification(
      uuid: uuid, kind: kind, signedPayload: try signer.sign(body), signedDate: now,
      bundleID: identity.bundleId, environment: identity.environment, customerID: "",
      transactionID: nil)
  }

  private func sign(
    _ kind: NotificationKind, customerID: String, transaction: SignedTransaction?,
    subscription: SubscriptionRecord?, at eventDate: Date,
    reason: ConsumptionRequestReason? = nil
  ) throws -> OutboxNotification {
    let now = clock.now()
    let signedDate = now.epochMilliseconds
    let bundleID = transaction?.payload.bundleId ?? identity.bundleId
    let environment = transaction?.payload.environment ?? identity.environment
    var data = NotificationData(environment: environment, bundleId: bundleID)
    data.consumptionRequestReason = reason
    if let payload = transaction?.payload {
      data.signedTransactionInfo = try signer.sign(payload.asServerSends(signedDate: signedDate))
    }
    if let subscription {
      data.signedRenewalInfo = subscription.renewalInfo?.jws
      data.status = SubscriptionStatusCode(subscription.state.renewalState(at: eventDate))
    }
    let uuid = ids.makeUUID()
    let body = ResponseBodyV2DecodedPayload(
      notificationType: kind.type, subtype: kind.subtype, notificationUUID: uuid, data: data,
      version: "2.0", signedDate: signedDate)
    return OutboxNotification(
      uuid: uuid, kind: kind, signedPayload: try signer.sign(body), signedDate: now,
      bundleID: bundleID, environment: environment, customerID: customerID,
      transactionID: transaction?.id)
  }
}
