import Foundation

extension JWSTransactionDecodedPayload {
  /// Decodes the payload from a parsed JSON object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    var fields = JWSTransactionPayloadFields()
    for member in try WireJSONReader.members(json, field: "JWSTransactionDecodedPayload") {
      guard let name = JWSTransactionPayloadMember(rawValue: member.key) else { continue }
      try fields.read(name, member.value)
    }
    self = try fields.payload()
  }

  /// Decodes the payload from UTF-8 JSON text, exactly as `SignedPayload`'s decoder does.
  ///
  /// A payload of the common shape is read straight from its bytes (a history page decodes ten
  /// of them, and building a tree of values first was half of it); any other text, and any
  /// payload the fast reading finds wrong, is read again through `JSONParser`, so every error
  /// is the one the parser and `init(json:)` give.
  public init(jsonBytes bytes: some Sequence<UInt8>) throws(WireDecodingError) {
    let text = Array(bytes)
    var fields = JWSTransactionPayloadFields()
    var next = 0
    let names = JWSTransactionPayloadMember.names
    let read = text.withUnsafeBufferPointer { buffer in
      JSONFlatObjectReader.read(buffer) { name, value in
        guard let member = names.lookUp(name, expecting: &next)?.member else { return true }
        return (try? fields.read(member, value)) != nil
      }
    }
    if read, let payload = try? fields.payload() {
      self = payload
      return
    }
    try self.init(json: try WireJSONReader.payloadDocument(text))
  }
}

/// The members of a transaction payload read so far, by ``JWSTransactionDecodedPayload``'s two
/// decoders.
struct JWSTransactionPayloadFields {
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

  /// Reads member `name`'s value; a repeated member replaces the earlier one.
  mutating func read(_ name: JWSTransactionPayloadMember, _ value: JSONValue)
    throws(WireDecodingError)
  {
    switch name {
    case .originalTransactionId:
      originalTransactionId = try WireJSONReader.string(value, "originalTransactionId")
    case .transactionId: transactionId = try WireJSONReader.string(value, "transactionId")
    case .webOrderLineItemId:
      webOrderLineItemId = try WireJSONReader.string(value, "webOrderLineItemId")
    case .bundleId: bundleId = try WireJSONReader.string(value, "bundleId")
    case .productId: productId = try WireJSONReader.string(value, "productId")
    case .subscriptionGroupIdentifier:
      subscriptionGroupIdentifier = try WireJSONReader.string(
        value, "subscriptionGroupIdentifier")
    case .purchaseDate: purchaseDate = try WireJSONReader.int64(value, "purchaseDate")
    case .originalPurchaseDate:
      originalPurchaseDate = try WireJSONReader.int64(value, "originalPurchaseDate")
    case .expiresDate: expiresDate = try WireJSONReader.int64(value, "expiresDate")
    case .quantity: quantity = try WireJSONReader.int(value, "quantity")
    case .type: type = try WireJSONReader.value(value, "type", as: InAppProductType.self)
    case .appAccountToken:
      appAccountToken = try WireJSONReader.uuid(value, "appAccountToken")
    case .inAppOwnershipType:
      inAppOwnershipType = try WireJSONReader.value(
        value, "inAppOwnershipType", as: InAppOwnershipType.self)
    case .signedDate: signedDate = try WireJSONReader.int64(value, "signedDate")
    case .revocationReason:
      revocationReason = try WireJSONReader.value(
        value, "revocationReason", as: RevocationReason.self)
    case .revocationDate:
      revocationDate = try WireJSONReader.int64(value, "revocationDate")
    case .isUpgraded: isUpgraded = try WireJSONReader.bool(value, "isUpgraded")
    case .offerType:
      offerType = try WireJSONReader.value(value, "offerType", as: OfferType.self)
    case .offerIdentifier:
      offerIdentifier = try WireJSONReader.string(value, "offerIdentifier")
    case .environment:
      environment = try WireJSONReader.value(
        value, "environment", as: AppStoreEnvironment.self)
    case .storefront: storefront = try WireJSONReader.string(value, "storefront")
    case .storefrontId: storefrontId = try WireJSONReader.string(value, "storefrontId")
    case .transactionReason:
      transactionReason = try WireJSONReader.value(
        value, "transactionReason", as: TransactionReason.self)
    case .currency: currency = try WireJSONReader.string(value, "currency")
    case .price: price = try WireJSONReader.int64(value, "price")
    case .offerDiscountType:
      offerDiscountType = try WireJSONReader.value(
        value, "offerDiscountType", as: OfferDiscountType.self)
    case .appTransactionId:
      appTransactionId = try WireJSONReader.string(value, "appTransactionId")
    case .offerPeriod: offerPeriod = try WireJSONReader.string(value, "offerPeriod")
    case .revocationType:
      revocationType = try WireJSONReader.value(
        value, "revocationType", as: RevocationType.self)
    case .revocationPercentage:
      revocationPercentage = try WireJSONReader.int(value, "revocationPercentage")
    case .billingPlanType:
      billingPlanType = try WireJSONReader.value(
        value, "billingPlanType", as: BillingPlanType.self)
    case .commitmentInfo:
      if let value = WireJSONReader.present(value) {
        commitmentInfo = try TransactionCommitmentInfo(json: value)
      }
    case .bundleProductId, .bundleSubscriptionGroupIdentifier, .bundleOriginalTransactionId,
      .bundleTransactionId, .previousOriginalTransactionId:
      bundle[name.rawValue] = try WireJSONReader.string(value, name.rawValue)
    case .multiSeatInfo:
      if let value = WireJSONReader.present(value) {
        multiSeatInfo = try TransactionMultiSeatInfo(json: value)
      }
    case .advancedCommerceInfo:
      if let value = WireJSONReader.present(value) {
        advancedCommerceInfo = try AdvancedCommerceTransactionInfo(json: value)
      }
    case .deviceVerification:
      deviceVerification = try WireJSONReader.base64(value, "deviceVerification")
    case .deviceVerificationNonce:
      deviceVerificationNonce = try WireJSONReader.uuid(value, "deviceVerificationNonce")
    }
  }

  /// The payload, or `missingField` for the first required member not read.
  func payload() throws(WireDecodingError) -> JWSTransactionDecodedPayload {
    var payload = JWSTransactionDecodedPayload(
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
    payload.advancedCommerceInfo = advancedCommerceInfo
    return payload
  }
}

/// The members ``JWSTransactionDecodedPayload``'s decoders read.
enum JWSTransactionPayloadMember: String, CaseIterable {
  case originalTransactionId, transactionId, webOrderLineItemId, bundleId, productId,
    subscriptionGroupIdentifier, purchaseDate, originalPurchaseDate, expiresDate, quantity, type,
    appAccountToken, inAppOwnershipType, signedDate, revocationReason, revocationDate, isUpgraded,
    offerType, offerIdentifier, environment, storefront, storefrontId, transactionReason, currency,
    price, offerDiscountType, appTransactionId, offerPeriod, revocationType, revocationPercentage,
    billingPlanType, commitmentInfo, bundleProductId, bundleSubscriptionGroupIdentifier,
    bundleOriginalTransactionId, bundleTransactionId, previousOriginalTransactionId, multiSeatInfo,
    advancedCommerceInfo, deviceVerification, deviceVerificationNonce

  /// The members no payload is without (``JWSTransactionPayloadFields/payload()`` requires
  /// them), one bit each by ordinal (there are fewer than 64 members).
  static let requiredBits: UInt64 = [
    originalTransactionId, transactionId, bundleId, productId, purchaseDate,
    originalPurchaseDate, quantity, type, inAppOwnershipType, signedDate, environment, storefront,
    storefrontId, transactionReason,
  ].reduce(0) { bits, member in bits | 1 << UInt64(allCases.firstIndex(of: member) ?? 0) }

  /// Every member's name, for finding members by their bytes.
  static let names = MemberNames()

}

/// The names of ``JWSTransactionPayloadMember``'s cases in one buffer, in case order, which is
/// the order the payload's writer writes them in.
///
/// Looking a name up starts at the member after the last one found, so a payload the writer
/// wrote costs a compare of lengths for each member it leaves out and one `memcmp` for each it
/// has: matching names among those of the same length took a sixth of reading a payload's facts.
struct MemberNames: Sendable {
  private let text: [UInt8]
  /// Where each name ends in `text`; each starts where the one before ends.
  private let ends: [Int]
  private let members = JWSTransactionPayloadMember.allCases

  init() {
    text = members.flatMap(\.rawValue.utf8)
    var end = 0
    ends = members.map { member in
      end += member.rawValue.utf8.count
      return end
    }
  }

  /// The member named `bytes` and its ordinal, looked for from ordinal `next` on and then from
  /// the start; `next` becomes the ordinal after it.
  func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, expecting next: inout Int) -> (
    member: JWSTransactionPayloadMember, ordinal: Int
  )? {
    guard let ordinal = ordinal(of: bytes, from: next) else { return nil }
    next = ordinal + 1
    return (members[ordinal], ordinal)
  }

  /// The ordinal of the member named `bytes`, looked for from `first` on and then from 0.
  private func ordinal(of bytes: UnsafeBufferPointer<UInt8>, from first: Int) -> Int? {
    guard let wanted = bytes.baseAddress else { return nil }
    return text.withUnsafeBufferPointer { text in
      ends.withUnsafeBufferPointer { ends in
        func isNamed(_ ordinal: Int) -> Bool {
          let start = ordinal == 0 ? 0 : ends[ordinal - 1]
          return ends[ordinal] - start == bytes.count
            && memcmp(text.baseAddress! + start, wanted, bytes.count) == 0
        }
        let first = min(first, ends.count)
        for ordinal in first..<ends.count where isNamed(ordinal) { return ordinal }
        for ordinal in 0..<first where isNamed(ordinal) { return ordinal }
        return nil
      }
    }
  }
}
