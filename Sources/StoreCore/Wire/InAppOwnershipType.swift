/// Whether the customer bought the item or has it through Family Sharing.
///
/// Raw values are Apple's JSON values exactly; see
/// [inappownershiptype](https://developer.apple.com/documentation/appstoreserverapi/inappownershiptype).
public enum InAppOwnershipType: String, Sendable, Equatable, Hashable, CaseIterable {
  /// A family member bought it and shares it.
  case familyShared = "FAMILY_SHARED"
  /// The customer bought it.
  case purchased = "PURCHASED"
}
