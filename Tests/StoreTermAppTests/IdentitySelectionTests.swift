import StoreTermApp
import TerminalUI
import Testing

/// Selections follow identifiers, never positions: the paywall's product and the Customers
/// screen's customer stay selected across re-sorts and inserts, and when they vanish the
/// selection clears with a note.
@Suite struct IdentitySelectionTests {
  @Test func thePaywallFollowsTheProductWhenTheCatalogReloadsInAnotherOrder() {
    var state = Fixtures.state()
    state.paywall.selectedID = Fixtures.lifetime
    let before = PaywallScreen.selectedPosition(state)
    var reordered = state.snapshot
    reordered.products.reverse()
    let after = assertUpdate(state, .storeChanged(reordered), expect: { $0.snapshot = reordered })
    #expect(PaywallScreen.selectedProduct(after)?.id == Fixtures.lifetime)
    #expect(PaywallScreen.selectedPosition(after) != before)
  }

  @Test func thePaywallClearsTheSelectionWithANoteWhenTheProductLeaves() {
    var state = Fixtures.state()
    state.paywall.selectedID = Fixtures.lifetime
    var without = state.snapshot
    without.products.removeAll { $0.id == Fixtures.lifetime }
    let cleared = assertUpdate(
      state, .storeChanged(without),
      expect: {
        $0.snapshot = without
        $0.paywall.selectedID = nil
        $0.paywall.hasSelection = false
        $0.toast = Toast(
          "Lifetime Unlock is no longer for sale; the selection was cleared.", kind: .warning)
      })
    #expect(PaywallScreen.selectedProduct(cleared) == nil)
    #expect(
      StoreTermApp.action(for: .key(.char("b")), in: cleared) == .refused("no product is selected"))
    // The next move down selects the first product again; the key clears the note.
    let moved = assertUpdate(
      cleared, .move(1),
      expect: {
        $0.toast = nil
        $0.paywall.selectedID = PaywallScreen.selectedProduct(Fixtures.state(without))?.id
        $0.paywall.hasSelection = true
      })
    #expect(PaywallScreen.selectedPosition(moved) == 0)
  }

  @Test func theCustomersListFollowsTheCustomerWhenASearchRunsAgain() {
    var state = CustomerFixtures.listed()
    state.customers.selectedID = "family-kid"
    state.customers.pendingSearch = ""
    let inserted =
      [CustomerFixtures.results[2]]
      + CustomerFixtures.results
      .filter { $0.id != CustomerFixtures.results[2].id }
    let after = assertUpdate(
      state, .support(.found(query: "", inserted)),
      expect: {
        $0.customers.pendingSearch = nil
        $0.customers.results = inserted
      })
    #expect(CustomersScreen.selected(after)?.id == "family-kid")
    #expect(CustomersScreen.selectedPosition(after) == 2)
  }

  @Test func theCustomersListClearsTheSelectionWithANoteWhenTheCustomerVanishes() {
    var state = CustomerFixtures.listed()
    state.customers.selectedID = "family-kid"
    state.customers.pendingSearch = ""
    let remaining = CustomerFixtures.results.filter { $0.id != "family-kid" }
    let cleared = assertUpdate(
      state, .support(.found(query: "", remaining)),
      expect: {
        $0.customers.pendingSearch = nil
        $0.customers.results = remaining
        $0.customers.selectedID = nil
        $0.toast = Toast(
          "Customer family-kid is no longer listed; the selection was cleared.", kind: .warning)
      })
    #expect(
      StoreTermApp.action(for: .key(.enter), in: cleared) == .refused("no customer is selected"))
  }
}
