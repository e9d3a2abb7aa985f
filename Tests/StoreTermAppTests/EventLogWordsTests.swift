import Foundation
import StoreCore
import StoreManager
import TerminalUI
import Testing

@testable import StoreTermApp

/// The event log: rows in simulated time order with the date, what each grant was in words,
/// and prices in the storefront's currency.
@Suite struct EventLogWordsTests {
  private let base = Date(timeIntervalSince1970: 1_800_000_000)

  private func entry(
    _ seconds: Double, _ kind: String, product: String? = nil, id: UInt64? = nil,
    detail: EventNote = .text(""), grant: GrantOutcome? = nil
  ) -> EventLogEntry {
    EventLogEntry(
      date: base.addingTimeInterval(seconds), origin: .app, kind: kind, productID: product,
      transactionID: id, detail: detail, grant: grant)
  }

  @Test func rowsFollowSimulatedTimeNotRecordingOrder() {
    let entries = [entry(66, "a"), entry(2, "b"), entry(76, "c"), entry(2, "d")]
    #expect(EventLogScreen.ordered(entries).map(\.kind) == ["b", "d", "a", "c"])
  }

  @Test func grantsReadInWords() {
    let snapshot = Fixtures.demo()
    let coins = entry(
      0, "purchase", product: Fixtures.coins100, id: 2, detail: .verified(revoked: false),
      grant: .granted(units: 1))
    #expect(EventLogScreen.detail(coins, snapshot) == "verified · added 100 Coins × 1")
    let plan = entry(
      0, "purchase", product: Fixtures.plusMonthly, id: 1, detail: .verified(revoked: false),
      grant: .granted(units: 0))
    let words = EventLogScreen.detail(plan, snapshot)
    #expect(words.hasPrefix("verified · subscription active"))
    #expect(!words.contains("granted"))
    let back = entry(
      0, "update", product: Fixtures.coins100, id: 2, detail: .verified(revoked: true),
      grant: .reversed(units: 1, uncollected: 2))
    #expect(
      EventLogScreen.detail(back, snapshot)
        == "verified · revoked · taken back: 100 Coins × 1 · 2 already spent")
  }

  @Test func grantsReadInGerman() {
    let snapshot = Fixtures.demo(storefront: "DEU", locale: "de_DE")
    let coins = entry(
      0, "purchase", product: Fixtures.coins100, id: 2, detail: .verified(revoked: false),
      grant: .granted(units: 1))
    let name = snapshot.name(of: Fixtures.coins100)
    #expect(EventLogScreen.detail(coins, snapshot) == "verifiziert · hinzugefügt: \(name) × 1")
  }

  @Test func everyKindIsWordedInTheCatalogsLanguage() {
    // Issue 29: the kinds stayed English identifiers (`customerCreated`) in every language.
    let sources: [StoreFeedEntry.Source] = [.purchase, .update, .unfinished, .history]
    let kinds =
      StoreEvent.Kind.allCases.map(\.rawValue) + sources.map(\.rawValue)
      + ["status", "storefront"]
    #expect(kinds.filter { EventKindWords.phrases[$0] == nil } == [])
    let german = Fixtures.demo(storefront: "DEU", locale: "de_DE")
    #expect(EventKindWords.text("customerCreated", german) == "Konto angelegt")
    #expect(EventKindWords.text("billingFailed", german) == "Abrechnung fehlgeschlagen")
    #expect(EventKindWords.text("customerCreated", Fixtures.demo()) == "account created")
    // A kind a newer ledger wrote is shown as it is.
    #expect(EventKindWords.text("somethingNew", german) == "somethingNew")
  }

  @Test func notesAreWordedInTheCatalogsLanguage() {
    // Issue 29: the details stayed English (`verified`, `refused: …`) in every language.
    let french = Fixtures.demo(storefront: "FRA", locale: "fr_FR")
    let words = { (note: EventNote) in EventNoteWords.text(note, french) }
    #expect(words(.verified(revoked: true)) == "vérifiée · révoqué")
    #expect(words(.refused("invalidSignature")) == "refusée : invalidSignature")
    #expect(
      words(.statusChanged(from: "subscribed", to: "inGracePeriod"))
        == "abonné → en délai de grâce")
    #expect(
      words(.statusChanged(from: nil, to: "inBillingRetryPeriod")) == "nouvel essai de paiement")
    #expect(
      words(.appStore(customerID: "alice", detail: "billingError"))
        == "alice · erreur de paiement")
    #expect(
      words(.appStore(customerID: "alice", detail: "grace period")) == "alice · délai de grâce")
    // Data stays as it is: names, identifiers, prices.
    #expect(
      words(.appStore(customerID: "bob", detail: "from alice transaction 3"))
        == "bob · from alice transaction 3")
    #expect(words(.storefrontChanged(from: "USA", to: "FRA")) == "USA → FRA")
    let stateNames = ["subscribed", "expired", "inBillingRetryPeriod", "inGracePeriod", "revoked"]
    #expect(stateNames.filter { EventNoteWords.states[$0] == nil } == [])
    let reasons: [ExpirationIntent] = [
      .customerCancelled, .billingError, .customerDidNotConsentToPriceIncrease,
      .productNotAvailable, .other,
    ]
    #expect(reasons.filter { EventNoteWords.storeDetails[$0.name] == nil }.isEmpty)
  }

  @Test func theTimeIsWrittenAsOnEveryOtherScreenWithSeconds() {
    // Issue 29: the event log wrote `11/30/26, 14:03:09` where every other screen writes
    // `2026-11-30 14:03`.
    let date = Date(timeIntervalSince1970: 1_796_047_389)  // 2026-11-30 14:03:09 UTC
    #expect(DateText.second(date) == "2026-11-30 14:03:09")
    #expect(DateText.second(date).hasPrefix(DateText.minute(date)))
  }

  @Test func milliunitPricesReadInTheStorefrontsCurrency() throws {
    let catalog = Fixtures.catalog(storefront: "DEU", locale: "de_DE")
    #expect(
      catalog.displayPrice(milliunits: 5980) == catalog.displayPrice(Decimal(string: "5.98")!))
    #expect(catalog.displayPrice(milliunits: 5980).contains("5,98"))
  }
}
