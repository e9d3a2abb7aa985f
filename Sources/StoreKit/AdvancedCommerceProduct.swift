import Foundation
import StoreCore

/// A generic product of the Advanced Commerce API (iOS 18.4): one product ID under which the
/// developer's server sells items it defines per purchase, each purchase a request the
/// developer signs.
///
/// In storeterm the catalog names its generic products in `_advancedCommerceProductIDs`, and
/// the developer's requests are checked against the configuration's `subscriptionOffersKeyPair`
/// (Xcode's local signing key) or, where the host has them, the In-App Purchase keys registered
/// with `storeterm server-keys`. One-time charges are sold; a signed subscription request throws
/// `StoreKitError.unsupported`.
public struct AdvancedCommerceProduct: Identifiable, Equatable, Hashable,
  CustomDebugStringConvertible, Sendable
{
  /// A product identifier.
  public typealias ID = String
  /// The type of a generic product (`Product.ProductType`).
  public typealias ProductType = Product.ProductType
  /// The result of a purchase (`Product.PurchaseResult`).
  public typealias PurchaseResult = Product.PurchaseResult

  /// The generic product ID.
  public let id: AdvancedCommerceProduct.ID
  /// The generic product's type.
  public let type: AdvancedCommerceProduct.ProductType
  /// Whether the product may be sold with seats (iOS 27.3); storeterm's generic products are
  /// one-time charges, which have none.
  public let supportsMultiSeatPurchase: Bool

  /// Looks up the generic product `id`.
  ///
  /// - Throws: `StoreKitError.unsupported` when `id` is not an Advanced Commerce generic product
  ///   (an ordinary In-App Purchase or an unknown ID).
  public init(id: AdvancedCommerceProduct.ID) async throws {
    let configuration = try StoreKitRuntime.configuration()
    await StoreKitRuntime.roundTrip()
    guard configuration.engine.isAdvancedCommerceProduct(id),
      let entry = configuration.engine.catalog.product(id: id)
    else { throw StoreKitError.unsupported }
    self.id = id
    self.type = Product.type(of: entry)
    self.supportsMultiSeatPurchase = false
  }

  /// The transactions that entitle the customer to items bought under this product ID: every
  /// unrevoked one.
  public var currentEntitlements: Transaction.Transactions {
    Transaction.currentEntitlements(for: id)
  }

  /// Every transaction of items bought under this product ID.
  public var allTransactions: Transaction.Transactions { Transaction.all(for: id) }

  /// The latest transaction under this product ID, if any.
  public var latestTransaction: VerificationResult<Transaction>? {
    get async { await Transaction.latest(for: id) }
  }

  /// The product as text, for debugging.
  public var debugDescription: String {
    "AdvancedCommerceProduct(id: \(id), type: \(type.rawValue))"
  }

  /// Buys what the developer's signed request (`compactJWS`) describes (on Apple's platforms,
  /// watchOS only; elsewhere the call takes a window or view controller, which Linux lacks).
  ///
  /// The request must be signed with the configuration's key pair or a registered In-App
  /// Purchase key (`kid` its ID; `iss` the key's issuer), name this app's
  /// bundle (`bid`), the audience `advanced-commerce-api`, a nonce and an issue time within the
  /// last 24 hours; its `request` claim must be a one-time charge
  /// (`CREATE_ONE_TIME_CHARGE`) priced in the storefront's currency.
  ///
  /// - Throws: `Product.PurchaseError.invalidOfferSignature` for a request that is not signed
  ///   as above; `.missingOfferParameters` for a request that lacks what a charge needs;
  ///   `.invalidOfferPrice` for a price in another currency; `StoreKitError.unsupported` for a
  ///   subscription request; the simulated purchase failure.
  @MainActor public func purchase(
    compactJWS: String, options: Set<AdvancedCommerceProduct.PurchaseOption> = []
  ) async throws -> AdvancedCommerceProduct.PurchaseResult {
    let configuration = try StoreKitRuntime.configurationForChange()
    let engine = configuration.engine
    let charge = try AdvancedCommerceRequestCheck(
      bundleID: engine.bundleID, key: engine.catalog.configuration.subscriptionOffersKey,
      registered: configuration.developerKeys
    ).oneTimeCharge(compactJWS, currency: engine.catalog.storefront.currencyCode)
    let signed = try StoreKitRuntime.call(.purchase) {
      try engine.purchaseOneTimeCharge(id, customerID: configuration.customerID, charge: charge)
    }
    return .success(StoreKitRuntime.verify(signed, with: configuration))
  }

  /// An option of an Advanced Commerce purchase.
  public struct PurchaseOption: Equatable, Hashable, Sendable {
    /// The closure, compared and hashed by identity.
    let decision: StorefrontDecision

    /// Whether to continue a purchase when the storefront changes during it; storeterm's
    /// storefront changes only between purchases, so the closure is kept and never asked.
    public static func onStorefrontChange(
      shouldContinuePurchase: @escaping @Sendable (Storefront) -> Bool
    ) -> AdvancedCommerceProduct.PurchaseOption {
      PurchaseOption(decision: StorefrontDecision(shouldContinuePurchase))
    }

    /// Options are equal when they hold the same closure.
    public static func == (lhs: PurchaseOption, rhs: PurchaseOption) -> Bool {
      lhs.decision === rhs.decision
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(decision)) }
  }
}
