import Foundation
import StoreCore

extension Transaction {
  /// Whether a transaction is a purchase or a renewal.
  public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as the App Store sends it (`PURCHASE`).
    public let rawValue: String

    /// Creates a reason from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer bought it (or upgraded, or restored).
    public static let purchase = Reason(rawValue: "PURCHASE")
    /// The App Store renewed a subscription.
    public static let renewal = Reason(rawValue: "RENEWAL")

    /// The reason for the customer.
    public var localizedDescription: String { self == .renewal ? "Renewal" : "Purchase" }
  }

  /// Why the App Store refunded or revoked a transaction.
  public struct RevocationReason: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as in the App Store Server API's `revocationReason`.
    public let rawValue: Int

    /// Creates a reason from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Refunded because of a problem in the app.
    public static let developerIssue = RevocationReason(rawValue: 1)
    /// Refunded for another reason.
    public static let other = RevocationReason(rawValue: 0)

    /// The reason for the customer.
    public var localizedDescription: String {
      self == .developerIssue ? "Refunded due to an issue in the app" : "Refunded"
    }
  }

  /// The kind of offer a transaction applied, with the App Store Server API's values.
  public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as in `offerType`.
    public let rawValue: Int

    /// Creates a type from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An introductory offer.
    public static let introductory = OfferType(rawValue: 1)
    /// A promotional offer.
    public static let promotional = OfferType(rawValue: 2)
    /// An offer code.
    public static let code = OfferType(rawValue: 3)
    /// A win-back offer.
    public static let winBack = OfferType(rawValue: 4)

    /// The type for the customer.
    public var localizedDescription: String {
      switch self {
      case .introductory: "Introductory Offer"
      case .promotional: "Promotional Offer"
      case .code: "Offer Code"
      case .winBack: "Win-Back Offer"
      default: "Offer"
      }
    }
  }

  /// Whether the customer bought a product or has it through Family Sharing.
  public struct OwnershipType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as in `inAppOwnershipType`.
    public let rawValue: String

    /// Creates a type from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer bought it.
    public static let purchased = OwnershipType(rawValue: "PURCHASED")
    /// A family member shared it.
    public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")

    /// The type for the customer.
    public var localizedDescription: String {
      self == .familyShared ? "Family Shared" : "Purchased"
    }
  }

  /// The subscription offer a purchase applied.
  public struct Offer: Equatable, Hashable, Sendable {
    /// The offer identifier (nil for introductory offers).
    public let id: String?
    /// The kind of offer.
    public let type: Transaction.OfferType
    /// How the customer paid during the offer.
    public let paymentMode: Transaction.Offer.PaymentMode?
    /// The offer's period.
    public let period: Product.SubscriptionPeriod?

    /// The offer of a payload, or nil when none applied.
    init?(
      type: StoreCore.OfferType?, id: String?, discount: OfferDiscountType?, period: String?
    ) {
      guard let type else { return nil }
      self.id = id
      self.type = OfferType(rawValue: type.rawValue)
      paymentMode = discount.map { PaymentMode(rawValue: $0.rawValue) }
      self.period = period.flatMap(CatalogProduct.SubscriptionPeriod.init(iso8601:))
        .map(Product.SubscriptionPeriod.init)
    }

    /// How the customer pays during an offer, as the App Store Server API names it.
    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      /// The raw value, such as `FREE_TRIAL`.
      public let rawValue: String

      /// Creates a mode from its raw value.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// Nothing to pay during the offer.
      public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
      /// A discounted price each period.
      public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
      /// One discounted price for the whole offer.
      public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")
      /// One price for a one-time offer.
      public static let oneTime = PaymentMode(rawValue: "ONE_TIME")

      /// The mode for the customer.
      public var localizedDescription: String {
        switch self {
        case .freeTrial: "Free Trial"
        case .payAsYouGo: "Pay As You Go"
        case .payUpFront: "Pay Up Front"
        case .oneTime: "One Time"
        default: rawValue
        }
      }
    }
  }

  /// Why a refund request could not be made.
  public enum RefundRequestError: Error, LocalizedError, Equatable, Hashable {
    /// A refund was already requested for this transaction.
    case duplicateRequest
    /// The request failed.
    case failed
    /// The purchase cannot be refunded (iOS 27).
    case ineligible

    /// A sentence for the customer.
    public var errorDescription: String? {
      switch self {
      case .duplicateRequest: "A refund was already requested for this purchase."
      case .failed: "The refund request failed."
      case .ineligible: "This purchase is not eligible for a refund."
      }
    }

    init(_ refusal: RefundRefusal) {
      self = refusal == .duplicateRequest ? .duplicateRequest : .failed
    }
  }

  /// How a refund request ended.
  public enum RefundRequestStatus: Equatable, Hashable, Sendable {
    /// The request was sent to the App Store.
    case success
    /// The customer cancelled the sheet.
    case userCancelled
  }
}
