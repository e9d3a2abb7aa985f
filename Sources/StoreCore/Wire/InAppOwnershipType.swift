/// Whether the customer bought the item, or has it through Family Sharing or an assigned seat.
///
/// Raw values are Apple's JSON values exactly; see
/// [inappownershiptype](https://developer.apple.com/documentation/appstoreserverapi/inappownershiptype).
public enum InAppOwnershipType: String, Sendable, Equatable, Hashable, CaseIterable {
  /// A family member bought it and shares it.
  case familyShared = "FAMILY_SHARED"
  /// The customer bought it.
  case purchased = "PURCHASED"
  /// The purchaser of a multiseat subscription with Apple-hosted invitations gave the customer
  /// a seat (Apple: "Each member receives their own transaction, with an inAppOwnershipType of
  /// ASSIGNED").
  case assigned = "ASSIGNED"

  /// Whether the customer holds it through someone else's purchase: a Family Sharing copy or
  /// an assigned seat, never billed, refunded or renewed on its own.
  public var isHeldThroughOthers: Bool { self != .purchased }
}
