import Foundation

/// A purchase or renewal as StoreKit 2 presents it: StoreKit's `Transaction`.
public struct Transaction: Sendable, Equatable, Identifiable {
  /// The signed payload behind this transaction.
  public let payload: JWSTransactionDecodedPayload
  /// The compact JWS the App Store signed.
  public let jwsRepresentation: String

  init(payload: JWSTransactionDecodedPayload, jws: String) {
    self.payload = payload
    self.jwsRepresentation = jws
  }

  /// The transaction identifier.
  public var id: UInt64 { UInt64(payload.transactionId) ?? 0 }
  /// The identifier of the original purchase (the same for every renewal).
  public var originalID: UInt64 { UInt64(payload.originalTransactionId) ?? 0 }
  /// The subscription's purchase-event identifier.
  public var webOrderLineItemID: String? { payload.webOrderLineItemId }
  /// The app's bundle ID.
  public var appBundleID: String { payload.bundleId }
  /// The product identifier.
  public var productID: String { payload.productId }
  /// The product type.
  public var productType: Product.ProductType {
    Product.ProductType(rawValue: payload.type.rawValue)
  }
  /// The subscription group, for auto-renewable subscriptions.
  public var subscriptionGroupID: String? { payload.subscriptionGroupIdentifier }
  /// When the App Store charged the customer.
  public var purchaseDate: Date { Date(epochMilliseconds: payload.purchaseDate) }
  /// When the original purchase happened.
  public var originalPurchaseDate: Date { Date(epochMilliseconds: payload.originalPurchaseDate) }
  /// When the subscription expires.
  public var expirationDate: Date? { payload.expiresDate.map(Date.init(epochMilliseconds:)) }
  /// When the App Store signed the transaction.
  public var signedDate: Date { Date(epochMilliseconds: payload.signedDate) }
  /// When the App Store refunded or revoked it.
  public var revocationDate: Date? { payload.revocationDate.map(Date.init(epochMilliseconds:)) }
  /// Why it was refunded or revoked.
  public var revocationReason: RevocationReason? {
    payload.revocationReason.map { $0 == .refundedDueToIssue ? .developerIssue : .other }
  }
  /// Whether the customer upgraded to a higher level of the group.
  public var isUpgraded: Bool { payload.isUpgraded ?? false }
  /// How many items were bought.
  public var purchasedQuantity: Int { payload.quantity }
  /// The app's account token.
  public var appAccountToken: UUID? { payload.appAccountToken }
  /// Whether the customer bought it or has it through Family Sharing.
  public var ownershipType: OwnershipType {
    payload.inAppOwnershipType == .familyShared ? .familyShared : .purchased
  }
  /// The environment that signed it.
  public var environment: AppStoreEnvironment { payload.environment }
  /// Whether this is a purchase or a renewal.
  public var reason: Reason { payload.transactionReason == .renewal ? .renewal : .purchase }
  /// The price paid, in units of `currency`.
  public var price: Decimal? { payload.price.map { Decimal($0) / 1000 } }
  /// The currency of `price`.
  public var currency: Locale.Currency? { payload.currency.map { Locale.Currency($0) } }
  /// The storefront of the purchase.
  public var storefront: Storefront? { Storefront(countryCode: payload.storefront) }
  /// The device verification hash.
  public var deviceVerification: Data { payload.deviceVerification ?? Data() }
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID? { payload.deviceVerificationNonce }
  /// The payload as JSON bytes with Apple's field names.
  public var jsonRepresentation: Data { Data(payload.jsonBytes()) }

  /// Tells the App Store the app delivered the content: the transaction stops coming back
  /// through `Transaction.updates` and `Transaction.unfinished`.
  public func finish() async {
    guard let configuration = try? StoreKitRuntime.configuration() else { return }
    try? configuration.engine.finish(id)
  }

  /// StoreKit's `Transaction.RevocationReason`.
  public enum RevocationReason: Sendable, Hashable {
    /// Refunded because of a problem in the app.
    case developerIssue
    /// Refunded for another reason.
    case other
  }

  /// StoreKit's `Transaction.OwnershipType`.
  public enum OwnershipType: Sendable, Hashable {
    /// The customer bought it.
    case purchased
    /// A family member shared it.
    case familyShared
  }

  /// StoreKit's `Transaction.Reason`.
  public enum Reason: Sendable, Hashable {
    /// A purchase.
    case purchase
    /// An automatic renewal.
    case renewal
  }
}

extension VerificationResult where SignedType == Transaction {
  /// The compact JWS the App Store signed.
  public var jwsRepresentation: String { unsafePayloadValue.jwsRepresentation }
}
