import Foundation
import StoreCore

/// A purchase or renewal as the App Store signed it: Apple's `Transaction`.
public struct Transaction: Identifiable, Equatable, Hashable, CustomDebugStringConvertible,
  Sendable
{
  /// The transaction identifier.
  public typealias ID = UInt64

  let payload: JWSTransactionDecodedPayload
  let jws: String

  /// The transaction identifier.
  public let id: Transaction.ID
  /// The identifier of the original purchase (the same for every renewal).
  public let originalID: UInt64

  init(payload: JWSTransactionDecodedPayload, jws: String) {
    self.payload = payload
    self.jws = jws
    id = UInt64(payload.transactionId) ?? 0
    originalID = UInt64(payload.originalTransactionId) ?? 0
  }

  /// Two values are equal when they are the same signed transaction.
  public static func == (lhs: Transaction, rhs: Transaction) -> Bool { lhs.jws == rhs.jws }
  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(jws) }

  /// The payload as JSON bytes with Apple's field names.
  public var jsonRepresentation: Data { Data(payload.jsonBytes()) }
  /// The JSON representation, readable.
  public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }

  /// The subscription's purchase-event identifier.
  public var webOrderLineItemID: String? { payload.webOrderLineItemId }
  /// The product identifier.
  public var productID: String { payload.productId }
  /// The subscription group, for auto-renewable subscriptions.
  public var subscriptionGroupID: String? { payload.subscriptionGroupIdentifier }
  /// The app's bundle ID.
  public var appBundleID: String { payload.bundleId }
  /// The app transaction's identifier.
  public var appTransactionID: String { payload.appTransactionId ?? "" }
  /// When the App Store charged the customer.
  public var purchaseDate: Date { Date(epochMilliseconds: payload.purchaseDate) }
  /// When the original purchase happened.
  public var originalPurchaseDate: Date { Date(epochMilliseconds: payload.originalPurchaseDate) }
  /// When the subscription expires.
  public var expirationDate: Date? { payload.expiresDate.map(Date.init(epochMilliseconds:)) }
  /// How many items were bought.
  public var purchasedQuantity: Int { payload.quantity }
  /// Whether the customer upgraded to a higher level of the group.
  public var isUpgraded: Bool { payload.isUpgraded ?? false }
  /// The subscription offer the purchase applied, if any.
  public var offer: Transaction.Offer? {
    Transaction.Offer(
      type: payload.offerType, id: payload.offerIdentifier, discount: payload.offerDiscountType,
      period: payload.offerPeriod)
  }
  /// The type of the offer the purchase applied.
  @available(*, deprecated, message: "Use offer")
  public var offerType: Transaction.OfferType? { offer?.type }
  /// The identifier of the offer the purchase applied.
  @available(*, deprecated, message: "Use offer")
  public var offerID: String? { payload.offerIdentifier }
  /// The offer's payment mode as the App Store sends it (`FREE_TRIAL`).
  public var offerPaymentModeStringRepresentation: String? { payload.offerDiscountType?.rawValue }
  /// The offer's period as ISO 8601 (`P1W`).
  public var offerPeriodStringRepresentation: String? { payload.offerPeriod }
  /// When the App Store refunded or revoked it.
  public var revocationDate: Date? { payload.revocationDate.map(Date.init(epochMilliseconds:)) }
  /// Why it was refunded or revoked.
  public var revocationReason: Transaction.RevocationReason? {
    payload.revocationReason.map { RevocationReason(rawValue: $0.rawValue) }
  }
  /// The product type.
  public var productType: Product.ProductType {
    Product.ProductType(rawValue: payload.type.rawValue)
  }
  /// The app's account token.
  public var appAccountToken: UUID? { payload.appAccountToken }
  /// The environment that signed it.
  public var environment: AppStore.Environment { AppStore.Environment(payload.environment) }
  /// The environment as the App Store sends it.
  public var environmentStringRepresentation: String { payload.environment.rawValue }
  /// Whether this is a purchase or a renewal.
  public var reason: Transaction.Reason { Reason(rawValue: payload.transactionReason.rawValue) }
  /// The reason as the App Store sends it.
  public var reasonStringRepresentation: String { payload.transactionReason.rawValue }
  /// The storefront of the purchase.
  public var storefront: Storefront {
    Storefront(countryCode: payload.storefront, id: payload.storefrontId)
  }
  /// The storefront's country code.
  @available(*, deprecated, message: "Use storefront")
  public var storefrontCountryCode: String { payload.storefront }
  /// The price paid, in units of `currency`.
  public var price: Decimal? { payload.price.map { Decimal($0) / 1000 } }
  /// The currency of `price`.
  public var currency: Locale.Currency? { payload.currency.map { Locale.Currency($0) } }
  /// The ISO 4217 code of `price`'s currency.
  @available(*, deprecated, message: "Use currency")
  public var currencyCode: String? { payload.currency }
  /// The device verification hash.
  public var deviceVerification: Data { payload.deviceVerification ?? Data() }
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID { payload.deviceVerificationNonce ?? UUID.zero }
  /// Whether the customer bought it or has it through Family Sharing.
  public var ownershipType: Transaction.OwnershipType {
    OwnershipType(rawValue: payload.inAppOwnershipType.rawValue)
  }
  /// When the App Store signed it.
  public var signedDate: Date { Date(epochMilliseconds: payload.signedDate) }

  /// The status of the subscription this transaction belongs to.
  public var subscriptionStatus: Product.SubscriptionInfo.Status? {
    get async { try? await Product.SubscriptionInfo.status(transactionID: id) }
  }

  /// Tells the App Store the app delivered the content: the transaction stops coming back
  /// through `Transaction.updates` and `Transaction.unfinished`.
  public func finish() async {
    guard let configuration = try? StoreKitRuntime.configuration() else { return }
    try? configuration.engine.finish(id)
  }
}
