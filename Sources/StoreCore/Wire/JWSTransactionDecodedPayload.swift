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

  /// Decodes the payload from a parsed JSON object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    var originalTransactionId: String?
    var transactionId: String?
    var webOrderLineItemId: String?
    var bundleId: String?
    var productId: String?
    var subscriptionGroupIdentifier: String?
    var purchaseDate: Int64?
    var originalPurchaseDate: Int64?
    var expiresDate: Int64?
    var quantity: Int?
    var type: InAppProductType?
    var appAccountToken: UUID?
    var inAppOwnershipType: InAppOwnershipType?
    var signedDate: Int64?
    var revocationReason: RevocationReason?
    var revocationDate: Int64?
    var isUpgraded: Bool?
    var offerType: OfferType?
    var offerIdentifier: String?
    var environment: AppStoreEnvironment?
    var storefront: String?
    var storefrontId: String?
    var transactionReason: TransactionReason?
    var currency: String?
    var price: Int64?
    var offerDiscountType: OfferDiscountType?
    var appTransactionId: String?
    var offerPeriod: String?
    var revocationType: RevocationType?
    var revocationPercentage: Int?
    var billingPlanType: BillingPlanType?
    var commitmentInfo: TransactionCommitmentInfo?
    var bundle: [String: String] = [:]
    var multiSeatInfo: TransactionMultiSeatInfo?
    var advancedCommerceInfo: AdvancedCommerceTransactionInfo?
    var deviceVerification: Data?
    var deviceVerificationNonce: UUID?
    for member in try WireJSONReader.members(json, field: "JWSTransactionDecodedPayload") {
      // One hash per member instead of comparing its name with every case in turn: this ran
      // for every record a big ledger read, about a tenth of a history request's time.
      guard let name = JWSTransactionPayloadMember.byName[member.key] else { continue }
      switch name {
      case .originalTransactionId:
        originalTransactionId = try WireJSONReader.string(member.value, "originalTransactionId")
      case .transactionId: transactionId = try WireJSONReader.string(member.value, "transactionId")
      case .webOrderLineItemId:
        webOrderLineItemId = try WireJSONReader.string(member.value, "webOrderLineItemId")
      case .bundleId: bundleId = try WireJSONReader.string(member.value, "bundleId")
      case .productId: productId = try WireJSONReader.string(member.value, "productId")
      case .subscriptionGroupIdentifier:
        subscriptionGroupIdentifier = try WireJSONReader.string(
          member.value, "subscriptionGroupIdentifier")
      case .purchaseDate: purchaseDate = try WireJSONReader.int64(member.value, "purchaseDate")
      case .originalPurchaseDate:
        originalPurchaseDate = try WireJSONReader.int64(member.value, "originalPurchaseDate")
      case .expiresDate: expiresDate = try WireJSONReader.int64(member.value, "expiresDate")
      case .quantity: quantity = try WireJSONReader.int(member.value, "quantity")
      case .type: type = try WireJSONReader.value(member.value, "type", as: InAppProductType.self)
      case .appAccountToken:
        appAccountToken = try WireJSONReader.uuid(member.value, "appAccountToken")
      case .inAppOwnershipType:
        inAppOwnershipType = try WireJSONReader.value(
          member.value, "inAppOwnershipType", as: InAppOwnershipType.self)
      case .signedDate: signedDate = try WireJSONReader.int64(member.value, "signedDate")
      case .revocationReason:
        revocationReason = try WireJSONReader.value(
          member.value, "revocationReason", as: RevocationReason.self)
      case .revocationDate:
        revocationDate = try WireJSONReader.int64(member.value, "revocationDate")
      case .isUpgraded: isUpgraded = try WireJSONReader.bool(member.value, "isUpgraded")
      case .offerType:
        offerType = try WireJSONReader.value(member.value, "offerType", as: OfferType.self)
      case .offerIdentifier:
        offerIdentifier = try WireJSONReader.string(member.value, "offerIdentifier")
      case .environment:
        environment = try WireJSONReader.value(
          member.value, "environment", as: AppStoreEnvironment.self)
      case .storefront: storefront = try WireJSONReader.string(member.value, "storefront")
      case .storefrontId: storefrontId = try WireJSONReader.string(member.value, "storefrontId")
      case .transactionReason:
        transactionReason = try WireJSONReader.value(
          member.value, "transactionReason", as: TransactionReason.self)
      case .currency: currency = try WireJSONReader.string(member.value, "currency")
      case .price: price = try WireJSONReader.int64(member.value, "price")
      case .offerDiscountType:
        offerDiscountType = try WireJSONReader.value(
          member.value, "offerDiscountType", as: OfferDiscountType.self)
      case .appTransactionId:
        appTransactionId = try WireJSONReader.string(member.value, "appTransactionId")
      case .offerPeriod: offerPeriod = try WireJSONReader.string(member.value, "offerPeriod")
      case .revocationType:
        revocationType = try WireJSONReader.value(
          member.value, "revocationType", as: RevocationType.self)
      case .revocationPercentage:
        revocationPercentage = try WireJSONReader.int(member.value, "revocationPercentage")
      case .billingPlanType:
        billingPlanType = try WireJSONReader.value(
          member.value, "billingPlanType", as: BillingPlanType.self)
      case .commitmentInfo:
        if let value = WireJSONReader.present(member.value) {
          commitmentInfo = try TransactionCommitmentInfo(json: value)
        }
      case .bundleProductId, .bundleSubscriptionGroupIdentifier, .bundleOriginalTransactionId,
        .bundleTransactionId, .previousOriginalTransactionId:
        bundle[member.key] = try WireJSONReader.string(member.value, member.key)
      case .multiSeatInfo:
        if let value = WireJSONReader.present(member.value) {
          multiSeatInfo = try TransactionMultiSeatInfo(json: value)
        }
      case .advancedCommerceInfo:
        if let value = WireJSONReader.present(member.value) {
          advancedCommerceInfo = try AdvancedCommerceTransactionInfo(json: value)
        }
      case .deviceVerification:
        deviceVerification = try WireJSONReader.base64(member.value, "deviceVerification")
      case .deviceVerificationNonce:
        deviceVerificationNonce = try WireJSONReader.uuid(member.value, "deviceVerificationNonce")
      }
    }
    self.init(
      originalTransactionId: try WireJSONReader.required(
        originalTransactionId, "originalTransactionId"),
      transactionId: try WireJSONReader.required(transactionId, "transactionId"),
      webOrderLineItemId: webOrderLineItemId,
      bundleId: try WireJSONReader.required(bundleId, "bundleId"),
      productId: try WireJSONReader.required(productId, "productId"),
      subscriptionGroupIdentifier: subscriptionGroupIdentifier,
      purchaseDate: try WireJSONReader.required(purchaseDate, "purchaseDate"),
      originalPurchaseDate: try WireJSONReader.required(
        originalPurchaseDate, "originalPurchaseDate"),
      expiresDate: expiresDate,
      quantity: try WireJSONReader.required(quantity, "quantity"),
      type: try WireJSONReader.required(type, "type"),
      appAccountToken: appAccountToken,
      inAppOwnershipType: try WireJSONReader.required(inAppOwnershipType, "inAppOwnershipType"),
      signedDate: try WireJSONReader.required(signedDate, "signedDate"),
      revocationReason: revocationReason,
      revocationDate: revocationDate,
      isUpgraded: isUpgraded,
      offerType: offerType,
      offerIdentifier: offerIdentifier,
      environment: try WireJSONReader.required(environment, "environment"),
      storefront: try WireJSONReader.required(storefront, "storefront"),
      storefrontId: try WireJSONReader.required(storefrontId, "storefrontId"),
      transactionReason: try WireJSONReader.required(transactionReason, "transactionReason"),
      currency: currency,
      price: price,
      offerDiscountType: offerDiscountType,
      appTransactionId: appTransactionId,
      offerPeriod: offerPeriod,
      revocationType: revocationType,
      revocationPercentage: revocationPercentage,
      billingPlanType: billingPlanType,
      commitmentInfo: commitmentInfo,
      bundleProductId: bundle["bundleProductId"],
      bundleSubscriptionGroupIdentifier: bundle["bundleSubscriptionGroupIdentifier"],
      bundleOriginalTransactionId: bundle["bundleOriginalTransactionId"],
      bundleTransactionId: bundle["bundleTransactionId"],
      previousOriginalTransactionId: bundle["previousOriginalTransactionId"],
      multiSeatInfo: multiSeatInfo,
      deviceVerification: deviceVerification,
      deviceVerificationNonce: deviceVerificationNonce
    )
    self.advancedCommerceInfo = advancedCommerceInfo
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

  /// The fields verification checks.
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      signedDate: signedDate, bundleId: bundleId, environment: environment,
      deviceVerification: deviceVerification, deviceVerificationNonce: deviceVerificationNonce)
  }
}
