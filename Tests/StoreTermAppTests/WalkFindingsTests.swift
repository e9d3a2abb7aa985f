import Foundation
import StoreTermTestSupport
import Testing

@testable import StoreTermApp

/// Issue 29, "fixed on the way": what the walk through the screens found.
@Suite struct WalkFindingsTests {
  @Test func theInspectorSaysMilliunitsAsTheAmountTheyAre() {
    #expect(TransactionsScreen.money(milliunits: 1490) == "1.49")
    #expect(TransactionsScreen.money(milliunits: 990) == "0.99")
    #expect(TransactionsScreen.money(milliunits: 480_000) == "480")
    #expect(TransactionsScreen.money(milliunits: 4990) == "4.99")
  }

  @Test func theHintBarNamesEveryActionTheSelectedTransactionAllows() {
    var state = Fixtures.state(screen: .transactions)
    let rows = TransactionsScreen.filtered(state)
    #expect(rows.count >= 3)
    var seen: Set<String> = []
    for index in rows.indices {
      state.transactions.selected = index
      let hints = Set(TransactionsScreen.keymap.hintBarEntries(in: state).map(\.description))
      let allowed = TransactionsScreen.keymap.helpSections(in: state)
        .flatMap(\.entries).filter { $0.disabledReason == nil }.map(\.description)
      for action in ManageAction.allCases {
        let words = Self.manageWords[action] ?? ""
        #expect(hints.contains(words) == allowed.contains(words), "row \(index): \(words)")
      }
      seen.formUnion(hints)
    }
    // The Ask to Buy row offers decline beside approve, which the bar used to leave out.
    #expect(seen.isSuperset(of: ["approve", "decline", "delete"]), "\(seen)")
  }

  /// Each transaction control's words on the Transactions screen.
  static let manageWords: [ManageAction: String] = [
    .approve: "approve", .decline: "decline", .resolve: "resolve", .refund: "refund",
    .revoke: "revoke", .expire: "expire", .renew: "renew now", .autoRenewOff: "auto-renew off",
    .autoRenewOn: "auto-renew on", .priceIncrease: "price increase",
    .consent: "consent to price increase", .declinePriceIncrease: "decline price increase",
    .finish: "finish", .delete: "delete",
  ]

  @Test func frenchSaysARenewalToComeInTheFuture() {
    #expect(UIText.text("renews %@", "fr_FR", "2027-01-01") == "se renouvelle le 2027-01-01")
    #expect(UIText.text("renews %@", "es_ES", "2027-01-01") == "se renueva el 2027-01-01")
  }
}
