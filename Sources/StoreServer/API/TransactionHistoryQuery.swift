import StoreCore

/// The query of Get Transaction History (v2): filters, sort order and the revision to resume
/// after, validated with Apple's error codes.
struct TransactionHistoryQuery: Equatable, Sendable {
  var startDate: Int64?
  var endDate: Int64?
  var productIDs: Set<String> = []
  var productTypes: Set<InAppProductType> = []
  var groupIDs: Set<String> = []
  var ownership: InAppOwnershipType?
  var revoked: Bool?
  var descending = false
  var revision: HistoryRevision?

  /// The product types as the query names them.
  static let productTypeNames: [String: InAppProductType] = [
    "AUTO_RENEWABLE": .autoRenewableSubscription, "NON_RENEWABLE": .nonRenewingSubscription,
    "CONSUMABLE": .consumable, "NON_CONSUMABLE": .nonConsumable,
  ]

  /// Parses `request`'s query.
  ///
  /// - Throws: the `APIError` Apple answers for the first bad value.
  init(_ request: HTTPRequest) throws(APIError) {
    for (name, value) in request.query {
      switch name {
      case "startDate":
        guard let date = Int64(value), date >= 0 else { throw .invalidStartDate }
        startDate = date
      case "endDate":
        guard let date = Int64(value), date >= 0 else { throw .invalidEndDate }
        endDate = date
      case "productId":
        guard !value.isEmpty else { throw .invalidProductID }
        productIDs.insert(value)
      case "productType":
        guard let type = Self.productTypeNames[value] else { throw .invalidProductType }
        productTypes.insert(type)
      case "subscriptionGroupIdentifier":
        guard !value.isEmpty else { throw .invalidSubscriptionGroup }
        groupIDs.insert(value)
      case "inAppOwnershipType":
        guard let type = InAppOwnershipType(rawValue: value) else { throw .invalidOwnershipType }
        ownership = type
      case "revoked":
        // Apple's Python library sends Python's spelling, `True` and `False`.
        switch value.lowercased() {
        case "true": revoked = true
        case "false": revoked = false
        default: throw .invalidRevoked
        }
      case "sort":
        switch value {
        case "ASCENDING": descending = false
        case "DESCENDING": descending = true
        default: throw .invalidSort
        }
      case "revision":
        guard let revision = HistoryRevision(token: value) else { throw .invalidRevision }
        self.revision = revision
      default:
        break  // Apple ignores parameters it does not know.
      }
    }
    if let startDate, let endDate, startDate > endDate { throw .startDateAfterEndDate }
  }

  /// Whether the transaction passes every filter (not the revision).
  func matches(_ facts: TransactionHistoryFacts) -> Bool {
    if let startDate, facts.purchaseDate < startDate { return false }
    if let endDate, facts.purchaseDate >= endDate { return false }
    if !productIDs.isEmpty, !productIDs.contains(facts.productId) { return false }
    if !productTypes.isEmpty, !productTypes.contains(facts.type) { return false }
    if !groupIDs.isEmpty,
      !facts.subscriptionGroupIdentifier.map(groupIDs.contains).isTrue
    {
      return false
    }
    if let ownership, facts.inAppOwnershipType != ownership { return false }
    if let revoked, (facts.revocationDate != nil) != revoked { return false }
    return true
  }
}

extension Optional<Bool> {
  /// True only for `.some(true)`.
  fileprivate var isTrue: Bool { self == true }
}
