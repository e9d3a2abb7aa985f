import StoreKit

/// A consumable's balance in the units the product names: `100 Coins × 1` after one pack.
///
/// A `.storekit` file gives no quantity per pack, so the balance counts packs, and the text
/// names the pack so an audience does not read `1` as one coin (see `Docs/DECISIONS.md`).
enum ConsumableBalance {
  /// `count` packs of `product`, such as `100 Coins × 2`.
  static func text(_ product: Product, count: Int, _ snapshot: StoreSnapshot) -> String {
    snapshot.localized("%1$@ × %2$@", product.displayName, "\(count)")
  }

  /// The signed-in customer's balance of `product`.
  static func text(_ product: Product, _ snapshot: StoreSnapshot) -> String {
    text(product, count: snapshot.balances[product.id] ?? 0, snapshot)
  }
}
