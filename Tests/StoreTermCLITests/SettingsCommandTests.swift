import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// `storeterm settings`: the test environment's switches, turned by one process and obeyed by
/// the next, as the terminal UI's settings panel turns them.
@Suite struct SettingsCommandTests {
  @Test func switchesStartOffAndListInThePanelsOrder() async throws {
    let db = try SubscriptionCommandTests.database()
    let list = await runStoreTerm(["settings", "--db", db])
    #expect(list.status == 0)
    #expect(
      list.standardOutput == """
        SETTING                STATE
        ask-to-buy             off
        interrupted-purchases  off
        billing-issues         off
        grace-period           off

        """)
  }

  @Test func billingIssuesTurnedOnInOneProcessFailTheNextProcessesRenewal() async throws {
    let db = try SubscriptionCommandTests.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    let on = await runStoreTerm(["settings", "billing-issues", "on", "--json", "--db", db])
    #expect(on.status == 0)
    let switches = try JSONParser.parse(on.standardOutput)
    #expect(switches["billingIssues"] == .bool(true))
    #expect(switches["gracePeriod"] == .bool(false))
    _ = await runStoreTerm(["clock", "advance", "32d", "--db", db])
    let status = await runStoreTerm(["status", "--json", "--db", db])
    guard case .array(let items) = try JSONParser.parse(status.standardOutput) else {
      Issue.record("status --json is not an array: \(status.standardOutput)")
      return
    }
    #expect(items.first?["state"] == .string("inBillingRetryPeriod"))
  }

  @Test func askToBuyTurnedOnMakesTheNextPurchasePending() async throws {
    let db = try SubscriptionCommandTests.database()
    _ = await runStoreTerm(["settings", "ask-to-buy", "on", "--db", db])
    let bought = await runStoreTerm(["purchase", "dev.storeterm.demo.lifetime", "--db", db])
    #expect(bought.standardOutput.hasPrefix("pending"))
    _ = await runStoreTerm(["settings", "ask-to-buy", "off", "--db", db])
    let again = await runStoreTerm(["purchase", "dev.storeterm.demo.themes", "--db", db])
    #expect(again.standardOutput.hasPrefix("success"))
  }

  @Test(arguments: [
    (
      ["settings", "biling-issues", "on"],
      "storeterm: settings biling-issues: not a switch (ask-to-buy, interrupted-purchases, billing-issues, grace-period); did you mean 'billing-issues'?"
    ),
    (
      ["settings", "grace-period", "maybe"],
      "storeterm: settings grace-period: say on or off, such as: storeterm settings grace-period on"
    ),
    (
      ["settings", "grace-period"],
      "storeterm: settings grace-period: say on or off, such as: storeterm settings grace-period on"
    ),
  ])
  func aBadSwitchIsAUsageErrorAndChangesNothing(arguments: [String], message: String) async throws {
    let db = try SubscriptionCommandTests.database()
    let run = await runStoreTerm(arguments + ["--db", db])
    #expect(run.status == 64)
    #expect(run.standardError.hasPrefix(message + "\n"))
    let list = await runStoreTerm(["settings", "--json", "--db", db])
    #expect(!list.standardOutput.contains("true"))
  }
}
