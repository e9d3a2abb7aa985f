import Foundation
import StoreCore

extension Product {
  /// An option for `purchase(options:)`.
  public struct PurchaseOption: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    enum Kind: Hashable, Sendable {
      case quantity(Int)
      case appAccountToken(UUID)
      case askToBuy(Bool)
      case custom(key: String, value: CustomValue)
      case storefrontChange(ObjectIdentifier)
      case promotionalOffer(offerID: String, signed: String)
      case introductoryOfferEligibility(compactJWS: String)
      case winBackOffer(String)
      case purchaseDate(Date, renewsUntilNow: Bool)
      case testOffer(PurchaseOptions.OfferChoice)
      case billingPlanType(String)
      case seats(Int)
    }

    /// A custom option's value.
    enum CustomValue: Hashable, Sendable {
      case string(String)
      case double(Double)
      case bool(Bool)
      case data(Data)
    }

    let kind: Kind
    /// The closure of `onStorefrontChange`, kept beside its identity.
    let storefrontDecision: StorefrontDecision?

    init(_ kind: Kind, storefrontDecision: StorefrontDecision? = nil) {
      self.kind = kind
      self.storefrontDecision = storefrontDecision
    }

    /// Options are equal when they ask the same (closures by identity).
    public static func == (lhs: PurchaseOption, rhs: PurchaseOption) -> Bool {
      lhs.kind == rhs.kind
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// The option as written in code, such as `quantity(2)`.
    public var debugDescription: String { "PurchaseOption.\(kind)" }

    /// Associates the purchase with the app's account for the customer.
    public static func appAccountToken(_ token: UUID) -> PurchaseOption {
      PurchaseOption(.appAccountToken(token))
    }

    /// Buys several of a consumable or non-renewing subscription (1 to 10).
    public static func quantity(_ quantity: Int) -> PurchaseOption {
      PurchaseOption(.quantity(quantity))
    }

    /// Asks a parent first, as the sandbox's Ask to Buy simulation does.
    public static func simulatesAskToBuyInSandbox(_ simulatesAskToBuy: Bool) -> PurchaseOption {
      PurchaseOption(.askToBuy(simulatesAskToBuy))
    }

    /// A custom key and string value, passed to the App Store.
    public static func custom(key: String, value: String) -> PurchaseOption {
      PurchaseOption(.custom(key: key, value: .string(value)))
    }

    /// A custom key and number value, passed to the App Store.
    public static func custom(key: String, value: Double) -> PurchaseOption {
      PurchaseOption(.custom(key: key, value: .double(value)))
    }

    /// A custom key and Boolean value, passed to the App Store.
    public static func custom(key: String, value: Bool) -> PurchaseOption {
      PurchaseOption(.custom(key: key, value: .bool(value)))
    }

    /// A custom key and data value, passed to the App Store.
    public static func custom(key: String, value: Data) -> PurchaseOption {
      PurchaseOption(.custom(key: key, value: .data(value)))
    }

    /// Decides whether the purchase goes on when the storefront changes during it.
    public static func onStorefrontChange(
      shouldContinuePurchase: @escaping @Sendable (Storefront) -> Bool
    ) -> PurchaseOption {
      let decision = StorefrontDecision(shouldContinuePurchase)
      return PurchaseOption(
        .storefrontChange(ObjectIdentifier(decision)), storefrontDecision: decision)
    }

    /// Applies a promotional offer with its signature's parts.
    @available(*, deprecated, message: "Use promotionalOffer(_:compactJWS:)")
    public static func promotionalOffer(
      offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int
    ) -> PurchaseOption {
      PurchaseOption(
        .promotionalOffer(offerID: offerID, signed: "\(keyID).\(nonce).\(timestamp).\(signature)"))
    }

    /// Applies a promotional offer with its signature.
    @available(*, deprecated, message: "Use promotionalOffer(_:compactJWS:)")
    public static func promotionalOffer(
      offerID: String, signature: Product.SubscriptionOffer.Signature
    ) -> PurchaseOption {
      PurchaseOption(
        .promotionalOffer(
          offerID: offerID,
          signed: "\(signature.keyID).\(signature.nonce).\(signature.timestamp)"))
    }

    /// Applies a promotional offer signed as a compact JWS by the developer's server.
    public static func promotionalOffer(_ offerID: String, compactJWS: String) -> [PurchaseOption] {
      [PurchaseOption(.promotionalOffer(offerID: offerID, signed: compactJWS))]
    }

    /// Asks the App Store to apply the introductory offer according to a signed eligibility.
    public static func introductoryOfferEligibility(compactJWS: String) -> PurchaseOption {
      PurchaseOption(.introductoryOfferEligibility(compactJWS: compactJWS))
    }

    /// Applies a win-back offer.
    public static func winBackOffer(_ offer: Product.SubscriptionOffer) -> PurchaseOption {
      PurchaseOption(.winBackOffer(offer.id ?? ""))
    }

    /// Buys the subscription on this billing plan (iOS 26.4): `.monthly` buys a 1-year
    /// subscription billed monthly over a 12-month commitment, when the product offers it.
    public static func billingPlanType(_ type: Product.SubscriptionInfo.BillingPlanType)
      -> PurchaseOption
    {
      PurchaseOption(.billingPlanType(type.rawValue))
    }

    /// The total number of seats after the purchase (iOS 27.3); no product of storeterm's
    /// catalogs supports multiseat purchases.
    public static func seats(_ targetSeatQuantity: Int) -> PurchaseOption {
      PurchaseOption(.seats(targetSeatQuantity))
    }

    /// A purchase made at a past date (StoreKitTest's `purchaseDate(_:renewalBehavior:)`).
    @_spi(StoreTerm) public static func backdated(_ date: Date, renewsUntilNow: Bool)
      -> PurchaseOption
    {
      PurchaseOption(.purchaseDate(date, renewsUntilNow: renewsUntilNow))
    }

    /// An offer named the way StoreKitTest names it: `codeOffer(referenceName:)`,
    /// `promotionalOffer(id:)`.
    @_spi(StoreTerm) public static func testOffer(_ choice: PurchaseOptions.OfferChoice)
      -> PurchaseOption
    {
      PurchaseOption(.testOffer(choice))
    }

    /// The engine's request for a set of options.
    @_spi(StoreTerm) public static func request(from options: Set<PurchaseOption>)
      -> PurchaseOptions
    {
      var request = PurchaseOptions()
      for option in options {
        switch option.kind {
        case .quantity(let quantity): request.quantity = quantity
        case .appAccountToken(let token): request.appAccountToken = token
        case .askToBuy(let enabled): request.askToBuy = enabled
        case .promotionalOffer(let offerID, _): request.offer = .promotional(offerID)
        case .winBackOffer(let offerID): request.offer = .winBack(offerID)
        case .testOffer(let choice): request.offer = choice
        case .purchaseDate(let date, let renewsUntilNow):
          request.purchaseDate = date
          request.cancelsAutoRenewal = !renewsUntilNow
        case .billingPlanType(let type): request.billingPlanType = type
        case .seats(let seats): request.seats = seats
        case .custom, .storefrontChange, .introductoryOfferEligibility:
          break
        }
      }
      return request
    }
  }
}

/// The closure of `onStorefrontChange(shouldContinuePurchase:)`; a class so the option has an
/// identity to compare and hash by.
final class StorefrontDecision: Sendable {
  let shouldContinue: @Sendable (Storefront) -> Bool

  init(_ shouldContinue: @escaping @Sendable (Storefront) -> Bool) {
    self.shouldContinue = shouldContinue
  }
}
