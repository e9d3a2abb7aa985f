import Foundation

extension Product {
  /// StoreKit's `Product.PurchaseError`.
  public typealias PurchaseError = StoreCore.PurchaseError

  /// The products with these identifiers that the App Store offers; unknown ones are left out.
  public static func products(for identifiers: some Collection<String>) async throws -> [Product] {
    let configuration = try StoreKitRuntime.configuration()
    let wanted = Set(identifiers)
    return try configuration.engine.products(customerID: configuration.customerID)
      .filter { wanted.contains($0.id) }
  }

  /// Buys the product: StoreKit's `purchase(options:)`.
  ///
  /// - Returns: `.success` with the verified transaction, `.userCancelled`, or `.pending` when
  ///   the purchase waits for Ask to Buy approval or an interruption to be resolved (the
  ///   transaction then arrives through `Transaction.updates`).
  /// - Throws: `Product.PurchaseError` or `StoreKitError`.
  public func purchase(options: Set<PurchaseOption> = []) async throws -> PurchaseResult {
    let configuration = try StoreKitRuntime.configuration()
    var purchaseOptions = PurchaseOptions()
    for option in options { option.apply(to: &purchaseOptions) }
    switch try configuration.engine.purchase(
      id, customerID: configuration.customerID, options: purchaseOptions)
    {
    case .success(let signed): return .success(StoreKitRuntime.verify(signed, with: configuration))
    case .pending: return .pending
    case .userCancelled: return .userCancelled
    }
  }

  /// The outcome of a purchase: StoreKit's `Product.PurchaseResult`.
  public enum PurchaseResult: Sendable, Equatable {
    /// The purchase succeeded with a transaction to verify.
    case success(VerificationResult<Transaction>)
    /// The customer cancelled.
    case userCancelled
    /// The purchase waits for approval; its transaction arrives through `Transaction.updates`.
    case pending
  }

  /// An option for `purchase(options:)`: StoreKit's `Product.PurchaseOption`.
  public struct PurchaseOption: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
      case quantity(Int)
      case appAccountToken(UUID)
      case offer(PurchaseOptions.OfferChoice)
      case askToBuy(Bool)
    }

    private let kind: Kind

    /// Buys several of a consumable.
    public static func quantity(_ quantity: Int) -> PurchaseOption {
      PurchaseOption(kind: .quantity(quantity))
    }

    /// Associates the purchase with the app's account for the customer.
    public static func appAccountToken(_ token: UUID) -> PurchaseOption {
      PurchaseOption(kind: .appAccountToken(token))
    }

    /// Applies a promotional offer.
    ///
    /// storeterm does not check the signature; it checks the offer identifier and the
    /// customer's eligibility.
    public static func promotionalOffer(
      offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int
    ) -> PurchaseOption {
      PurchaseOption(kind: .offer(.promotional(offerID)))
    }

    /// Applies a win-back offer.
    public static func winBackOffer(_ offer: Product.SubscriptionOffer) -> PurchaseOption {
      PurchaseOption(kind: .offer(.winBack(offer.id ?? "")))
    }

    /// Asks a parent first, as the sandbox's Ask to Buy simulation does.
    public static func simulatesAskToBuyInSandbox(_ enabled: Bool) -> PurchaseOption {
      PurchaseOption(kind: .askToBuy(enabled))
    }

    /// Sets this option on `options`.
    public func apply(to options: inout PurchaseOptions) {
      switch kind {
      case .quantity(let quantity): options.quantity = quantity
      case .appAccountToken(let token): options.appAccountToken = token
      case .offer(let choice): options.offer = choice
      case .askToBuy(let enabled): options.askToBuy = enabled
      }
    }
  }
}

extension Product.SubscriptionInfo {
  /// Whether the customer may still get an introductory offer in this group.
  public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
    guard let configuration = try? StoreKitRuntime.configuration(),
      let products = try? configuration.engine.products(customerID: configuration.customerID)
    else { return false }
    return products.first { $0.subscription?.subscriptionGroupID == groupID }?
      .subscription?.isEligibleForIntroOffer ?? true
  }
}
