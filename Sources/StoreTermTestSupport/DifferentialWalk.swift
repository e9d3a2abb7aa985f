import Foundation
import StoreCore
import StoreManager
import StoreTermApp
import StoreTermCLI

/// One seeded walk over a temporary ledger: a headless front end (its effect runner) and
/// `storeterm` commands as another process.
@MainActor public final class DifferentialWalk {
  private let seed: UInt64
  private var random: SeededGenerator
  let database: String
  /// Prints every step, to replay a mismatch by hand.
  private let trace: Bool
  private var frontEnd: HeadlessFrontEnd?
  /// The front ends of the other customers of the walk, signed in beside it as other devices.
  private(set) var otherFrontEnds: [String: HeadlessFrontEnd] = [:]
  /// The customers of the walk: the signed-in one, and the family member who buys beside them.
  static let customers = ["default", "kin"]

  /// The products walked: subscriptions in two groups (upgrades, downgrades), a consumable,
  /// a non-consumable.
  static let products = [
    plusMonthly, "dev.storeterm.demo.plus.yearly", "dev.storeterm.demo.plus.premium.yearly",
    "dev.storeterm.demo.plus.lite.monthly", cloud200, "dev.storeterm.demo.coins.100", lifetime,
    "dev.storeterm.demo.themes", seasonPass,
  ]
  static let seasonPass = "dev.storeterm.demo.seasonpass"
  static let plusMonthly = "dev.storeterm.demo.plus.monthly"
  static let cloud200 = "dev.storeterm.demo.cloud.200gb"
  static let lifetime = "dev.storeterm.demo.lifetime"

  /// Creates the walk for `seed` over a new ledger; `trace` prints every step.
  public init(seed: UInt64, trace: Bool = false) throws {
    self.seed = seed
    self.trace = trace
    random = SeededGenerator(seed: seed)
    let directory = try TestPaths.temporaryDirectory()
    database = directory.appending(path: "ledger.sqlite").path
  }

  /// Walks `steps` steps; returns every disagreement as `seed S step N (what): detail`.
  public func run(steps: Int) async throws -> [String] {
    let frontEnd = try await HeadlessFrontEnd(database: database)
    self.frontEnd = frontEnd
    for customer in Self.customers.dropFirst() {
      otherFrontEnds[customer] = try await HeadlessFrontEnd(
        database: database, customerID: customer)
    }
    defer {
      self.frontEnd = nil
      otherFrontEnds = [:]
    }
    var mismatches: [String] = []
    for step in 1...steps {
      let what = await takeStep(frontEnd)
      if trace { print("seed \(seed) step \(step): \(what)") }
      // What each front end's watch does on its next look at the ledger.
      await frontEnd.takeInOtherProcesses()
      for other in otherFrontEnds.values { await other.takeInOtherProcesses() }
      for problem in try await compare(frontEnd.snapshot) {
        mismatches.append("seed \(seed) step \(step) (\(what)): \(problem)")
      }
      if mismatches.count > 20 { break }
    }
    await frontEnd.stop()
    for other in otherFrontEnds.values { await other.stop() }
    return mismatches
  }

  // MARK: - Steps

  private func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }

  /// One random step; returns what it did, for the mismatch report.
  private func takeStep(_ runner: HeadlessFrontEnd) async -> String {
    let records = (try? runner.records()) ?? []
    let pending = records.filter { $0.state == .pendingApproval || $0.state == .interrupted }
    let purchased = records.filter { $0.state == .purchased && $0.signed?.isRevoked == false }
    let subscriptions = purchased.filter { $0.signed?.expirationDate != nil }
    switch random.next() % 18 {
    case 0, 1:
      let id = pick(Self.products)
      let outcome = pick([ForcedOutcome.normal, .normal, .askToBuy, .interrupted, .cancelled])
      await runner.run(.purchase(productID: id, outcome: outcome))
      await runner.run(.dismissPurchase(productID: id))
      return "ui purchase \(id) \(outcome.label("en_US"))"
    case 2, 3:
      let id = pick(Self.products)
      let extra = pick([[], [], ["--ask-to-buy"], ["--interrupted"]])
      return await cli(["purchase", id] + extra)
    case 4:
      guard let record = pending.randomElement(using: &random) else { return "nothing pending" }
      let action = record.state == .interrupted ? "resolve" : pick(["approve", "decline"])
      return await cli(["manage", action, String(record.id)])
    case 5:
      guard let record = pending.randomElement(using: &random) else { return "nothing pending" }
      let action: ManageAction =
        record.state == .interrupted ? .resolve : pick([.approve, .decline])
      await runner.run(.manage(action, transactionID: record.id))
      return "ui \(action) \(record.id)"
    case 6:
      guard let record = purchased.randomElement(using: &random) else { return "nothing to refund" }
      return await cli(["manage", pick(["refund", "revoke"]), String(record.id)])
    case 7:
      guard let record = purchased.randomElement(using: &random) else { return "nothing to refund" }
      await runner.run(.manage(.refund, transactionID: record.id))
      return "ui refund \(record.id)"
    case 8:
      return await cli(["clock", "advance", "\(1 + random.next() % 40)d"])
    case 9:
      let days = Double(1 + random.next() % 40)
      await runner.run(.advanceClock(seconds: days * 86_400))
      return "ui advance \(Int(days))d"
    case 10:
      let enabled = random.next() % 2 == 0
      await runner.run(.setSetting(.billingIssues, enabled))
      return "ui billing issues \(enabled ? "on" : "off")"
    case 11, 12:
      guard let record = subscriptions.randomElement(using: &random) else {
        return "no subscription"
      }
      let action = pick(["auto-renew-off", "price-increase", "consent", "auto-renew-on"])
      return await cli(["manage", action, String(record.id)])
    case 13:
      guard let record = subscriptions.randomElement(using: &random) else {
        return "no subscription"
      }
      let action = pick([ManageAction.autoRenewOff, .priceIncrease, .consent])
      await runner.run(.manage(action, transactionID: record.id))
      return "ui \(action) \(record.id)"
    case 14:
      // Another terminal turns a billing switch, as `g` does in the UI.
      let name = pick(["billing-issues", "grace-period"])
      return await cli(["settings", name, pick(["on", "off"])])
    case 15:
      // A family member buys something shareable; it reaches the signed-in customer while
      // they are in the family.
      let id = pick([Self.lifetime, Self.plusMonthly, Self.cloud200])
      _ = await cli(["family", "join", "walkers", "--customer", "kin"])
      return await cli(["purchase", id, "--customer", "kin"])
    case 16:
      let joins = random.next() % 2 == 0
      return await cli(joins ? ["family", "join", "walkers"] : ["family", "leave"])
    default:
      let joins = random.next() % 2 == 0
      await runner.run(joins ? .joinFamily("walkers") : .leaveFamily)
      return "ui family \(joins ? "join" : "leave")"
    }
  }

  /// Runs `storeterm ARGUMENTS` on the walk's ledger, as another process.
  private func cli(_ arguments: [String]) async -> String {
    let run = await runStoreTerm(["--db", database] + arguments)
    return "storeterm \(arguments.joined(separator: " ")) -> \(run.status)"
  }

  // MARK: - Comparing

  /// What the front end shows that a fresh process's `entitlements --json` and
  /// `status --json` contradict.
  private func compare(_ snapshot: StoreSnapshot?) async throws -> [String] {
    guard let snapshot else { return ["no snapshot"] }
    var problems: [String] = []
    let entitlements = try await json(["entitlements"])
    let statuses = try await json(["status"])
    let entitled = Set(entitlements.compactMap { $0["productId"] as? String })
    if entitled != snapshot.entitledProductIDs {
      problems.append(
        "entitlements: screen \(snapshot.entitledProductIDs.sorted()), CLI \(entitled.sorted())")
    }
    let products = Dictionary(snapshot.products.map { ($0.id, $0) }) { a, _ in a }
    for productID in Self.products where products[productID]?.subscription == nil {
      guard let product = products[productID] else { continue }
      let shown = Badge.badges(for: product, in: snapshot).contains {
        $0 == .owned || $0 == .active || $0 == .familySharing
      }
      if shown != entitled.contains(productID) {
        problems.append("\(productID): badge owned/active \(shown), CLI entitled \(!shown)")
      }
    }
    // A group can list several statuses (the customer's own chain, one a family member
    // shares); the screen shows the one an app would: access first, then the highest level,
    // then the newest.
    let rank = ["subscribed", "inGracePeriod", "inBillingRetryPeriod", "expired", "revoked"]
    var best:
      [String: (
        state: String, productID: String, familyShared: Bool, key: (Int, Int, Double),
        status: [String: Any]
      )] = [:]
    for status in statuses {
      guard let transaction = status["transaction"] as? [String: Any],
        let state = status["state"] as? String,
        let productID = transaction["productId"] as? String,
        let group = transaction["subscriptionGroupIdentifier"] as? String,
        let transactionID = (transaction["transactionId"] as? String).flatMap(UInt64.init),
        let purchased = transaction["purchaseDate"] as? Double
      else {
        problems.append("status --json entry unreadable")
        continue
      }
      let key = (
        rank.firstIndex(of: state) ?? rank.count,
        products[productID]?.subscription?.groupLevel ?? .max, -purchased
      )
      if best[group].map({ key < $0.key }) ?? true {
        let familyShared = transaction["inAppOwnershipType"] as? String == "FAMILY_SHARED"
        best[group] = (state, productID, familyShared, key, status)
      }
      if let record = await listed(transactionID, in: snapshot) {
        let standing = TransactionStanding.text(record, in: snapshot)
        // A Family Sharing copy says the same, marked shared.
        let base = standing.replacingOccurrences(of: ", unfinished", with: "")
          .replacingOccurrences(of: ", shared", with: "")
          .replacingOccurrences(of: "family ", with: "")
        let expected: Set<String> =
          switch state {
          case "subscribed": ["purchased", "unfinished", "shared", "change scheduled"]
          case "inGracePeriod": ["in grace period"]
          case "inBillingRetryPeriod": ["billing retry"]
          case "expired": ["expired", "upgraded"]
          default: ["refunded", "revoked"]
          }
        if !expected.contains(base) {
          problems.append("transaction \(transactionID) State \"\(standing)\", CLI status \(state)")
        }
      } else {
        problems.append("transaction \(transactionID) of status \(state) is not listed")
      }
    }
    for (group, chosen) in best.sorted(by: { $0.key < $1.key }) {
      let shownStatus = snapshot.statuses[group]
      if shownStatus?.productID != chosen.productID || shownStatus?.state.rawValue != chosen.state {
        problems.append(
          "group \(group): screen \(shownStatus.map { "\($0.productID) \($0.state)" } ?? "none"),"
            + " CLI \(chosen.productID) \(chosen.state)")
      }
      guard let product = products[chosen.productID] else { continue }
      let badges = Badge.badges(for: product, in: snapshot)
      // Had only through Family Sharing, by the fresh process's word: the status it reports is
      // a family-shared transaction, and no purchase of the customer's own entitles them.
      let shared =
        chosen.familyShared
        && !entitlements.contains {
          $0["productId"] as? String == chosen.productID
            && $0["inAppOwnershipType"] as? String == "PURCHASED"
        }
      let expected: [Badge] =
        switch chosen.state {
        case "subscribed": [shared ? .familySharing : .active]
        // Access in the grace period is still access, had through the family.
        case "inGracePeriod": shared ? [.gracePeriod, .familySharing] : [.gracePeriod]
        case "inBillingRetryPeriod": [.billingProblem]
        default: []
        }
      let stateBadges = badges.filter {
        $0 == .active || $0 == .gracePeriod || $0 == .billingProblem || $0 == .familySharing
      }
      if stateBadges != expected {
        problems.append("\(chosen.productID) badges \(badges), CLI status \(chosen.state)")
      }
    }
    problems += accountProblems(
      snapshot, best: best.mapValues(\.status), entitlements: entitlements)
    problems += try await crossViewProblems(snapshot, entitled: entitled)
    let groups = Set(
      statuses.compactMap {
        ($0["transaction"] as? [String: Any])?["subscriptionGroupIdentifier"] as? String
      })
    if groups != Set(snapshot.statuses.keys) {
      problems.append("groups: screen \(snapshot.statuses.keys.sorted()), CLI \(groups.sorted())")
    }
    for entitlement in entitlements {
      guard let id = (entitlement["transactionId"] as? String).flatMap(UInt64.init) else {
        continue
      }
      guard let record = await listed(id, in: snapshot) else {
        problems.append("entitled transaction \(id) is not listed")
        continue
      }
      let standing = TransactionStanding.text(record, in: snapshot)
      let dead = ["expired", "refunded", "revoked", "upgraded", "declined", "pending approval"]
      if dead.contains(where: { standing.hasPrefix($0) }) {
        problems.append("entitled transaction \(id) State \"\(standing)\"")
      }
    }
    return problems
  }

  /// What the Account screen's status lines say that the fresh process's `status --json`
  /// contradicts: for each group, the plan, its state, the period's end, auto-renew, the price
  /// increase, the plan it renews into, and whether it is had through Family Sharing.
  private func accountProblems(
    _ snapshot: StoreSnapshot, best: [String: [String: Any]], entitlements: [[String: Any]]
  ) -> [String] {
    // Each group's block starts with an unindented line; groups come in identifier order.
    var blocks: [[String]] = []
    for (line, _) in AccountScreen.statusLines(snapshot) {
      if line.hasPrefix("  ") {
        blocks[blocks.count - 1].append(line)
      } else {
        blocks.append([line])
      }
    }
    let groups = best.keys.sorted()
    guard blocks.count == groups.count else {
      return ["account: \(blocks.count) status blocks, CLI \(groups.count) groups"]
    }
    var problems: [String] = []
    for (group, block) in zip(groups, blocks) {
      guard let status = best[group],
        let transaction = status["transaction"] as? [String: Any],
        let renewal = status["renewalInfo"] as? [String: Any],
        let state = status["state"] as? String, let productID = transaction["productId"] as? String
      else { continue }
      let product = snapshot.product(productID)
      let groupName = product?.subscription?.groupDisplayName ?? group
      let autoRenews = renewal["autoRenewStatus"] as? Int == 1
      let entitled = state == "subscribed" || state == "inGracePeriod"
      var expected = ["\(groupName): \(snapshot.name(of: productID))"]
      expected.append(
        [
          "subscribed": "Active", "inGracePeriod": "Grace period",
          "inBillingRetryPeriod": "Billing problem", "expired": "Expired", "revoked": "Refunded",
        ][state] ?? state)
      if state == "subscribed", let expires = transaction["expiresDate"] as? Double {
        let day = DateText.day(Date(timeIntervalSince1970: expires / 1000))
        expected.append((autoRenews ? "renews " : "ends ") + day)
      }
      if entitled { expected.append(autoRenews ? "auto-renew on" : "auto-renew off") }
      let first = block[0]
      for part in expected where !first.contains(part) {
        problems.append("account \(group): \"\(first)\" lacks \"\(part)\" (CLI \(state))")
      }
      // Had only through Family Sharing: a family member's chain, and no purchase of the
      // customer's own entitles them to the plan.
      let familyShared =
        transaction["inAppOwnershipType"] as? String == "FAMILY_SHARED" && entitled
        && !entitlements.contains {
          $0["productId"] as? String == productID
            && $0["inAppOwnershipType"] as? String == "PURCHASED"
        }
      if first.contains("(Family Sharing") != familyShared {
        problems.append("account \(group): \"\(first)\", CLI ownership shared \(familyShared)")
      }
      let next = renewal["autoRenewProductId"] as? String
      let renewsInto = block.contains { $0.contains("Renews into") }
      if renewsInto != (entitled && autoRenews && next != nil && next != productID) {
        problems.append(
          "account \(group): renews into shown \(renewsInto), CLI next \(next ?? "none")")
      }
      let increase = renewal["priceIncreaseStatus"] as? Int
      let waits = block.contains { $0.contains("waits for the customer's consent") }
      let agreed = block.contains { $0.contains("agreed; it applies") }
      // Only a subscription that will renew has a new price to consent to or to pay.
      let renews = autoRenews && state != "expired" && state != "revoked"
      if waits != (renews && increase == 0) || agreed != (renews && increase == 1) {
        problems.append(
          "account \(group): price increase waits \(waits) agreed \(agreed), CLI \(increase ?? -1)"
        )
      }
    }
    return problems
  }

  /// Transaction `id` as the screens list it: in the snapshot's records, else in the
  /// transaction manager's window around it (as when QA scrolls to it) on the front end of
  /// the snapshot's customer.
  func listed(_ id: UInt64, in snapshot: StoreSnapshot) async -> TransactionRecord? {
    if let record = snapshot.records.first(where: { $0.id == id }) { return record }
    let shownBy = otherFrontEnds[snapshot.customerID] ?? frontEnd
    return await shownBy?.transactionPage(around: id)?.rows.first { $0.id == id }
  }

  /// `storeterm COMMAND --json` on the walk's ledger, as a fresh process prints it.
  func json(_ arguments: [String]) async throws -> [[String: Any]] {
    try await jsonObject(arguments) as? [[String: Any]] ?? []
  }

  func jsonObject(_ arguments: [String]) async throws -> Any {
    let run = await runStoreTerm(arguments + ["--json", "--db", database])
    return try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
  }
}
