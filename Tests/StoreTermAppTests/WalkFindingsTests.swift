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

  @Test func frenchSaysARenewalToComeInTheFuture() {
    #expect(UIText.text("renews %@", "fr_FR", "2027-01-01") == "se renouvelle le 2027-01-01")
    #expect(UIText.text("renews %@", "es_ES", "2027-01-01") == "se renueva el 2027-01-01")
  }
}
