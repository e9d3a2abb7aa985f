import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// Time travel and subscription management from the command line.
@Suite struct SubscriptionCommandTests {
  static func database() throws -> String {
    try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
  }

  @Test func timeTravelRenewsAndStatusReportsIt() async throws {
    let db = try Self.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    let advance = await runStoreTerm(["clock", "advance", "40d", "--db", db])
    #expect(advance.status == 0)
    #expect(advance.standardOutput.hasPrefix("advanced 40d; 2 renewals generated\nnow "))
    let status = await runStoreTerm(["status", "--json", "--db", db])
    let first = try #require(
      { () -> JSONValue? in
        guard case .array(let items) = try JSONParser.parse(status.standardOutput) else {
          return nil
        }
        return items.first
      }())
    #expect(first["state"] == .string("subscribed"))
    #expect(first["renewalInfo"]?["autoRenewStatus"] == .number("1"))
    #expect(first["renewalInfo"]?["originalTransactionId"] == .string("1"))
    #expect(first["transaction"]?["transactionId"] == .string("3"))
    #expect(first["transaction"]?["transactionReason"] == .string("RENEWAL"))
  }

  @Test func autoRenewOffThenTimeTravelExpires() async throws {
    let db = try Self.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    let off = await runStoreTerm(["manage", "auto-renew-off", "1", "--db", db])
    #expect(off.standardOutput == "auto-renew turned off: transaction 1\n")
    _ = await runStoreTerm(["clock", "advance", "8d", "--db", db])
    let status = await runStoreTerm(["status", "--db", db])
    #expect(status.standardOutput.contains(" · expired · expired: autoRenewDisabled · "))
    let entitlements = await runStoreTerm(["entitlements", "--db", db])
    #expect(entitlements.standardOutput == "no entitlements for customer default\n")
  }

  @Test(arguments: [
    (
      ["clock", "advance", "100y"],
      "clock advance 100y: the clock cannot pass 2099-12-31T23:59:59Z, where the test certificates end"
    ),
    (["manage", "expire", "1"], "transaction 1 cannot be expired: it is not a subscription"),
    (
      ["manage", "consent", "2"], "transaction 2 cannot be consented: no price increase is pending"
    ),
  ])
  func badSubscriptionRequestsChangeNothing(arguments: [String], message: String) async throws {
    let db = try Self.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.lifetime", "--db", db])
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    let before = await runStoreTerm(["clock", "--json", "--db", db])
    let run = await runStoreTerm(arguments + ["--db", db])
    #expect(run.status == 1)
    #expect(run.standardError == "storeterm: " + message + "\n")
    let after = await runStoreTerm(["status", "--json", "--db", db])
    #expect(after.standardOutput.contains("\"state\": \"subscribed\""))
    let clock = await runStoreTerm(["clock", "--json", "--db", db])
    #expect(
      try JSONParser.parse(clock.standardOutput)["rate"]
        == JSONParser.parse(before.standardOutput)["rate"])
  }

  @Test func productsShowTheCustomersIntroEligibility() async throws {
    let db = try Self.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.lite.monthly", "--db", db])
    let run = await runStoreTerm(["products", "--db", db])
    let lines = run.standardOutput.split(separator: "\n")
    #expect(
      lines.contains { $0.hasPrefix("Plus Monthly ") && $0.hasSuffix("1 week free (not eligible)") }
    )
    #expect(lines.contains { $0.hasPrefix("2 TB Storage ") && $0.hasSuffix("$8.99 for 3 months") })
    let other = await runStoreTerm(["products", "--db", db, "--customer", "newcomer"])
    #expect(other.standardOutput.split(separator: "\n").contains { $0.hasSuffix("1 week free") })
  }

  @Test func theTimeRateCanBeSetByName() async throws {
    let db = try Self.database()
    let run = await runStoreTerm([
      "clock", "rate", "monthlyRenewalEveryFiveMinutes", "--db", db, "--json",
    ])
    #expect(run.status == 0)
    let json = try JSONParser.parse(run.standardOutput)
    #expect(json["rate"] == .string("monthlyRenewalEveryFiveMinutes"))
    #expect(json["factor"] == .number("8640"))
  }
}

/// A monthly commitment bought and renewed from the command line, with Apple's wire fields in
/// `status --json` and `transactions --json`.
@Suite struct BillingPlanCommandTests {
  static let config = TestPaths.packageRoot.appending(path: "Tests/Fixtures/BillingPlans.storekit")
    .path
  static let yearly = "dev.storeterm.plans.studio.yearly"

  @Test func aCommitmentRenewsMonthlyWithItsFieldsInTheJSON() async throws {
    let db = try SubscriptionCommandTests.database()
    let common = ["--db", db, "--config", Self.config]
    let bought = await runStoreTerm(
      ["purchase", Self.yearly, "--billing-plan", "monthly"] + common)
    #expect(bought.status == 0, "\(bought.standardError)")
    _ = await runStoreTerm(["clock", "advance", "40d"] + common)
    _ = await runStoreTerm(["manage", "auto-renew-off", "1"] + common)
    let status = await runStoreTerm(["status", "--json"] + common)
    guard case .array(let items) = try JSONParser.parse(status.standardOutput),
      let first = items.first
    else {
      Issue.record("status --json lists the subscription: \(status.standardOutput)")
      return
    }
    #expect(first["state"] == .string("subscribed"))
    let transaction = try #require(first["transaction"])
    #expect(transaction["billingPlanType"] == .string("MONTHLY"))
    #expect(transaction["price"] == .number("5990"))
    #expect(transaction["commitmentInfo"]?["billingPeriodNumber"] == .number("2"))
    #expect(transaction["commitmentInfo"]?["totalBillingPeriods"] == .number("12"))
    #expect(transaction["commitmentInfo"]?["commitmentPrice"] == .number("71880"))
    let renewal = try #require(first["renewalInfo"])
    #expect(renewal["renewalBillingPlanType"] == .string("MONTHLY"))
    // Auto-renew off inside the commitment: the monthly charges go on, the commitment ends.
    #expect(renewal["autoRenewStatus"] == .number("1"))
    #expect(renewal["commitmentInfo"]?["commitmentAutoRenewStatus"] == .number("0"))
    #expect(
      renewal["commitmentInfo"]?["commitmentRenewalDate"]
        == transaction["commitmentInfo"]?["commitmentExpiresDate"])
    let listed = await runStoreTerm(["transactions", "--json"] + common)
    guard case .array(let rows) = try JSONParser.parse(listed.standardOutput) else {
      Issue.record("transactions --json is an array")
      return
    }
    #expect(
      rows.map { $0["commitmentInfo"]?["billingPeriodNumber"] } == [.number("1"), .number("2")])
  }

  @Test func anUnknownBillingPlanIsAUsageError() async throws {
    let db = try SubscriptionCommandTests.database()
    let run = await runStoreTerm(
      ["purchase", Self.yearly, "--billing-plan", "weekly", "--db", db, "--config", Self.config])
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(
        "storeterm: --billing-plan \"weekly\": not a billing plan (upFront or monthly)\n"))
  }
}

/// A subscription bundle and a multiseat purchase from the command line, with their fields in
/// `transactions --json` and `status --json`.
@Suite struct BundleCommandTests {
  static let config = TestPaths.packageRoot.appending(path: "Tests/Fixtures/Bundles.storekit")
    .path

  @Test func aBundlesSubscriptionsCarryTheBundleFieldsInTheJSON() async throws {
    let db = try SubscriptionCommandTests.database()
    let common = ["--db", db, "--config", Self.config]
    let bought = await runStoreTerm(["purchase", "dev.storeterm.bundles.duo"] + common)
    #expect(bought.status == 0, "\(bought.standardError)")
    let listed = await runStoreTerm(["transactions", "--json"] + common)
    guard case .array(let items) = try JSONParser.parse(listed.standardOutput) else {
      Issue.record("transactions --json is an array: \(listed.standardOutput)")
      return
    }
    #expect(items.count == 3)
    let bundle = try #require(
      items.first { $0["productId"] == .string("dev.storeterm.bundles.duo") })
    let music = try #require(
      items.first { $0["productId"] == .string("dev.storeterm.bundles.music") })
    #expect(music["bundleProductId"] == .string("dev.storeterm.bundles.duo"))
    #expect(music["bundleSubscriptionGroupIdentifier"] == .string("B2222A03"))
    #expect(music["bundleOriginalTransactionId"] == bundle["originalTransactionId"])
    #expect(music["bundleTransactionId"] == bundle["transactionId"])
    #expect(music["price"] == .number("0"))
    let status = await runStoreTerm(["status", "B2222A01", "--json"] + common)
    guard case .array(let statuses) = try JSONParser.parse(status.standardOutput),
      let first = statuses.first
    else {
      Issue.record("status --json lists the bundled subscription: \(status.standardOutput)")
      return
    }
    #expect(first["state"] == .string("subscribed"))
    #expect(first["renewalInfo"]?["bundleProductId"] == .string("dev.storeterm.bundles.duo"))
  }

  @Test func seatsAreBoughtWithTheirTiersOrRefused() async throws {
    let db = try SubscriptionCommandTests.database()
    let common = ["--db", db, "--config", Self.config, "--json"]
    let bought = await runStoreTerm(
      ["purchase", "dev.storeterm.bundles.team", "--seats", "8"] + common)
    #expect(bought.status == 0, "\(bought.standardError)")
    let transaction = try #require(try JSONParser.parse(bought.standardOutput)["transaction"])
    #expect(transaction["quantity"] == .number("8"))
    #expect(transaction["price"] == .number("9240"))
    #expect(transaction["multiSeatInfo"]?["invitationManagement"] == .string("APPLE"))
    guard case .array(let tiers)? = transaction["multiSeatInfo"]?["priceTiers"] else {
      Issue.record("multiSeatInfo has price tiers: \(bought.standardOutput)")
      return
    }
    #expect(tiers.map { $0["tierQuantity"] } == [.number("5"), .number("3")])
    #expect(tiers.map { $0["tierPrice"] } == [.number("9990"), .number("7990")])

    let refused = await runStoreTerm(
      ["purchase", "dev.storeterm.bundles.music", "--seats", "2"] + common)
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("multiSeatPurchaseDisabled"))
    let malformed = await runStoreTerm(
      ["purchase", "dev.storeterm.bundles.team", "--seats", "many"] + common)
    #expect(malformed.status == 64)
    #expect(
      malformed.standardError.hasPrefix("storeterm: --seats \"many\": not a whole number\n"))
  }
}
