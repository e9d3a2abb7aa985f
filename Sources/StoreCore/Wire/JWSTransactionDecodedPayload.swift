import Foundation

/// A signed transaction's payload, as the App Store signs it.
///
/// Field names, enum values, epoch-millisecond dates and milliunit prices are Apple's.
/// Apple's newer Advanced Commerce fields are not modeled.
///
/// [JWSTransactionDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwstransactiondecodedpayload)
public struct JWSTransactionDecodedPayload: SignedPayload {
  /// The kind of signed data: `.transaction`.
  public static let kind = SignedPayloadKind.transaction

  /// The transaction ID of the original purchase.
  public var originalTransactionId: String
  /// The unique ID of this transaction.
  public var transactionId: String
  /// The ID of the subscription's purchase events across devices.
  public var webOrderLineItemId: String?
  /// The app's bundle ID.
  public var bundleId: String
  /// The product ID of the in-app purchase.
  public var productId: String
  /// The subscription group of an auto-renewable subscription.
  public var subscriptionGroupIdentifier: String?
  /// When the App Store charged the customer (epoch ms).
  public var purchaseDate: Int64
  /// When the original purchase happened (epoch ms).
  public var originalPurchaseDate: Int64
  /// When the subscription expires or renews (epoch ms).
  public var expiresDate: Int64?
  /// The number of consumable items bought.
  public var quantity: Int
  /// The kind of in-app purchase.
  public var type: InAppProductType
  /// The UUID the app associated with the customer's account.
  public var appAccountToken: UUID?
  /// Whether the customer bought it or has it through Family Sharing.
  public var inAppOwnershipType: InAppOwnershipType
  /// When the App Store signed this data (epoch ms).
  public var signedDate: Int64
  /// Why the App Store refunded or revoked the transaction.
  public var revocationReason: RevocationReason?
  /// When the App Store refunded or revoked the transaction (epoch ms).
  public var revocationDate: Int64?
  /// Whether the customer upgraded to another subscription; sent only when true.
  public var isUpgraded: Bool?
  /// The kind of offer applied.
  public var offerType: OfferType?
  /// The offer's ID (promotional, offer code or win-back).
  public var offerIdentifier: String?
  /// The environment that signed the data.
  public var environment: AppStoreEnvironment
  /// The storefront's ISO 3166-1 alpha-3 country code.
  public var storefront: String
  /// The App Store's numeric storefront ID.
  public var storefrontId: String
  /// Whether this is a purchase or a renewal.
  public var transactionReason: TransactionReason
  /// The ISO 4217 currency code of the price.
  public var currency: String?
  /// The price in milliunits of the currency (9.99 is 9990).
  public var price: Int64?
  /// How the offer charges the customer.
  public var offerDiscountType: OfferDiscountType?
  /// The app transaction ID of the customer's download.
  public var appTransactionId: String?
  /// The offer's duration as an ISO 8601 duration (P1W).
  public var offerPeriod: String?
  /// How much of the transaction was revoked.
  public var revocationType: RevocationType?
  /// The refunded share in thousandths of a percent (prorated refunds).
  public var revocationPercentage: Int?
  /// How the subscription is billed; sent for products that offer billing plans.
  public var billingPlanType: BillingPlanType?
  /// Where a monthly charge stands in its 12-month commitment.
  public var commitmentInfo: TransactionCommitmentInfo?
  /// The subscription bundle this transaction of a bundled subscription came with (iOS 27).
  public var bundleProductId: String?
  /// The subscription group of that bundle.
  public var bundleSubscriptionGroupIdentifier: String?
  /// The original transaction ID of that bundle's chain.
  public var bundleOriginalTransactionId: String?
  /// The bundle's transaction this one was issued with (its purchase or renewal).
  public var bundleTransactionId: String?
  /// The original transaction ID of the subscription this one replaced when the customer moved
  /// between a standalone subscription and a bundle.
  public var previousOriginalTransactionId: String?
  /// The seats of a multiseat purchase (then `quantity` is the seats and `price` the average
  /// price per seat).
  public var multiSeatInfo: TransactionMultiSeatInfo?
  /// The items, prices and tax of an Advanced Commerce purchase; nil for any other.
  public var advancedCommerceInfo: AdvancedCommerceTransactionInfo?
  /// SHA-384 of the nonce and the device verification ID (StoreKit sends it; the server API does not).
  public var deviceVerification: Data?
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID?

  /// Creates a payload; optional fields default to absent.
  public init(
    originalTransactionId: String,
    transactionId: String,
    webOrderLineItemId: String? = nil,
    bundleId: String,
    productId: String,
    subscriptionGroupIdentifier: String? = nil,
    purchaseDate: Int64,
    originalPurchaseDate: Int64,
    expiresDate: Int64? = nil,
    quantity: Int,
    type: InAppProductType,
    appAccountToken: UUID? = nil,
    inAppOwnershipType: InAppOwnershipType,
    signedDate: Int64,
    revocationReason: RevocationReason? = nil,
    revocationDate: Int64? = nil,
    isUpgraded: Bool? = nil,
    offerType: OfferType? = nil,
    offerIdentifier: String? = nil,
    environment: AppStoreEnvironment,
    storefront: String,
    storefrontId: String,
    transactionReason: TransactionReason,
    currency: String? = nil,
    price: Int64? = nil,
    offerDiscountType: OfferDiscountType? = nil,
    appTransactionId: String? = nil,
    offerPeriod: String? = nil,
    revocationType: RevocationType? = nil,
    revocationPercentage: Int? = nil,
    billingPlanType: BillingPlanType? = nil,
    commitmentInfo: TransactionCommitmentInfo? = nil,
    bundleProductId: String? = nil,
    bundleSubscriptionGroupIdentifier: String? = nil,
    bundleOriginalTransactionId: String? = nil,
    bundleTransactionId: String? = nil,
    previousOriginalTransactionId: String? = nil,
    multiSeatInfo: TransactionMultiSeatInfo? = nil,
    deviceVerification: Data? = nil,
    deviceVerificationNonce: UUID? = nil
  ) {
    self.originalTransactionId = originalTransactionId
    self.transactionId = transactionId
    self.webOrderLineItemId = webOrderLineItemId
    self.bundleId = bundleId
    self.productId = productId
    self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.expiresDate = expiresDate
    self.quantity = quantity
    self.type = type
    self.appAccountToken = appAccountToken
    self.inAppOwnershipType = inAppOwnershipType
    self.signedDate = signedDate
    self.revocationReason = revocationReason
    self.revocationDate = revocationDate
    self.isUpgraded = isUpgraded
    self.offerType = offerType
    self.offerIdentifier = offerIdentifier
    self.environment = environment
    self.storefront = storefront
    self.storefrontId = storefrontId
    self.transactionReason = transactionReason
    self.currency = currency
    self.price = price
    self.offerDiscountType = offerDiscountType
    self.appTransactionId = appTransactionId
    self.offerPeriod = offerPeriod
    self.revocationType = revocationType
    self.revocationPercentage = revocationPercentage
    self.billingPlanType = billingPlanType
    self.commitmentInfo = commitmentInfo
    self.bundleProductId = bundleProductId
    self.bundleSubscriptionGroupIdentifier = bundleSubscriptionGroupIdentifier
    self.bundleOriginalTransactionId = bundleOriginalTransactionId
    self.bundleTransactionId = bundleTransactionId
    self.previousOriginalTransactionId = previousOriginalTransactionId
    self.multiSeatInfo = multiSeatInfo
    self.deviceVerification = deviceVerification
    self.deviceVerificationNonce = deviceVerificationNonce
  }

  /// The payload as compact JSON bytes with Apple's field names; absent fields are left out.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter()
    writer.write("originalTransactionId", originalTransactionId)
    writer.write("transactionId", transactionId)
    writer.write("webOrderLineItemId", webOrderLineItemId)
    writer.write("bundleId", bundleId)
    writer.write("productId", productId)
    writer.write("subscriptionGroupIdentifier", subscriptionGroupIdentifier)
    writer.write("purchaseDate", purchaseDate)
    writer.write("originalPurchaseDate", originalPurchaseDate)
    writer.write("expiresDate", expiresDate)
    writer.write("quantity", quantity)
    writer.write("type", type)
    writer.write("appAccountToken", appAccountToken)
    writer.write("inAppOwnershipType", inAppOwnershipType)
    writer.write("signedDate", signedDate)
    writer.write("revocationReason", revocationReason)
    writer.write("revocationDate", revocationDate)
    writer.write("isUpgraded", isUpgraded)
    writer.write("offerType", offerType)
    writer.write("offerIdentifier", offerIdentifier)
    writer.write("environment", environment)
    writer.write("storefront", storefront)
    writer.write("storefrontId", storefrontId)
    writer.write("transactionReason", transactionReason)
    writer.write("currency", currency)
    writer.write("price", price)
    writer.write("offerDiscountType", offerDiscountType)
    writer.write("appTransactionId", appTransactionId)
    writer.write("offerPeriod", offerPeriod)
    writer.write("revocationType", revocationType)
    writer.write("revocationPercentage", revocationPercentage)
    writer.write("billingPlanType", billingPlanType)
    writer.write("commitmentInfo", object: commitmentInfo?.jsonBytes())
    writer.write("bundleProductId", bundleProductId)
    writer.write("bundleSubscriptionGroupIdentifier", bundleSubscriptionGroupIdentifier)
    writer.write("bundleOriginalTransactionId", bundleOriginalTransactionId)
    writer.write("bundleTransactionId", bundleTransactionId)
    writer.write("previousOriginalTransactionId", previousOriginalTransactionId)
    writer.write("multiSeatInfo", object: multiSeatInfo?.jsonBytes())
    writer.write("advancedCommerceInfo", object: advancedCommerceInfo?.jsonBytes())
    writer.write("deviceVerification", base64: deviceVerification)
    writer.write("deviceVerificationNonce", deviceVerificationNonce)
    return writer.finish()
  }

  /// The payload as the App Store Server API and its notifications carry it: signed at
  /// `signedDate`, without the device verification fields only StoreKit on a device gets.
  public func asServerSends(signedDate: Int64) -> Self {
    var payload = self
    payload.signedDate = signedDate
    payload.deviceVerification = nil
    payload.deviceVerificationNonce = nil
    return payload
  }

  /// The fields verification checks.
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      signedDate: signedDate, bundleId: bundleId, environment: environment,
      deviceVerification: deviceVerification, deviceVerificationNonce: deviceVerificationNonce)
  }
}
