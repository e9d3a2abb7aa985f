import Foundation

/// A purchase the customer started outside the app (a promoted product chosen on the App
/// Store), for the app to complete: what `PurchaseIntent.intents` emits.
public struct PurchaseIntentRequest: Sendable, Equatable {
  /// The intent's identifier (the event's detail), so a process hears of it once.
  public var id: String
  /// The customer whose app receives it.
  public var customerID: String
  /// The product chosen.
  public var productID: String
  /// The win-back offer the customer chose with it, if any (`PurchaseIntent.offer`).
  public var offerID: String?

  /// Creates a request.
  public init(id: String, customerID: String, productID: String, offerID: String? = nil) {
    self.id = id
    self.customerID = customerID
    self.productID = productID
    self.offerID = offerID
  }

  /// The event's detail that records it: the identifier, then the offer's after a space (an
  /// identifier is a UUID, so it has none).
  var eventDetail: String { offerID.map { "\(id) \($0)" } ?? id }

  /// The request a `purchaseIntentSent` event records.
  init(event: StoreEvent, productID: String) {
    let parts = event.detail.split(separator: " ", maxSplits: 1).map(String.init)
    self.init(
      id: parts.first ?? "", customerID: event.customerID, productID: productID,
      offerID: parts.count > 1 ? parts[1] : nil)
  }
}

extension StoreEngine {
  /// Sends `customerID`'s app a purchase intent for `productID`, as the App Store does when the
  /// customer chooses a promoted product (Xcode's "Send Purchase Intent"): recorded as an event,
  /// so the app of another process hears of it from the ledger, and delivered at once to this
  /// process's listeners.
  ///
  /// With `offerID`, the customer chose that win-back offer on the App Store (the App Store
  /// shows one only to a customer who can redeem it: check ``availableOffers(customerID:)``).
  ///
  /// - Throws: `StoreEngineError.unknownProduct` for a product the catalog does not sell.
  @discardableResult
  public func sendPurchaseIntent(
    productID: String, offerID: String? = nil, customerID: String = Customer.defaultID
  ) throws -> PurchaseIntentRequest {
    guard catalog.product(id: productID) != nil else {
      throw StoreEngineError.unknownProduct(productID)
    }
    let intent = PurchaseIntentRequest(
      id: ids.makeUUID().uuidString, customerID: customerID, productID: productID,
      offerID: offerID)
    // The customer's account exists once they use the App Store.
    _ = try customer(customerID)
    let now = clock.now()
    try ledger.change(customerID: customerID, scope: .none) { _ in
      var changes = LedgerChanges()
      changes.events.append(
        StoreEvent(
          date: now, customerID: customerID, kind: .purchaseIntentSent, productID: productID,
          detail: intent.eventDetail))
      return (changes, ())
    }
    deliver(intent)
    return intent
  }

  /// Delivers the purchase intent a `purchaseIntentSent` event records to this process's
  /// listeners, unless they already heard of it (it was sent from this process).
  public func deliverPurchaseIntent(of event: StoreEvent) {
    guard event.kind == .purchaseIntentSent, let productID = event.productID else { return }
    deliver(PurchaseIntentRequest(event: event, productID: productID))
  }

  /// `PurchaseIntent.intents` of `customerID`: each intent sent from now on.
  public func purchaseIntents(customerID: String = Customer.defaultID)
    -> AsyncStream<PurchaseIntentRequest>
  {
    intentListeners.subscribe(customerID: customerID)
  }

  private func deliver(_ intent: PurchaseIntentRequest) {
    guard deliveredIntents.withLock({ $0.insert(intent.id).inserted }) else { return }
    intentListeners.broadcast(intent, customerID: intent.customerID)
  }
}
