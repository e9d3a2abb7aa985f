import Foundation

/// Why the App Store refuses a change to a multiseat subscription's assigned seats; each
/// description names the input first, for `storeterm: <description>`.
public enum SeatRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// No customer with this ID in the ledger.
  case unknownCustomer(String)
  /// The purchaser named as the member: they hold the purchaser's own seat.
  case purchaserIsMember(String)
  /// The customer has no subscription whose current product is this one.
  case noSubscription(customer: String, product: String)
  /// The subscription was not bought with `.seats(_:)`.
  case notMultiSeat(customer: String, product: String)
  /// The subscription's invitations are developer-hosted: the app gives its seats.
  case developerHosted(customer: String, product: String)
  /// The subscription grants no access now (expired, in billing retry or revoked).
  case notActive(customer: String, product: String)
  /// The member already holds a seat of it.
  case alreadyAssigned(member: String, product: String, purchaser: String)
  /// Every seat is taken.
  case seatsTaken(customer: String, product: String, seats: Int)
  /// The member holds no seat of it.
  case notAssigned(member: String, product: String, purchaser: String)

  /// One clause naming the bad input.
  public var description: String {
    switch self {
    case .unknownCustomer(let id):
      "customer \"\(id)\" does not exist"
    case .purchaserIsMember(let id):
      "customer \"\(id)\" is the group purchaser, who already holds a seat of their own"
    case .noSubscription(let customer, let product):
      "customer \"\(customer)\" has no subscription to \"\(product)\""
    case .notMultiSeat(let customer, let product):
      "\"\(product)\" of customer \"\(customer)\" is not a multiseat subscription (buy it with"
        + " --seats N)"
    case .developerHosted(let customer, let product):
      "\"\(product)\" of customer \"\(customer)\" has developer-hosted invitations"
        + " (invitationManagement DEVELOPER): the app, not the App Store, gives its seats"
    case .notActive(let customer, let product):
      "\"\(product)\" of customer \"\(customer)\" is not active, so it has no seats to give"
    case .alreadyAssigned(let member, let product, let purchaser):
      "customer \"\(member)\" already holds a seat of \"\(product)\" from \"\(purchaser)\""
    case .seatsTaken(let customer, let product, let seats):
      "all \(seats) seats of \"\(product)\" of customer \"\(customer)\" are taken (the"
        + " purchaser's own and \(seats - 1) assigned); remove a member first"
    case .notAssigned(let member, let product, let purchaser):
      "customer \"\(member)\" holds no seat of \"\(product)\" from \"\(purchaser)\""
    }
  }
}
