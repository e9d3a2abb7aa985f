import Foundation

/// The seats of one multiseat subscription with Apple-hosted invitations, as its purchaser sees
/// them: how many there are and who holds the assigned ones.
public struct SeatAssignment: Sendable, Equatable {
  /// The group purchaser.
  public var purchaserID: String
  /// The subscription's current product.
  public var productID: String
  /// The purchaser's original transaction ID of the subscription.
  public var originalID: UInt64
  /// The seats bought (`multiSeatInfo`'s tiers added up), the purchaser's own among them.
  public var seats: Int
  /// `APPLE` or `DEVELOPER`, as signed in `multiSeatInfo`.
  public var invitationManagement: String?
  /// The customers holding an assigned seat, in the order they got it.
  public var members: [String]
  /// Whether the subscription grants access now (an expired one gives no seats).
  public var isActive: Bool

  /// Creates an assignment summary.
  public init(
    purchaserID: String, productID: String, originalID: UInt64, seats: Int,
    invitationManagement: String?, members: [String], isActive: Bool
  ) {
    self.purchaserID = purchaserID
    self.productID = productID
    self.originalID = originalID
    self.seats = seats
    self.invitationManagement = invitationManagement
    self.members = members
    self.isActive = isActive
  }

  /// The seats still free: all of them but the purchaser's own and the assigned ones.
  public var freeSeats: Int { max(0, seats - 1 - members.count) }
}
