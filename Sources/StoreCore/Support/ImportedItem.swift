import Foundation

/// One signed item from imported App Store data, after verification: what it is, whose it is,
/// and whether it verified (and if not, why).
public struct ImportedItem: Sendable, Equatable {
  /// The kinds of item an import files.
  public enum Kind: String, Sendable, CaseIterable {
    /// A `JWSTransactionDecodedPayload`.
    case transaction
    /// A `JWSRenewalInfoDecodedPayload`.
    case renewalInfo
    /// A `ResponseBodyV2DecodedPayload` (App Store Server Notifications V2).
    case notification
  }

  /// What it is.
  public var kind: Kind
  /// The compact JWS as received.
  public var jws: String
  /// Why verification failed; nil when it verified.
  public var failure: String?
  /// The transaction ID it carries, if its payload could be read.
  public var transactionID: String?
  /// The original transaction ID it carries, if any.
  public var originalID: String?
  /// The app account token it carries, if any.
  public var appAccountToken: UUID?
  /// The product it concerns, if any.
  public var productID: String?
  /// The storefront it names, if any.
  public var storefront: String?
  /// When it was signed (epoch ms), if readable.
  public var signedDate: Int64?

  /// Creates an item.
  public init(
    kind: Kind, jws: String, failure: String?, transactionID: String? = nil,
    originalID: String? = nil, appAccountToken: UUID? = nil, productID: String? = nil,
    storefront: String? = nil, signedDate: Int64? = nil
  ) {
    self.kind = kind
    self.jws = jws
    self.failure = failure
    self.transactionID = transactionID
    self.originalID = originalID
    self.appAccountToken = appAccountToken
    self.productID = productID
    self.storefront = storefront
    self.signedDate = signedDate
  }

  /// Whether it verified against the given root.
  public var isVerified: Bool { failure == nil }

  /// The customer an item is filed under when nothing links it to one yet: `token:UUID` when it
  /// carries an app account token, else `original:ID`, else `unknown`.
  public var defaultCustomerKey: String {
    if let token = appAccountToken { return "token:\(token.uuidString)" }
    if let original = originalID { return "original:\(original)" }
    return "unknown"
  }
}
