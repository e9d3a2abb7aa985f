import Foundation

extension JWSTransactionDecodedPayload {
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
}

/// The members ``JWSTransactionDecodedPayload/init(json:)`` reads, found by name once each.
enum JWSTransactionPayloadMember: String, CaseIterable {
  case originalTransactionId, transactionId, webOrderLineItemId, bundleId, productId,
    subscriptionGroupIdentifier, purchaseDate, originalPurchaseDate, expiresDate, quantity, type,
    appAccountToken, inAppOwnershipType, signedDate, revocationReason, revocationDate, isUpgraded,
    offerType, offerIdentifier, environment, storefront, storefrontId, transactionReason, currency,
    price, offerDiscountType, appTransactionId, offerPeriod, revocationType, revocationPercentage,
    billingPlanType, commitmentInfo, bundleProductId, bundleSubscriptionGroupIdentifier,
    bundleOriginalTransactionId, bundleTransactionId, previousOriginalTransactionId, multiSeatInfo,
    advancedCommerceInfo, deviceVerification, deviceVerificationNonce

  static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
