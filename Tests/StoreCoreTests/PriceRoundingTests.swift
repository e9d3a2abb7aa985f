import StoreCore
import Testing

/// Issue 24, item 7: a price scaled by a percentage is rounded half up to the currency's minor
/// unit, never truncated.
@Suite struct PriceRoundingTests {
  @Test func twentyPercentMoreIsRoundedToTheMinorUnit() {
    #expect(PriceRounding.scaled(1990, by: 12, over: 10, currency: "USD") == 2390)
    #expect(PriceRounding.scaled(4990, by: 12, over: 10, currency: "EUR") == 5990)
    #expect(PriceRounding.scaled(2000, by: 12, over: 10, currency: "USD") == 2400)
    #expect(PriceRounding.scaled(480_000, by: 12, over: 10, currency: "JPY") == 576_000)
    #expect(PriceRounding.scaled(125_000, by: 12, over: 10, currency: "JPY") == 150_000)
    #expect(PriceRounding.scaled(123_000, by: 12, over: 10, currency: "JPY") == 148_000)
    #expect(PriceRounding.scaled(1_999, by: 12, over: 10, currency: "KWD") == 2_399)
  }
}
