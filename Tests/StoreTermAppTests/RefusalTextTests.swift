import StoreCore
import Testing

@testable import StoreTermApp

/// The engine's refusals on screen: worded from the typed value, in English as the command line
/// says them, and in the UI's language.
@Suite struct RefusalTextTests {
  static let refusals: [StoreEngineError] = [
    .unknownProduct("com.nope"), .unknownTransaction(9),
    .wrongState(5, action: "refunded", state: "pending approval"), .alreadyRevoked(4),
    .notApplicable(4, action: "expired", reason: "it is not a subscription"),
    .badFamilyName("a b"), .alreadyInFamily(customer: "default", group: "smiths"),
    .notInFamily("default"), .familyFull("smiths"),
  ]

  /// In English the screen reads as the command line does, curly quotes aside.
  @Test(arguments: refusals)
  func englishReadsAsTheCommandLine(refusal: StoreEngineError) {
    let shown = RefusalText.text(refusal, StoreSnapshot())
    #expect(
      shown.replacingOccurrences(of: "“", with: "\"").replacingOccurrences(of: "”", with: "\"")
        == refusal.description)
  }

  @Test func aFamilyCopyIsNamedWithItsPurchasersTransaction() {
    let refusal = StoreEngineError.familyCopy(2, action: "refunded", purchaserTransaction: 1)
    #expect(
      RefusalText.text(refusal, StoreSnapshot())
        == "transaction 2 cannot be refunded: a Family Sharing copy; act on the purchaser's "
        + "transaction 1")
    #expect(
      RefusalText.text(refusal, StoreSnapshot(locale: "de_DE"))
        == "Transaktion 2 kann nicht erstattet werden: Kopie der Familienfreigabe; Transaktion 1 "
        + "des Käufers verwenden")
  }

  @Test func germanWordsEachField() {
    let german = StoreSnapshot(locale: "de_DE")
    #expect(
      RefusalText.text(.wrongState(5, action: "refunded", state: "pending approval"), german)
        == "Transaktion 5 kann nicht erstattet werden (Status: wartet auf Zustimmung)")
    #expect(
      RefusalText.text(.notApplicable(4, action: "expired", reason: "it is not active"), german)
        == "Transaktion 4 kann nicht beendet werden: sie ist nicht aktiv")
    #expect(
      Refusal(StoreEngineError.familyFull("smiths")) == .engine(.familyFull("smiths")))
  }
}
