import TerminalUI

/// What the user does on the paywall.
public enum PaywallAction: Sendable, Equatable {
  /// `Enter`/`b`: opens the purchase sheet for the selected product.
  case buy
  /// `r`: Restore Purchases (`AppStore.sync()`).
  case restore
}

extension PaywallScreen {
  /// Applies a paywall action.
  static func update(_ state: inout AppState, _ action: PaywallAction) -> [AppEffect] {
    switch action {
    case .buy:
      guard state.modal == nil, let product = selectedProduct(state) else { return [] }
      state.sheet = PurchaseSheetState(
        productID: product.id, offer: Badge.introOffer(for: product, in: state.snapshot),
        terms: termsLine(product, snapshot: state.snapshot).0)
      return []
    case .restore:
      return StoreTermApp.restore(&state)
    }
  }
}
