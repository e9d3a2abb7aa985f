/// What the App Store Server API's history endpoints decide on for one transaction: whether
/// this server serves it, whether it passes a query's filters, and where it sits in a page.
public struct TransactionHistoryFacts: Sendable, Equatable {
  /// The transaction identifier as a number (``SignedTransaction/id``).
  public var id: UInt64
  /// The app's bundle identifier, as in the payload.
  public var bundleId: String
  /// The server environment that signed the transaction.
  public var environment: AppStoreEnvironment
  /// The product identifier, as in the payload.
  public var productId: String
  /// The product's type, as in the payload.
  public var type: InAppProductType
  /// The subscription group; nil for products that are not auto-renewable subscriptions.
  public var subscriptionGroupIdentifier: String?
  /// Purchased, or shared through Family Sharing.
  public var inAppOwnershipType: InAppOwnershipType
  /// Milliseconds since 1970, as in the payload.
  public var purchaseDate: Int64
  /// Milliseconds since 1970; nil unless refunded or revoked.
  public var revocationDate: Int64?

  /// Facts given one by one (read back from a ``TransactionHistoryForm``).
  init(
    id: UInt64, bundleId: String, environment: AppStoreEnvironment, productId: String,
    type: InAppProductType, subscriptionGroupIdentifier: String?,
    inAppOwnershipType: InAppOwnershipType, purchaseDate: Int64, revocationDate: Int64?
  ) {
    self.id = id
    self.bundleId = bundleId
    self.environment = environment
    self.productId = productId
    self.type = type
    self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
    self.inAppOwnershipType = inAppOwnershipType
    self.purchaseDate = purchaseDate
    self.revocationDate = revocationDate
  }

  /// The facts of `payload`.
  public init(_ payload: JWSTransactionDecodedPayload) {
    id = SignedTransaction.number(of: payload.transactionId)
    bundleId = payload.bundleId
    environment = payload.environment
    productId = payload.productId
    type = payload.type
    subscriptionGroupIdentifier = payload.subscriptionGroupIdentifier
    inAppOwnershipType = payload.inAppOwnershipType
    purchaseDate = payload.purchaseDate
    revocationDate = payload.revocationDate
  }

  /// The facts among members read so far, or nil while one they require is missing.
  init?(_ fields: JWSTransactionPayloadFields) {
    guard let transactionId = fields.transactionId, let bundleId = fields.bundleId,
      let environment = fields.environment, let productId = fields.productId,
      let type = fields.type, let ownership = fields.inAppOwnershipType,
      let purchaseDate = fields.purchaseDate
    else { return nil }
    id = SignedTransaction.number(of: transactionId)
    self.bundleId = bundleId
    self.environment = environment
    self.productId = productId
    self.type = type
    subscriptionGroupIdentifier = fields.subscriptionGroupIdentifier
    inAppOwnershipType = ownership
    self.purchaseDate = purchaseDate
    revocationDate = fields.revocationDate
  }

  /// Whether a payload's member `member` is one of the facts.
  static func isFact(_ member: JWSTransactionPayloadMember) -> Bool {
    switch member {
    case .transactionId, .bundleId, .environment, .productId, .type,
      .subscriptionGroupIdentifier, .inAppOwnershipType, .purchaseDate, .revocationDate:
      true
    default: false
    }
  }
}
