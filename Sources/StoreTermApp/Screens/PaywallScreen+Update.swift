import StoreManager
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
        terms: termsLine(product, snapshot: state.snapshot).0,
        offers: state.snapshot.availableOffers[product.id] ?? [])
      return []
    case .restore:
      return StoreTermApp.restore(&state)
    }
  }

  /// Presents a purchase intent once, as an app completes a purchase started on the App Store:
  /// the paywall with the product selected and its purchase sheet open, or a message saying why
  /// it cannot be bought now.
  static func present(_ intent: ReceivedPurchaseIntent, in state: inout AppState) {
    guard intent.number > state.paywall.presentedIntent else { return }
    state.paywall.presentedIntent = intent.number
    guard state.snapshot.product(intent.productID) != nil else { return }
    let locale = state.snapshot.locale
    let name = state.snapshot.name(of: intent.productID)
    guard state.modal == nil else {
      state.toast = Toast(
        UIText.text("Purchase intent for %@: close this sheet first", locale, name),
        kind: .warning)
      return
    }
    state.screen = .paywall
    state.paywall.selectedID = intent.productID
    state.paywall.hasSelection = true
    if let reason = buyBlocked(state) {
      state.toast = Toast(
        UIText.text("Purchase intent for %1$@: %2$@", locale, name, reason), kind: .warning)
      return
    }
    _ = update(&state, .buy)
    // A win-back offer chosen on the App Store is applied, as Apple asks apps to do.
    if let offerID = intent.offerID, state.sheet?.offers.contains(offerID) == true {
      state.sheet?.chosenOffer = offerID
    }
  }
}
