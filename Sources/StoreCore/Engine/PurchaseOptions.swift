import Foundation

/// What the app passes to `purchase(options:)`, plus the QA switches that force an outcome.
public struct PurchaseOptions: Sendable, Equatable {
  /// How many items (consumables only); StoreKit's `.quantity(_:)`.
  public var quantity: Int
  /// The app's UUID for the customer's account; StoreKit's `.appAccountToken(_:)`.
  public var appAccountToken: UUID?
  /// A specific offer; without one, the introductory offer applies when the customer is eligible.
  public var offer: OfferChoice?
  /// Forces Ask to Buy on or off for this purchase (nil: the session's setting).
  public var askToBuy: Bool?
  /// Forces an interrupted purchase on or off (nil: the session's setting).
  public var interrupted: Bool?
  /// The customer cancels the payment sheet.
  public var cancel: Bool
  /// The purchase throws this failure.
  public var failure: SimulatedFailure?
  /// A past purchase date (StoreKitTest's `.purchaseDate(_:renewalBehavior:)`); a date after
  /// the clock's now is the clock's now.
  public var purchaseDate: Date?
  /// With `purchaseDate`: the subscription's auto-renew is off from the start
  /// (`.cancelImmediately`), so it ends after its first period instead of renewing until now.
  public var cancelsAutoRenewal = false
  /// The billing plan asked for (StoreKit's `.billingPlanType(_:)`, by its raw value): `MONTHLY`
  /// buys a 1-year subscription's 12-month commitment; nil or `BILLED_UPFRONT` bills up front.
  public var billingPlanType: String?
  /// The total number of seats of a multiseat purchase (StoreKit's `.seats(_:)`); nil for a
  /// purchase that is not one.
  public var seats: Int?

  /// The quantities a purchase may ask for: Apple documents `.quantity(_:)` as at most 10.
  public static let quantityRange = 1...10

  /// Creates options; by default one item, no offer and the session's settings.
  public init(
    quantity: Int = 1, appAccountToken: UUID? = nil, offer: OfferChoice? = nil,
    askToBuy: Bool? = nil, interrupted: Bool? = nil, cancel: Bool = false,
    failure: SimulatedFailure? = nil
  ) {
    self.quantity = quantity
    self.appAccountToken = appAccountToken
    self.offer = offer
    self.askToBuy = askToBuy
    self.interrupted = interrupted
    self.cancel = cancel
    self.failure = failure
  }

  /// The offer a purchase asks for.
  public enum OfferChoice: Sendable, Hashable {
    /// The product's introductory offer, refused when the customer is not eligible.
    case introductory
    /// A promotional offer by its `offerID`.
    case promotional(String)
    /// A win-back offer by its `offerID`.
    case winBack(String)
    /// An offer code, by its reference name (Xcode's `codeOffer(referenceName:)`).
    case code(String)
    /// Whatever offer has this identifier: promotional first, then win-back.
    case identifier(String)
  }
}

/// What a purchase returned: StoreKit's `Product.PurchaseResult`, with the stored record.
public enum PurchaseOutcome: Sendable, Equatable {
  /// The App Store charged the customer; the signed transaction.
  case success(SignedTransaction)
  /// The customer cancelled.
  case userCancelled
  /// Waiting for approval (Ask to Buy) or for an interrupted purchase to be resolved; the
  /// pending request's identifier, which the approval or resolution refers to.
  case pending(UInt64)
}
