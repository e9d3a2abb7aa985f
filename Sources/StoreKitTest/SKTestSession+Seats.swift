import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit

/// What happens to a multiseat subscription outside the app, on the group purchaser's device:
/// Xcode's test session has no control for it, so storeterm offers these as SPI
/// (`@_spi(StoreTerm) import StoreKitTest`). The app under test then sees the result only
/// through StoreKit, as a member's device would.
extension SKTestSession {
  /// Another Apple Account, `purchaser`, gives a seat of its multiseat subscription to
  /// `identifier` (buying `seats` seats first when it has none) to `member`, this device's
  /// account unless another is named, as the group purchaser does in the invitation sheet or
  /// Manage Subscriptions; this account's `ASSIGNED` transaction arrives through
  /// `Transaction.updates`.
  ///
  /// - Throws: `SKTestError.invalidAction` with the App Store's reason when it refuses (every
  ///   seat taken, for one).
  @_spi(StoreTerm) public func assignSeat(
    of identifier: Product.ID, purchaser: String, to member: String = Customer.defaultID,
    seats: Int = 2
  ) throws {
    let engine = environment.engine
    do {
      if try !engine.seatAssignments(customerID: purchaser).contains(where: {
        $0.productID == identifier && $0.isActive
      }) {
        var options = PurchaseOptions()
        options.seats = seats
        _ = try engine.purchase(identifier, customerID: purchaser, options: options)
      }
      try engine.assignSeat(purchaserID: purchaser, productID: identifier, memberID: member)
    } catch let refusal as SeatRefusal {
      throw SKTestError(.invalidAction, refusal.description)
    }
  }

  /// `purchaser` takes back this device's account's seat of its subscription to `identifier`:
  /// the revoked `ASSIGNED` transaction arrives through `Transaction.updates`.
  ///
  /// - Throws: `SKTestError.invalidAction` when the account holds no such seat.
  @_spi(StoreTerm) public func removeSeat(of identifier: Product.ID, purchaser: String) throws {
    do {
      try environment.engine.removeSeat(
        purchaserID: purchaser, productID: identifier, memberID: Customer.defaultID)
    } catch let refusal as SeatRefusal {
      throw SKTestError(.invalidAction, refusal.description)
    }
  }
}
