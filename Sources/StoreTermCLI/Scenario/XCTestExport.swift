import Foundation
import StoreCore

/// Writes a scenario as a Swift XCTest over `SKTestSession`: each step as the session's call
/// for it, then what StoreKit says (`Transaction.currentEntitlements`,
/// `Product.SubscriptionInfo.status(for:)`, the session's pending requests) asserted as the
/// scenario expects it.
///
/// Time travel is exported as what it did: each renewal it made as
/// `forceRenewalOfSubscription(productIdentifier:)`, each subscription it ended as
/// `expireSubscription(productIdentifier:)`, each renewal that failed (billing retry, grace) as
/// a forced renewal while renewals fail. The session plays one customer (the first step's):
/// another customer's steps and Family Sharing's are written as comments when they leave that
/// customer's purchases as they were. Anything else `SKTestSession` cannot take (an offer the
/// catalog lacks, forced failures, a grace period running out, a step that changes the
/// session's customer from outside) is refused at its line, since a test that skipped it would
/// assert something the walk never saw.
struct XCTestExport {
  /// The scenario.
  let scenario: Scenario
  /// The replay of each step: what it created (scenario transaction IDs, products) and what
  /// the customer had before and after it.
  let replayed: [ScenarioPlayer.StepResult]
  /// The scenario file's name without folder or extension, such as `ask-to-buy-approve`.
  let name: String
  /// The scenario's catalog: whether an `offer ID` is a promotional or a win-back offer.
  let catalog: ProductCatalog

  /// The test's class name: `AskToBuyApproveScenarioTests`.
  var className: String { Self.camel(name, upperFirst: true) + "ScenarioTests" }

  /// The `.storekit` file the session loads, by name without extension (`Demo` for `demo`).
  var configurationName: String {
    if let bundled = ConfigurationFile.bundled.first(where: { $0.name == scenario.catalog }) {
      return (bundled.file as NSString).deletingPathExtension
    }
    return ((scenario.catalog as NSString).lastPathComponent as NSString)
      .deletingPathExtension
  }

  /// The Swift source.
  func source() throws -> String {
    var products: [UInt64: String] = [:]
    var askToBuy = false
    var interrupted = false
    var body: [String] = []
    let initial = try expectations(scenario.initial, step: "the start")
    if !initial.isEmpty { body += ["", "    // Before the first step."] + initial }
    let player = scenario.sessionCustomer
    var current = Customer.defaultID
    var grace = catalog.configuration.settings.billingGracePeriodEnabled
    for (index, step) in scenario.steps.enumerated() {
      body.append("")
      body.append("    // Step \(index + 1) (line \(step.line)): \(step.action.text)")
      let replay = index < replayed.count ? replayed[index] : nil
      if case .customer(let id) = step.action { current = id }
      if case .setting("grace-period", let on) = step.action { grace = on }
      if let note = try offSession(step, customer: current, player: player, replay: replay) {
        body.append("    // \(note)")
        if current == player {
          body += try expectations(step.expectations, step: "step \(index + 1)")
        }
        continue
      }
      let made = replay?.created ?? []
      for item in made { products[item.id] = item.productID }
      let outcome = step.expectations.compactMap { expectation -> String? in
        if case .outcome(let word) = expectation.fact { return word }
        return nil
      }.last
      body +=
        try step.action.isClockAdvance
        ? timeTravel(line: step.line, replay: replay, grace: grace)
        : call(
          step, outcome: outcome, products: products, askToBuy: &askToBuy,
          interrupted: &interrupted)
      if !made.isEmpty {
        body.append("    try ids.take([\(made.map { String($0.id) }.joined(separator: ", "))])")
      }
      body += try expectations(step.expectations, step: "step \(index + 1)")
    }
    return Self.template(
      className: className, method: "test" + Self.camel(name, upperFirst: true),
      file: name + ".scenario", configuration: configurationName, body: body)
  }

  private func refusal(_ line: Int, _ what: String) -> ScenarioError {
    ScenarioError(
      line: line, message: "\(what) has no SKTestSession equivalent, so it cannot be exported")
  }

  /// Why a step has no call in the test: nil for a step the session takes.
  ///
  /// A step the session's customer does not take, or that only Family Sharing makes, must
  /// leave what the session's customer has as it was (the test asserts only that customer), or
  /// the export is refused at its line.
  private func offSession(
    _ step: ScenarioStep, customer: String, player: String,
    replay: ScenarioPlayer.StepResult?
  ) throws -> String? {
    let note: String
    switch step.action {
    case .customer(let id):
      note =
        id == player
        ? "\(id) signs in: the customer this test's session plays."
        : "\(id) signs in: SKTestSession plays \(player) alone, so \(id)'s steps have no call."
    case .familyJoin, .familyLeave:
      note = "Family Sharing has no SKTestSession call."
    default:
      guard customer != player else { return nil }
      note = "\(customer)'s step: SKTestSession plays \(player) alone."
    }
    guard let watched = replay?.watched, watched.before == watched.after else {
      throw refusal(step.line, "a step that changes what \(player) has from outside the session")
    }
    return note + " It leaves what \(player) has as it was."
  }

  /// The session's calls for one step.
  private func call(
    _ step: ScenarioStep, outcome: String?, products: [UInt64: String], askToBuy: inout Bool,
    interrupted: inout Bool
  ) throws -> [String] {
    switch step.action {
    case .purchase(let purchase):
      var prelude: [String] = []
      var options = purchase.quantity.map { [".quantity(\($0))"] } ?? []
      if let code = purchase.offerCode {
        options.append(".codeOffer(referenceName: \(Self.literal(code)))")
      }
      // An introductory offer applies by itself to an eligible customer, as in StoreKit.
      if let offer = purchase.offer, offer != "intro" {
        let subscription = catalog.product(id: purchase.productID)?.subscription
        if subscription?.promotionalOffers.contains(where: { $0.id == offer }) == true {
          options.append(".promotionalOffer(id: \(Self.literal(offer)))")
        } else if subscription?.winBackOffers.contains(where: { $0.id == offer }) == true {
          let products = "products\(step.line)"
          prelude += [
            "    let \(products) = try await Product.products(for: [\(Self.literal(purchase.productID))])",
            "    let winBackOffer\(step.line) = try XCTUnwrap(",
            "      \(products).first?.subscription?.winBackOffers.first { $0.id == \(Self.literal(offer)) })",
          ]
          options.append(".winBackOffer(winBackOffer\(step.line))")
        } else {
          throw refusal(step.line, "an offer the catalog does not have")
        }
      }
      let buy =
        "try await session.buyProduct(\n        identifier: \(Self.literal(purchase.productID)),"
        + " options: [\(options.joined(separator: ", "))])"
      switch (purchase.outcome, outcome ?? "success") {
      case (nil, "success"):
        return prelude + ["    _ = \(buy)"]
      case (nil, "pending"), (.askToBuy, _), (.interrupted, _):
        var lines: [String] = []
        var restore: [String] = []
        if purchase.outcome == .askToBuy, !askToBuy {
          lines.append("    session.askToBuyEnabled = true")
          restore.append("    session.askToBuyEnabled = false")
        }
        if purchase.outcome == .interrupted, !interrupted {
          lines.append("    session.interruptedPurchasesEnabled = true")
          restore.append("    session.interruptedPurchasesEnabled = false")
        }
        lines += [
          "    do {",
          "      _ = \(buy)",
          "      XCTFail(\"line \(step.line): the purchase should wait (pending)\")",
          "    } catch let error as SKTestError {",
          "      XCTAssertEqual(error.code, .invalidAction)",
          "    }",
        ]
        return prelude + lines + restore
      default:
        throw refusal(step.line, "a purchase that is cancelled or fails")
      }
    case .control(let control, let id, let price, let reason):
      guard price == nil else { throw refusal(step.line, "a price increase to a given price") }
      guard reason == nil || reason == .refundedForOtherReason else {
        throw refusal(step.line, "a refund for an issue in the app")
      }
      let byID: [TransactionControl: String] = [
        .approve: "approveAskToBuyTransaction", .decline: "declineAskToBuyTransaction",
        .resolve: "resolveIssueForTransaction", .refund: "refundTransaction",
        .delete: "deleteTransaction", .autoRenewOn: "enableAutoRenewForTransaction",
        .autoRenewOff: "disableAutoRenewForTransaction",
        .priceIncrease: "requestPriceIncreaseConsentForTransaction",
        .consent: "consentToPriceIncreaseForTransaction",
        .declinePriceIncrease: "declinePriceIncreaseForTransaction",
      ]
      if let method = byID[control] {
        guard products[id] != nil else {
          throw refusal(step.line, "a control on a transaction the session did not make")
        }
        return ["    try session.\(method)(identifier: ids[\(id)])"]
      }
      let byProduct: [TransactionControl: String] = [
        .renew: "forceRenewalOfSubscription", .expire: "expireSubscription",
      ]
      guard let method = byProduct[control], let product = products[id] else {
        throw refusal(step.line, "'\(control.commandName)'")
      }
      return ["    try session.\(method)(productIdentifier: \(Self.literal(product)))"]
    case .setting(let name, let on):
      let property: String
      switch name {
      case "ask-to-buy":
        askToBuy = on
        property = "askToBuyEnabled"
      case "interrupted-purchases":
        interrupted = on
        property = "interruptedPurchasesEnabled"
      case "billing-issues": property = "shouldEnterBillingRetryOnRenewal"
      default: property = "billingGracePeriodIsEnabled"
      }
      return ["    session.\(property) = \(on)"]
    case .clockRate(let name):
      return ["    session.timeRate = .\(name)"]
    case .clockAdvance:
      return []  // timeTravel(line:replay:grace:) exports it from what the replay saw.
    case .customer, .familyJoin, .familyLeave:
      return []  // offSession(_:customer:player:replay:) wrote them as comments.
    }
  }

  /// The session's calls that do what a `clock advance` did in the replay.
  ///
  /// The renewals it made, in order, then a renewal that failed or a subscription that ended,
  /// group by group. `grace` says whether the grace period is on, so that a failed renewal
  /// forced now lands in the state the replay's did.
  private func timeTravel(line: Int, replay: ScenarioPlayer.StepResult?, grace: Bool) throws
    -> [String]
  {
    guard let replay, let before = replay.before, let after = replay.after else {
      throw refusal(line, "time travel the replay did not observe")
    }
    func call(_ method: String, _ product: String?) throws -> String {
      guard let product else {
        throw refusal(line, "time travel on a subscription with no product")
      }
      return "    try session.\(method)(productIdentifier: \(Self.literal(product)))"
    }
    var calls = try replay.created.map { try call("forceRenewalOfSubscription", $0.productID) }
    for group in after.statuses.keys.sorted() {
      guard let now = after.statuses[group]?.first, let was = before.statuses[group]?.first,
        was.state != now.state
      else { continue }
      let product = was.fields["product"]
      switch (was.state, now.state) {
      case (_, "expired"):
        calls.append(try call("expireSubscription", product))
      case (_, "subscribed") where !replay.created.isEmpty:
        continue  // a renewal, forced above
      case ("subscribed", "inGracePeriod") where grace,
        ("subscribed", "inBillingRetryPeriod") where !grace:
        // A renewal that failed to bill: while `shouldEnterBillingRetryOnRenewal` is on (the
        // only way a replay's renewal fails), a forced renewal fails the same way.
        calls.append(try call("forceRenewalOfSubscription", product))
      default:
        throw refusal(
          line, "time moving a subscription from \(was.state) to \(now.state) ('clock advance')")
      }
    }
    return calls.isEmpty ? ["    // Time passes: nothing renews or ends."] : calls
  }

  /// Assertions for a step's `expect` lines.
  private func expectations(_ expectations: [ScenarioExpectation], step: String) throws
    -> [String]
  {
    var lines: [String] = []
    var pending: [ScenarioPending] = []
    var sawPending = false
    var pendingLine = 0
    for expectation in expectations {
      let line = expectation.line
      switch expectation.fact {
      case .outcome:
        break  // The purchase call itself asserts it.
      case .entitlements(let products):
        lines.append(
          "    try await expectEntitlements(\(Self.array(products)), line: \(line))")
      case .entitlement(let product, let present):
        lines.append(
          "    try await expectEntitlement(\(Self.literal(product)), \(present), line: \(line))")
      case .status(let group, let state, let fields):
        guard let state else {
          lines.append("    try await expectNoStatus(\(Self.literal(group)), line: \(line))")
          continue
        }
        var arguments = ["\(Self.literal(group))", ".\(state)"]
        if let product = fields["product"] { arguments.append("product: \(Self.literal(product))") }
        if let autoRenew = fields["auto-renew"] {
          arguments.append("willAutoRenew: \(autoRenew == "on")")
        }
        if let next = fields["renews-to"] {
          arguments.append("autoRenewPreference: \(Self.literal(next))")
        }
        if let intent = fields["expiration-intent"] {
          arguments.append("expirationReason: \(Self.expirationReason(intent))")
        }
        if let increase = fields["price-increase"] {
          arguments.append(
            "priceIncrease: "
              + (increase == "customerHasNotResponded" ? ".pending" : ".agreed"))
        }
        lines.append(
          "    try await expectStatus(\(arguments.joined(separator: ", ")), line: \(line))")
      case .balance:
        // Balances are the app's own records (its store manager), not StoreKit's.
        continue
      case .pending(let request):
        if !sawPending { pendingLine = line }
        sawPending = true
        if let request { pending.append(request) }
      }
    }
    if sawPending {
      let items = pending.sorted().map {
        "(ids[\($0.id)], \(Self.literal($0.productID)), \($0.state == "interrupted"))"
      }
      lines.append(
        "    expectPending(session, [\(items.joined(separator: ", "))], line: \(pendingLine))")
    }
    _ = step
    return lines
  }

  static func expirationReason(_ intent: String) -> String {
    switch intent {
    case "customerCancelled": ".autoRenewDisabled"
    case "billingError": ".billingError"
    case "customerDidNotConsentToPriceIncrease": ".didNotConsentToPriceIncrease"
    case "productNotAvailable": ".productUnavailable"
    default: ".unknown"
    }
  }

  /// A Swift string literal (scenario values never hold quotes or controls; escaped anyway).
  static func literal(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\u{\(String(scalar.value, radix: 16))}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"\(escaped)\""
  }

  static func array(_ texts: [String]) -> String {
    "[" + texts.map(literal).joined(separator: ", ") + "]"
  }

  /// `ask-to-buy-approve` → `AskToBuyApprove`; anything but letters and digits separates words.
  static func camel(_ name: String, upperFirst: Bool) -> String {
    let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var result = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if result.isEmpty || result.first?.isNumber == true { result = "Scenario" + result }
    return result
  }
}
