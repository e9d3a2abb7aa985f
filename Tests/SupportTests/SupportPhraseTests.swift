import Foundation
import StoreCore
import Testing

/// A support phrase is facts: the command line reads it in English, another wording fills the
/// same slots with its own template and dates.
@Suite struct SupportPhraseTests {
  static let day = Date(timeIntervalSince1970: 1_796_040_000)

  @Test func theCommandLineReadsNestedPhrasesInEnglish() {
    let phrase = SupportPhrase(
      "%1$@, %2$@", .phrase(SupportPhrase("shared by %@", .data("bob"))),
      .phrase(SupportPhrase("active, renews %@", .day(Self.day))))
    #expect(phrase.description == "shared by bob, active, renews 30 Nov 2026")
  }

  @Test func anotherWordingFillsTheSameSlots() {
    let german = [
      "%1$@, %2$@": "%1$@, %2$@", "shared by %@": "geteilt von %@",
      "active, renews %@": "aktiv, verlängert am %@",
    ]
    let phrase = SupportPhrase(
      "%1$@, %2$@", .phrase(SupportPhrase("shared by %@", .data("bob"))),
      .phrase(SupportPhrase("active, renews %@", .day(Self.day))))
    let worded = phrase.worded(
      template: { german[$0] ?? $0 }, day: { _ in "2026-11-30" }, minute: { _ in "" })
    #expect(worded == "geteilt von bob, aktiv, verlängert am 2026-11-30")
  }

  @Test func verbatimTextIsNeitherLookedUpNorFilled() {
    let phrase = SupportPhrase.verbatim("100% %@ sure")
    #expect(
      phrase.worded(template: { _ in "looked up" }, day: { _ in "" }, minute: { _ in "" })
        == "100% %@ sure")
    #expect(phrase.description == "100% %@ sure")
  }

  @Test func slotsFillByPositionOrInOrder() {
    #expect(SlotTemplate.fill("%2$@ %1$@", ["a", "b"]) == "b a")
    #expect(SlotTemplate.fill("%@ and %@", ["a", "b"]) == "a and b")
    #expect(SlotTemplate.fill("no slots", ["a"]) == "no slots")
  }
}
