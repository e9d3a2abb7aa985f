import StoreManager
import TerminalUI

extension AccountScreen {
  /// The line telling a group's price increase, or nil when there is none to tell.
  ///
  /// Read from the renewal info the status shows: the engine drops an increase asked for the
  /// current plan when the customer chooses another, so with another plan next the increase
  /// is that plan's, and the line names it. A subscription that will not renew pays no new
  /// price, so it has no consent to wait for and no renewal for the price to apply at.
  static func priceIncreaseLine(
    _ status: SubscriptionGroupStatus, _ note: RenewalNote, _ snapshot: StoreSnapshot
  ) -> (String, StyleRole)? {
    guard let increase = note.priceIncrease, status.willAutoRenew != false,
      status.state != .expired, status.state != .revoked
    else { return nil }
    let price = note.renewalPrice.map { snapshot.localized(" to %@", $0) } ?? ""
    let waits = increase == .pending
    guard let next = note.renewsInto else {
      return waits
        ? (
          snapshot.localized("  Price increase%@ waits for the customer's consent.", price),
          .warning
        )
        : (
          snapshot.localized("  Price increase%@ agreed; it applies at the next renewal.", price),
          .dim
        )
    }
    let plan = snapshot.name(of: next)
    return waits
      ? (
        snapshot.localized(
          "  Price increase for %1$@%2$@ waits for the customer's consent.", plan, price), .warning
      )
      : (
        snapshot.localized(
          "  Price increase for %1$@%2$@ agreed; it applies at the next renewal.", plan, price),
        .dim
      )
  }
}
