import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// Issue 27, item 13: `storeterm customer` on a long history shows the newest events and says
/// how many came before; `--all` shows every one; the answers are the same either way.
@Suite struct LongTimelineTests {
  @Test func theCustomerCommandShowsTheNewestEventsAndCountsTheRest() async throws {
    let db = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    let bought = await runStoreTerm(
      ["purchase", "dev.storeterm.demo.cloud.50gb.weekly", "--db", db])
    #expect(bought.status == 0, "\(bought.standardError)")
    // Two years of weekly renewals: more events than the window holds.
    #expect(await runStoreTerm(["clock", "advance", "2y", "--db", db]).status == 0)
    let whole = try JSONParser.parse(
      await runStoreTerm(["customer", "default", "--all", "--json", "--db", db]).standardOutput)
    let windowed = await runStoreTerm(["customer", "default", "--json", "--db", db])
    #expect(windowed.status == 0, "\(windowed.standardError)")
    let window = try JSONParser.parse(windowed.standardOutput)
    guard case .array(let all)? = whole["timeline"], case .array(let newest)? = window["timeline"],
      case .array(let transactions)? = window["transactions"],
      case .array(let every)? = whole["transactions"]
    else {
      Issue.record("no timeline")
      return
    }
    #expect(all.count > 100)
    #expect(newest.count == 100)
    #expect(newest == Array(all.suffix(100)))
    #expect(transactions == Array(every.suffix(100)))
    #expect(window["entitlements"] == whole["entitlements"])
    #expect(window["earlierEvents"] == .number(String(all.count - 100)))
    #expect(window["earlierTransactions"] == .number(String(every.count - 100)))
    #expect(whole["earlierEvents"] == nil)

    let text = await runStoreTerm(["customer", "default", "--db", db])
    #expect(
      text.standardOutput.hasSuffix(
        "\(all.count - 100) earlier events not shown"
          + " (storeterm customer default --all shows every one)\n"))
  }
}
