import Foundation
import StoreCore
import StoreTermApp
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// Issue 24's contradictions, each walked as a new user did: the support console, the
/// explainer, `transactions`, `entitlements` and the screens give one answer, because one
/// decider (``Standing``, ``Access``) answers and they only word it.
@MainActor @Suite struct OneAnswerTests {
  private static let seasonPass = "dev.storeterm.demo.seasonpass"
  private static let plusMonthly = "dev.storeterm.demo.plus.monthly"

  private func run(_ db: String, _ arguments: String...) async -> CommandRun {
    await runStoreTerm(arguments + ["--db", db])
  }

  /// The explainer's product lines as `NAME  yes|no  WHY`, spaces squeezed.
  private func accessLines(_ db: String, customer: String = "default") async -> [String] {
    let out = await runStoreTerm(["customer", customer, "--db", db]).standardOutput
    let table = out.components(separatedBy: "\n\n")[1]
    return table.split(separator: "\n").dropFirst().map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
  }

  /// The STATUS column of `transactions` by transaction ID.
  private func statuses(_ db: String, customer: String = "default") async -> [String: String] {
    let out = await runStoreTerm(["transactions", "--customer", customer, "--db", db])
      .standardOutput
    let lines = out.split(separator: "\n").map(String.init)
    guard let header = lines.first, let column = header.range(of: "STATUS") else { return [:] }
    let offset = header.distance(from: header.startIndex, to: column.lowerBound)
    var result: [String: String] = [:]
    for line in lines.dropFirst() where line.count > offset {
      let id = String(line.prefix { $0 != " " })
      result[id] = String(line.dropFirst(offset))
    }
    return result
  }

  // 1. The support console granted a non-renewing subscription the App Store had ended.
  @Test func anEndedSeasonPassIsNotAnEntitlementAnywhere() async throws {
    let db = try LedgerCommandTests.database()
    _ = await run(db, "purchase", Self.seasonPass)
    _ = await run(db, "clock", "advance", "400d")
    #expect(
      await run(db, "entitlements").standardOutput == "no entitlements for customer default\n")
    let customers = await run(db, "customers", "--json")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(customers.standardOutput.utf8))
        as? [[String: Any]])
    #expect(rows.first?["activeEntitlements"] as? [String] == [])
    let lines = await accessLines(db)
    #expect(lines.first?.hasPrefix("Season Pass 2027 no expired ") == true, "\(lines)")
    #expect(await statuses(db)["1"] == "expired")
  }

  // 2. The explainer named the wrong upgrade, called a Family Sharing revocation a refund and
  //    indented a non-consumable under a subscription group.
  @Test func theExplainerNamesTheUpgradeTheRevocationAndItsGroups() async throws {
    let db = try LedgerCommandTests.database()
    _ = await run(db, "purchase", Self.plusMonthly)
    _ = await run(db, "purchase", "dev.storeterm.demo.plus.premium.yearly")
    _ = await run(db, "purchase", "dev.storeterm.demo.plus.lite.monthly")
    _ = await run(db, "purchase", "dev.storeterm.demo.lifetime")
    _ = await run(db, "clock", "advance", "400d")
    let lines = await accessLines(db)
    #expect(lines.contains("Plus Monthly no upgraded to Premium Yearly"), "\(lines)")
    #expect(lines.contains("Premium Yearly no changed to Lite Monthly at renewal"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Lifetime Unlock yes purchased") }, "\(lines)")
    let customer = await run(db, "customer", "default").standardOutput
    #expect(customer.contains("\nLifetime Unlock "), "not indented: \(customer)")
    #expect(customer.contains("\n  Plus Monthly "))

    let family = try LedgerCommandTests.database()
    _ = await run(family, "family", "join", "smiths", "--customer", "bob")
    _ = await run(family, "family", "join", "smiths", "--customer", "amy")
    _ = await run(family, "purchase", "dev.storeterm.demo.cloud.200gb", "--customer", "bob")
    _ = await run(family, "manage", "refund", "1", "--customer", "bob")
    let shared = await accessLines(family, customer: "amy")
    #expect(shared.count == 2)
    #expect(shared.last?.hasPrefix("200 GB Storage no Family Sharing access revoked ") == true)
    let json = await run(family, "customer", "amy", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let codes = (object["entitlements"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(codes == ["family_revoked", "family_revoked"])
    #expect(await statuses(family, customer: "amy")["2"] == "family revoked")
  }

  // 3. A subscription in its grace period read `expired` in `entitlements` and `transactions`.
  @Test func aGracePeriodReadsTheSameInEveryCommand() async throws {
    let db = try LedgerCommandTests.database()
    _ = await run(db, "purchase", Self.plusMonthly)
    _ = await run(db, "settings", "billing-issues", "on")
    _ = await run(db, "settings", "grace-period", "on")
    _ = await run(db, "clock", "advance", "8d")
    #expect(await run(db, "status").standardOutput.contains(" · inGracePeriod · "))
    #expect(await statuses(db)["1"] == "in grace period")
    let entitlements = await run(db, "entitlements").standardOutput
    #expect(entitlements.hasSuffix("in grace period\n"), "\(entitlements)")
    let lines = await accessLines(db)
    #expect(lines.contains { $0.hasPrefix("Plus Monthly yes grace period until ") }, "\(lines)")
  }

  // 5. `manage revoke` said revoked; the screens said refunded.
  @Test func aRevokedTransactionReadsRevokedEverywhere() async throws {
    let db = try LedgerCommandTests.database()
    _ = await run(db, "purchase", "dev.storeterm.demo.lifetime")
    _ = await run(db, "purchase", "dev.storeterm.demo.themes")
    #expect(await run(db, "manage", "revoke", "1").standardOutput.hasPrefix("revoked: "))
    _ = await run(db, "manage", "refund", "2")
    #expect(await statuses(db) == ["1": "revoked", "2": "refunded"])
    let lines = await accessLines(db)
    #expect(
      lines.contains {
        $0.hasPrefix("Lifetime Unlock no revoked ") && $0.hasSuffix("(developer issue)")
      })
    #expect(
      lines.contains { $0.hasPrefix("Theme Pack no refunded ") && $0.hasSuffix("(other reason)") })

    let frontEnd = try await HeadlessFrontEnd(database: db)
    await frontEnd.takeInOtherProcesses()
    let snapshot = try #require(frontEnd.snapshot)
    let records = try frontEnd.records()
    let shown = Dictionary(
      records.map { ($0.id, TransactionStanding.text($0, in: snapshot)) },
      uniquingKeysWith: { a, _ in a })
    #expect(shown == [1: "revoked", 2: "refunded"])
    await frontEnd.stop()
  }

  // 4. The Account's "History (Transaction.all)" listed finished consumables and a declined
  //    request; `storeterm transactions` listed neither.
  @Test func theAccountHistoryIsTransactionAll() async throws {
    let db = try LedgerCommandTests.database()
    _ = await run(db, "purchase", "dev.storeterm.demo.coins.100")
    _ = await run(db, "purchase", "dev.storeterm.demo.themes", "--ask-to-buy")
    _ = await run(db, "manage", "decline", "2")
    _ = await run(db, "purchase", "dev.storeterm.demo.lifetime")
    #expect(await statuses(db).keys.sorted() == ["3"])

    let frontEnd = try await HeadlessFrontEnd(database: db)
    await frontEnd.takeInOtherProcesses()
    let snapshot = try #require(frontEnd.snapshot)
    #expect(AccountScreen.history(snapshot).map(\.id) == [3])
    await frontEnd.stop()
  }
}
