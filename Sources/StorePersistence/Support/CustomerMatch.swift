/// One result of a customer search: enough to pick the customer from a list.
public struct CustomerMatch: Sendable, Equatable {
  /// The customer ID (`original:ID` or `token:UUID` for imported customers).
  public var id: String
  /// The display name; empty for imported customers.
  public var name: String
  /// The email address; empty for imported customers.
  public var email: String
  /// The storefront; empty when unknown.
  public var storefront: String
  /// Whether the customer exists only in imported App Store data.
  public var isImported: Bool
  /// What matched: `customer id`, `name or email`, `transaction id`, `original transaction id`,
  /// `app account token`.
  public var matchedBy: String

  /// Creates a match.
  public init(
    id: String, name: String, email: String, storefront: String, isImported: Bool,
    matchedBy: String
  ) {
    self.id = id
    self.name = name
    self.email = email
    self.storefront = storefront
    self.isImported = isImported
    self.matchedBy = matchedBy
  }
}
