import Foundation
import StoreCore

extension Product.SubscriptionInfo {
  /// A subscription's renewal details, as the App Store signs them.
  public struct RenewalInfo: Equatable, Hashable, CustomDebugStringConvertible, Sendable {
    let payload: JWSRenewalInfoDecodedPayload
    let jws: String

    init(payload: JWSRenewalInfoDecodedPayload, jws: String) {
      self.payload = payload
      self.jws = jws
    }

    /// Two values are equal when they are the same signed renewal info.
    public static func == (lhs: RenewalInfo, rhs: RenewalInfo) -> Bool { lhs.jws == rhs.jws }
    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(jws) }

    /// The payload as JSON bytes with Apple's field names.
    public var jsonRepresentation: Data { Data(payload.jsonBytes()) }
    /// The JSON representation, readable.
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }

    /// The original transaction ID of the subscription.
    public var originalTransactionID: UInt64 { UInt64(payload.originalTransactionId) ?? 0 }
    /// The product the customer is subscribed to now.
    public var currentProductID: String { payload.productId }
    /// Whether the subscription renews at the end of the period.
    public var willAutoRenew: Bool { payload.autoRenewStatus == .on }
    /// The product the next renewal bills.
    public var autoRenewPreference: String? { payload.autoRenewProductId }
    /// Why it expired, once it has.
    public var expirationReason: ExpirationReason? {
      payload.expirationIntent.map(ExpirationReason.init)
    }
    /// Where a price increase stands.
    public var priceIncreaseStatus: PriceIncreaseStatus {
      switch payload.priceIncreaseStatus {
      case nil: .noIncreasePending
      case .customerHasNotResponded: .pending
      case .customerConsentedOrWasNotifiedWithoutNeedingConsent: .agreed
      }
    }
    /// Whether the App Store is retrying a failed renewal.
    public var isInBillingRetry: Bool { payload.isInBillingRetryPeriod ?? false }
    /// The end of the grace period, while in one.
    public var gracePeriodExpirationDate: Date? {
      payload.gracePeriodExpiresDate.map(Date.init(epochMilliseconds:))
    }
    /// The offer that applies at the next renewal.
    public var offer: Transaction.Offer? {
      Transaction.Offer(
        type: payload.offerType, id: payload.offerIdentifier,
        discount: payload.offerDiscountType, period: payload.offerPeriod)
    }
    /// The identifier of the offer that applies at the next renewal.
    @available(*, deprecated, message: "Use offer")
    public var offerID: String? { payload.offerIdentifier }
    /// The type of the offer that applies at the next renewal.
    @available(*, deprecated, message: "Use offer")
    public var offerType: Transaction.OfferType? { offer?.type }
    /// The offer's payment mode as the App Store sends it (`FREE_TRIAL`).
    public var offerPaymentModeStringRepresentation: String? { payload.offerDiscountType?.rawValue }
    /// The offer's period as ISO 8601 (`P1W`).
    public var offerPeriodStringRepresentation: String? { payload.offerPeriod }
    /// The environment that signed it.
    public var environment: AppStore.Environment { AppStore.Environment(payload.environment) }
    /// The environment as the App Store sends it.
    public var environmentStringRepresentation: String { payload.environment.rawValue }
    /// The start of the current run of service.
    public var recentSubscriptionStartDate: Date {
      Date(epochMilliseconds: payload.recentSubscriptionStartDate)
    }
    /// When the next renewal happens.
    public var renewalDate: Date? { payload.renewalDate.map(Date.init(epochMilliseconds:)) }
    /// The price of the next renewal, in units of `currency`.
    public var renewalPrice: Decimal? { payload.renewalPrice.map { Decimal($0) / 1000 } }
    /// The currency of `renewalPrice`.
    public var currency: Locale.Currency? { payload.currency.map { Locale.Currency($0) } }
    /// The ISO 4217 code of `renewalPrice`'s currency.
    @available(*, deprecated, message: "Use currency")
    public var currencyCode: String? { payload.currency }
    /// The win-back offers the customer may redeem.
    public var eligibleWinBackOfferIDs: [String] { payload.eligibleWinBackOfferIds ?? [] }
    /// The device verification hash.
    public var deviceVerification: Data { payload.deviceVerification ?? Data() }
    /// The nonce hashed into `deviceVerification`.
    public var deviceVerificationNonce: UUID { payload.deviceVerificationNonce ?? UUID.zero }
    /// When the App Store signed it.
    public var signedDate: Date { Date(epochMilliseconds: payload.signedDate) }
    /// The app's account token of the subscription's purchase.
    public var appAccountToken: UUID? { payload.appAccountToken }
    /// The app transaction's identifier.
    public var appTransactionID: String { payload.appTransactionId ?? "" }

    /// Why a subscription expired, with the App Store Server API's `expirationIntent` values.
    public struct ExpirationReason: RawRepresentable, Equatable, Hashable, Sendable {
      /// The raw value, as in `expirationIntent`.
      public let rawValue: Int

      /// Creates a reason from its raw value.
      public init(rawValue: Int) { self.rawValue = rawValue }

      /// The customer turned auto-renew off.
      public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
      /// Billing failed.
      public static let billingError = ExpirationReason(rawValue: 2)
      /// The customer did not agree to a price increase.
      public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
      /// The product was no longer available.
      public static let productUnavailable = ExpirationReason(rawValue: 4)
      /// Another reason.
      public static let unknown = ExpirationReason(rawValue: 5)

      /// The reason for the customer.
      public var localizedDescription: String {
        switch self {
        case .autoRenewDisabled: "The customer turned off automatic renewal."
        case .billingError: "A billing error occurred."
        case .didNotConsentToPriceIncrease: "The customer did not consent to a price increase."
        case .productUnavailable: "The product was not available at renewal."
        default: "The subscription expired for an unknown reason."
        }
      }

      init(_ intent: ExpirationIntent) { self.init(rawValue: intent.rawValue) }
    }

    /// Where a price increase stands.
    @frozen public enum PriceIncreaseStatus: Equatable, Hashable, Sendable {
      /// No increase waits.
      case noIncreasePending
      /// The customer has not answered yet.
      case pending
      /// The customer agreed (or no consent was needed).
      case agreed

      /// The status for the customer.
      public var localizedDescription: String {
        switch self {
        case .noIncreasePending: "No price increase is pending."
        case .pending: "A price increase waits for the customer's consent."
        case .agreed: "The customer agreed to the price increase."
        }
      }
    }
  }
}

extension UUID {
  /// The all-zero UUID, for payloads that carry no nonce.
  static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
