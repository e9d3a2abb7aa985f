import Foundation

/// A signed subscription renewal info's payload.
///
/// Renewal info carries no bundle ID, so verification checks only its environment.
///
/// [JWSRenewalInfoDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwsrenewalinfodecodedpayload)
public struct JWSRenewalInfoDecodedPayload: SignedPayload {
  /// The kind of signed data: `.renewal`.
  public static let kind = SignedPayloadKind.renewal

  /// Why the subscription expired.
  public var expirationIntent: ExpirationIntent?
  /// The transaction ID of the original purchase.
  public var originalTransactionId: String
  /// The product that renews at the next billing date.
  public var autoRenewProductId: String
  /// The product ID of the current subscription.
  public var productId: String
  /// Whether the subscription will renew.
  public var autoRenewStatus: AutoRenewStatus
  /// Whether the App Store is retrying a failed renewal.
  public var isInBillingRetryPeriod: Bool?
  /// Whether the customer answered a price increase.
  public var priceIncreaseStatus: PriceIncreaseStatus?
  /// When the billing grace period ends (epoch ms).
  public var gracePeriodExpiresDate: Int64?
  /// The kind of offer that applies at the next renewal.
  public var offerType: OfferType?
  /// The ID of the offer that applies at the next renewal.
  public var offerIdentifier: String?
  /// When the App Store signed this data (epoch ms).
  public var signedDate: Int64
  /// The environment that signed the data.
  public var environment: AppStoreEnvironment
  /// The start of the latest run of continuous subscription (epoch ms).
  public var recentSubscriptionStartDate: Int64
  /// When the subscription renews (epoch ms).
  public var renewalDate: Int64?
  /// The ISO 4217 currency code of the renewal price.
  public var currency: String?
  /// The renewal price in milliunits.
  public var renewalPrice: Int64?
  /// How the next renewal's offer charges the customer.
  public var offerDiscountType: OfferDiscountType?
  /// The win-back offers the customer may redeem.
  public var eligibleWinBackOfferIds: [String]?
  /// The UUID the app associated with the customer's account.
  public var appAccountToken: UUID?
  /// The app transaction ID of the customer's download.
  public var appTransactionId: String?
  /// The duration of the next renewal's offer (ISO 8601).
  public var offerPeriod: String?
  /// How the subscription is billed from the next renewal; sent for products with billing plans.
  public var renewalBillingPlanType: BillingPlanType?
  /// What happens when the current 12-month commitment ends.
  public var commitmentInfo: RenewalCommitmentInfo?
  /// The subscription bundle the next renewal is part of, for a bundled subscription (iOS 27).
  public var bundleProductId: String?
  /// The subscription group of that bundle.
  public var bundleSubscriptionGroupIdentifier: String?
  /// Whether the subscription leaves its bundle at the next renewal; sent only when true.
  public var willUnbundle: Bool?
  /// SHA-384 of the nonce and the device verification ID (StoreKit sends it; the server API does not).
  public var deviceVerification: Data?
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID?

  /// Creates a payload; optional fields default to absent.
  public init(
    expirationIntent: ExpirationIntent? = nil,
    originalTransactionId: String,
    autoRenewProductId: String,
    productId: String,
    autoRenewStatus: AutoRenewStatus,
    isInBillingRetryPeriod: Bool? = nil,
    priceIncreaseStatus: PriceIncreaseStatus? = nil,
    gracePeriodExpiresDate: Int64? = nil,
    offerType: OfferType? = nil,
    offerIdentifier: String? = nil,
    signedDate: Int64,
    environment: AppStoreEnvironment,
    recentSubscriptionStartDate: Int64,
    renewalDate: Int64? = nil,
    currency: String? = nil,
    renewalPrice: Int64? = nil,
    offerDiscountType: OfferDiscountType? = nil,
    eligibleWinBackOfferIds: [String]? = nil,
    appAccountToken: UUID? = nil,
    appTransactionId: String? = nil,
    offerPeriod: String? = nil,
    renewalBillingPlanType: BillingPlanType? = nil,
    commitmentInfo: RenewalCommitmentInfo? = nil,
    bundleProductId: String? = nil,
    bundleSubscriptionGroupIdentifier: String? = nil,
    willUnbundle: Bool? = nil,
    deviceVerification: Data? = nil,
    deviceVerificationNonce: UUID? = nil
  ) {
    self.expirationIntent = expirationIntent
    self.originalTransactionId = originalTransactionId
    self.autoRenewProductId = autoRenewProductId
    self.productId = productId
    self.autoRenewStatus = autoRenewStatus
    self.isInBillingRetryPeriod = isInBillingRetryPeriod
    self.priceIncreaseStatus = priceIncreaseStatus
    self.gracePeriodExpiresDate = gracePeriodExpiresDate
    self.offerType = offerType
    self.offerIdentifier = offerIdentifier
    self.signedDate = signedDate
    self.environment = environment
    self.recentSubscriptionStartDate = recentSubscriptionStartDate
    self.renewalDate = renewalDate
    self.currency = currency
    self.renewalPrice = renewalPrice
    self.offerDiscountType = offerDiscountType
    self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
    self.appAccountToken = appAccountToken
    self.appTransactionId = appTransactionId
    self.offerPeriod = offerPeriod
    self.renewalBillingPlanType = renewalBillingPlanType
    self.commitmentInfo = commitmentInfo
    self.bundleProductId = bundleProductId
    self.bundleSubscriptionGroupIdentifier = bundleSubscriptionGroupIdentifier
    self.willUnbundle = willUnbundle
    self.deviceVerification = deviceVerification
    self.deviceVerificationNonce = deviceVerificationNonce
  }

  /// Decodes the payload from a parsed JSON object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    var expirationIntent: ExpirationIntent?
    var originalTransactionId: String?
    var autoRenewProductId: String?
    var productId: String?
    var autoRenewStatus: AutoRenewStatus?
    var isInBillingRetryPeriod: Bool?
    var priceIncreaseStatus: PriceIncreaseStatus?
    var gracePeriodExpiresDate: Int64?
    var offerType: OfferType?
    var offerIdentifier: String?
    var signedDate: Int64?
    var environment: AppStoreEnvironment?
    var recentSubscriptionStartDate: Int64?
    var renewalDate: Int64?
    var currency: String?
    var renewalPrice: Int64?
    var offerDiscountType: OfferDiscountType?
    var eligibleWinBackOfferIds: [String]?
    var appAccountToken: UUID?
    var appTransactionId: String?
    var offerPeriod: String?
    var renewalBillingPlanType: BillingPlanType?
    var commitmentInfo: RenewalCommitmentInfo?
    var bundleProductId: String?
    var bundleSubscriptionGroupIdentifier: String?
    var willUnbundle: Bool?
    var deviceVerification: Data?
    var deviceVerificationNonce: UUID?
    for member in try WireJSONReader.members(json, field: "JWSRenewalInfoDecodedPayload") {
      switch member.key {
      case "expirationIntent":
        expirationIntent = try WireJSONReader.value(
          member.value, "expirationIntent", as: ExpirationIntent.self)
      case "originalTransactionId":
        originalTransactionId = try WireJSONReader.string(member.value, "originalTransactionId")
      case "autoRenewProductId":
        autoRenewProductId = try WireJSONReader.string(member.value, "autoRenewProductId")
      case "productId": productId = try WireJSONReader.string(member.value, "productId")
      case "autoRenewStatus":
        autoRenewStatus = try WireJSONReader.value(
          member.value, "autoRenewStatus", as: AutoRenewStatus.self)
      case "isInBillingRetryPeriod":
        isInBillingRetryPeriod = try WireJSONReader.bool(member.value, "isInBillingRetryPeriod")
      case "priceIncreaseStatus":
        priceIncreaseStatus = try WireJSONReader.value(
          member.value, "priceIncreaseStatus", as: PriceIncreaseStatus.self)
      case "gracePeriodExpiresDate":
        gracePeriodExpiresDate = try WireJSONReader.int64(member.value, "gracePeriodExpiresDate")
      case "offerType":
        offerType = try WireJSONReader.value(member.value, "offerType", as: OfferType.self)
      case "offerIdentifier":
        offerIdentifier = try WireJSONReader.string(member.value, "offerIdentifier")
      case "signedDate": signedDate = try WireJSONReader.int64(member.value, "signedDate")
      case "environment":
        environment = try WireJSONReader.value(
          member.value, "environment", as: AppStoreEnvironment.self)
      case "recentSubscriptionStartDate":
        recentSubscriptionStartDate = try WireJSONReader.int64(
          member.value, "recentSubscriptionStartDate")
      case "renewalDate": renewalDate = try WireJSONReader.int64(member.value, "renewalDate")
      case "currency": currency = try WireJSONReader.string(member.value, "currency")
      case "renewalPrice": renewalPrice = try WireJSONReader.int64(member.value, "renewalPrice")
      case "offerDiscountType":
        offerDiscountType = try WireJSONReader.value(
          member.value, "offerDiscountType", as: OfferDiscountType.self)
      case "eligibleWinBackOfferIds":
        eligibleWinBackOfferIds = try WireJSONReader.strings(
          member.value, "eligibleWinBackOfferIds")
      case "appAccountToken":
        appAccountToken = try WireJSONReader.uuid(member.value, "appAccountToken")
      case "appTransactionId":
        appTransactionId = try WireJSONReader.string(member.value, "appTransactionId")
      case "offerPeriod": offerPeriod = try WireJSONReader.string(member.value, "offerPeriod")
      case "renewalBillingPlanType":
        renewalBillingPlanType = try WireJSONReader.value(
          member.value, "renewalBillingPlanType", as: BillingPlanType.self)
      case "commitmentInfo":
        if let value = WireJSONReader.present(member.value) {
          commitmentInfo = try RenewalCommitmentInfo(json: value)
        }
      case "bundleProductId":
        bundleProductId = try WireJSONReader.string(member.value, "bundleProductId")
      case "bundleSubscriptionGroupIdentifier":
        bundleSubscriptionGroupIdentifier = try WireJSONReader.string(
          member.value, "bundleSubscriptionGroupIdentifier")
      case "willUnbundle": willUnbundle = try WireJSONReader.bool(member.value, "willUnbundle")
      case "deviceVerification":
        deviceVerification = try WireJSONReader.base64(member.value, "deviceVerification")
      case "deviceVerificationNonce":
        deviceVerificationNonce = try WireJSONReader.uuid(member.value, "deviceVerificationNonce")
      default: break
      }
    }
    self.init(
      expirationIntent: expirationIntent,
      originalTransactionId: try WireJSONReader.required(
        originalTransactionId, "originalTransactionId"),
      autoRenewProductId: try WireJSONReader.required(autoRenewProductId, "autoRenewProductId"),
      productId: try WireJSONReader.required(productId, "productId"),
      autoRenewStatus: try WireJSONReader.required(autoRenewStatus, "autoRenewStatus"),
      isInBillingRetryPeriod: isInBillingRetryPeriod,
      priceIncreaseStatus: priceIncreaseStatus,
      gracePeriodExpiresDate: gracePeriodExpiresDate,
      offerType: offerType,
      offerIdentifier: offerIdentifier,
      signedDate: try WireJSONReader.required(signedDate, "signedDate"),
      environment: try WireJSONReader.required(environment, "environment"),
      recentSubscriptionStartDate: try WireJSONReader.required(
        recentSubscriptionStartDate, "recentSubscriptionStartDate"),
      renewalDate: renewalDate,
      currency: currency,
      renewalPrice: renewalPrice,
      offerDiscountType: offerDiscountType,
      eligibleWinBackOfferIds: eligibleWinBackOfferIds,
      appAccountToken: appAccountToken,
      appTransactionId: appTransactionId,
      offerPeriod: offerPeriod,
      renewalBillingPlanType: renewalBillingPlanType,
      commitmentInfo: commitmentInfo,
      bundleProductId: bundleProductId,
      bundleSubscriptionGroupIdentifier: bundleSubscriptionGroupIdentifier,
      willUnbundle: willUnbundle,
      deviceVerification: deviceVerification,
      deviceVerificationNonce: deviceVerificationNonce
    )
  }

  /// The payload as compact JSON bytes with Apple's field names; absent fields are left out.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter()
    writer.write("expirationIntent", expirationIntent)
    writer.write("originalTransactionId", originalTransactionId)
    writer.write("autoRenewProductId", autoRenewProductId)
    writer.write("productId", productId)
    writer.write("autoRenewStatus", autoRenewStatus)
    writer.write("isInBillingRetryPeriod", isInBillingRetryPeriod)
    writer.write("priceIncreaseStatus", priceIncreaseStatus)
    writer.write("gracePeriodExpiresDate", gracePeriodExpiresDate)
    writer.write("offerType", offerType)
    writer.write("offerIdentifier", offerIdentifier)
    writer.write("signedDate", signedDate)
    writer.write("environment", environment)
    writer.write("recentSubscriptionStartDate", recentSubscriptionStartDate)
    writer.write("renewalDate", renewalDate)
    writer.write("currency", currency)
    writer.write("renewalPrice", renewalPrice)
    writer.write("offerDiscountType", offerDiscountType)
    writer.write("eligibleWinBackOfferIds", eligibleWinBackOfferIds)
    writer.write("appAccountToken", appAccountToken)
    writer.write("appTransactionId", appTransactionId)
    writer.write("offerPeriod", offerPeriod)
    writer.write("renewalBillingPlanType", renewalBillingPlanType)
    writer.write("commitmentInfo", object: commitmentInfo?.jsonBytes())
    writer.write("bundleProductId", bundleProductId)
    writer.write("bundleSubscriptionGroupIdentifier", bundleSubscriptionGroupIdentifier)
    writer.write("willUnbundle", willUnbundle)
    writer.write("deviceVerification", base64: deviceVerification)
    writer.write("deviceVerificationNonce", deviceVerificationNonce)
    return writer.finish()
  }

  /// The fields verification checks.
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      signedDate: signedDate, bundleId: nil, environment: environment,
      deviceVerification: deviceVerification, deviceVerificationNonce: deviceVerificationNonce)
  }
}
