import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

@testable import StoreTermApp

/// Issue 24, item 7: the Account's price-increase line says what the renewal info holds, for
/// the plan it is for, and nothing once the subscription will not renew; `storeterm purchase`
/// says what a downgrade scheduled, as the purchase sheet does.
@MainActor @Suite struct PriceIncreaseWordingTests {
  private let premiumYearly = "dev.storeterm.demo.plus.premium.yearly"
  private let liteMonthly = "dev.storeterm.demo.plus.lite.monthly"

  private func run(_ arguments: [String], _ database: String) async -> CommandRun {
    let run = await runStoreTerm(["--db", database] + arguments)
    #expect(run.status == 0, "\(arguments): \(run.standardError)")
    return run
  }

  private func accountLines(_ frontEnd: HeadlessFrontEnd) async throws -> [String] {
    await frontEnd.takeInOtherProcesses()
    return AccountScreen.statusLines(try #require(frontEnd.snapshot)).map(\.0)
  }

  @Test func aDowngradesPriceIncreaseNamesItsPlanRoundsAndEndsWithAutoRenew() async throws {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    _ = await run(["purchase", premiumYearly], database)
    _ = await run(["manage", "price-increase", "1"], database)
    let frontEnd = try await HeadlessFrontEnd(database: database)
    #expect(
      try await accountLines(frontEnd).contains(
        "  Price increase to $119.99 waits for the customer's consent."))
    // The downgrade drops the increase asked for Premium Yearly: none is described for Lite.
    _ = await run(["purchase", liteMonthly], database)
    var lines = try await accountLines(frontEnd)
    #expect(!lines.contains { $0.contains("Price increase") }, "\(lines)")
    #expect(lines.contains("  Renews into Lite Monthly."))
    // An increase for the plan it renews into: $1.99 × 1.2 = $2.388, rounded to $2.39.
    _ = await run(["manage", "price-increase", "1"], database)
    lines = try await accountLines(frontEnd)
    #expect(
      lines.contains(
        "  Price increase for Lite Monthly to $2.39 waits for the customer's consent."),
      "\(lines)")
    _ = await run(["manage", "consent", "1"], database)
    lines = try await accountLines(frontEnd)
    #expect(
      lines.contains(
        "  Price increase for Lite Monthly to $2.39 agreed; it applies at the next renewal."),
      "\(lines)")
    // Auto-renew off: there is no next renewal for the new price to apply at.
    _ = await run(["manage", "auto-renew-off", "1"], database)
    lines = try await accountLines(frontEnd)
    #expect(!lines.contains { $0.contains("Price increase") }, "\(lines)")
    await frontEnd.stop()
  }

  @Test func theDefaultPriceIncreaseIsRoundedToTheCent() async throws {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    // Plus Monthly, $4.99: 20% more is $5.988, which is $5.99 (truncating read $5.98).
    _ = await run(["purchase", "dev.storeterm.demo.plus.monthly"], database)
    _ = await run(["manage", "price-increase", "1"], database)
    let status = await run(["status", "--json"], database)
    #expect(status.standardOutput.contains("\"renewalPrice\": 5990"), "\(status.standardOutput)")
  }

  @Test func aCommandLineDowngradeSaysWhatItScheduled() async throws {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    _ = await run(["purchase", premiumYearly], database)
    let downgrade = await run(["purchase", liteMonthly], database)
    let lines = downgrade.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.first?.hasPrefix("success: transaction 1 · Premium Yearly") == true)
    #expect(
      lines.last?.hasPrefix(
        "scheduled: Lite Monthly (\(liteMonthly)) starts at the next renewal on ") == true,
      "\(lines)")
    #expect(lines.last?.hasSuffix("; Premium Yearly continues until then") == true)
    let json = await run(["purchase", liteMonthly, "--json"], database)
    let scheduled = try JSONParser.parse(json.standardOutput)["scheduled"]
    #expect(scheduled?["productId"] == .string(liteMonthly))
    // Choosing the current plan again cancels the downgrade: nothing is scheduled.
    let upgrade = await run(["purchase", premiumYearly], database)
    #expect(!upgrade.standardOutput.contains("scheduled:"))
  }

  private func price(_ productID: String, _ frontEnd: HeadlessFrontEnd) -> String? {
    frontEnd.snapshot?.products.first { $0.id == productID }?.displayPrice
  }

  @Test func thePaywallShowsThePriceARenewalAfterAnIncreaseCharges() async throws {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    let plusMonthly = "dev.storeterm.demo.plus.monthly"
    _ = await run(["purchase", plusMonthly], database)
    let frontEnd = try await HeadlessFrontEnd(database: database)
    #expect(price(plusMonthly, frontEnd) == "$4.99")
    // Another terminal raises the price: as in App Store Connect, it is the product's price now.
    _ = await run(["manage", "price-increase", "1"], database)
    await frontEnd.takeInOtherProcesses()
    #expect(price(plusMonthly, frontEnd) == "$5.99")
    _ = await run(["manage", "consent", "1"], database)
    _ = await run(["clock", "advance", "8d"], database)
    await frontEnd.takeInOtherProcesses()
    let renewal = try #require(frontEnd.snapshot?.records.first?.signed?.payload)
    #expect(renewal.productId == plusMonthly && renewal.transactionReason == .renewal)
    #expect(renewal.price == 5990)
    #expect(price(plusMonthly, frontEnd) == "$5.99")
    let products = await run(["products"], database)
    #expect(
      products.standardOutput.split(separator: "\n").contains {
        $0.hasPrefix("Plus Monthly ") && $0.contains("$5.99 / month")
      }, "\(products.standardOutput)")
    await frontEnd.stop()
  }

  @Test func aPriceIncreaseFromTheScreenShowsOnThePaywall() async throws {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    _ = await run(["purchase", liteMonthly], database)
    let frontEnd = try await HeadlessFrontEnd(database: database)
    await frontEnd.run(.manage(.priceIncrease, transactionID: 1))
    // Lite Monthly renews after its introductory offer at $1.99 × 1.2, rounded: $2.39.
    #expect(price(liteMonthly, frontEnd) == "$2.39")
    await frontEnd.stop()
  }
}
