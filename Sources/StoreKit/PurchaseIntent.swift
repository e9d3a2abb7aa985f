import StoreCore

/// A purchase the customer started outside the app — a promoted product chosen on the App
/// Store — for the app to complete by calling `purchase(options:)` on its product.
public struct PurchaseIntent: Equatable, Hashable, Identifiable, Sendable {
  /// The product the customer chose.
  public let product: Product
  /// The subscription offer to apply to the purchase, if the customer chose one.
  public let offer: Product.SubscriptionOffer?

  /// The product's identifier.
  public var id: Product.ID { product.id }

  init(product: Product, offer: Product.SubscriptionOffer? = nil) {
    self.product = product
    self.offer = offer
  }

  /// Each purchase intent from the moment the sequence is iterated (start it as the app
  /// launches); QA sends one with `storeterm purchase-intent` or the transaction manager.
  public static var intents: PurchaseIntent.PurchaseIntents { PurchaseIntents() }

  /// The sequence of ``intents``.
  public struct PurchaseIntents: AsyncSequence, Sendable {
    /// Each purchase intent.
    public typealias Element = PurchaseIntent

    /// Starts listening (the signed-in account's App Store at this moment).
    public func makeAsyncIterator() -> AsyncIterator {
      let configuration = try? StoreKitRuntime.configuration()
      let stream = configuration.map {
        $0.engine.purchaseIntents(customerID: $0.customerID)
      }
      return AsyncIterator(source: stream?.makeAsyncIterator(), configuration: configuration)
    }

    /// Reads the next purchase intent.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var source: AsyncStream<PurchaseIntentRequest>.Iterator?
      let configuration: StoreKitRuntime.Configuration?

      /// The next intent whose product is for sale, or nil when no App Store can be reached.
      public mutating func next() async -> PurchaseIntent? {
        guard let configuration else { return nil }
        while let request = await source?.next() {
          let catalog = configuration.engine.catalog
          guard let entry = catalog.product(id: request.productID) else { continue }
          let product = Product(entry, catalog: catalog)
          let offer = request.offerID.flatMap { id in
            product.subscription?.winBackOffers.first { $0.id == id }
          }
          return PurchaseIntent(product: product, offer: offer)
        }
        return nil
      }
    }
  }
}
