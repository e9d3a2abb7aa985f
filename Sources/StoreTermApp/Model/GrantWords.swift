import StoreKit
import StoreManager

/// What a delivery gave the customer, in words (the event log's detail): `100 Coins × 1`,
/// `subscription active until 2026-12-07 14:03`, `unlocked`, never `granted 0`.
enum GrantWords {
  /// `grant` of `productID` (transaction `transactionID`) in the snapshot's language.
  static func text(
    _ grant: GrantOutcome, productID: String, transactionID: UInt64?, _ snapshot: StoreSnapshot
  ) -> String {
    let product = snapshot.product(productID)
    let isConsumable = product?.type == .consumable
    let isSubscription = product?.type == .autoRenewable || product?.type == .nonRenewable
    switch grant {
    case .granted(let units):
      if let product, isConsumable {
        return snapshot.localized(
          "added %@", ConsumableBalance.text(product, count: units, snapshot))
      }
      if isSubscription {
        let end = snapshot.records.first { $0.id == transactionID }?.signed?.expirationDate
        return end.map { snapshot.localized("subscription active until %@", DateText.minute($0)) }
          ?? snapshot.localized("subscription active")
      }
      return snapshot.localized("unlocked")
    case .alreadyGranted:
      return snapshot.localized("already delivered")
    case .reversed(let units, let uncollected):
      guard let product, isConsumable else { return snapshot.localized("access taken back") }
      let taken = snapshot.localized(
        "taken back: %@", ConsumableBalance.text(product, count: units, snapshot))
      return uncollected == 0
        ? taken : taken + " · " + snapshot.localized("%@ already spent", "\(uncollected)")
    case .revokedBeforeDelivery:
      return snapshot.localized("revoked before delivery")
    }
  }
}
