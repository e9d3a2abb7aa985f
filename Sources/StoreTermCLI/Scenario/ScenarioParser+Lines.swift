import Foundation
import StoreCore

extension ScenarioParser {
  /// The states `expect status GROUP STATE` names: `Product.SubscriptionInfo.RenewalState`'s.
  static let states = RenewalStanding.allCases.map(\.rawValue)
  /// The keys an `expect status` line may compare.
  static let statusKeys = [
    "product", "auto-renew", "renews-to", "expires", "expiration-intent", "price-increase",
    "grace-until",
  ]

  /// One step line.
  static func action(_ tokens: [String], line: Int) throws -> ScenarioAction {
    let word = tokens[0]
    let rest = Array(tokens.dropFirst())
    switch word {
    case "purchase": return .purchase(try purchase(rest, line: line))
    case "clock":
      guard rest.count == 2, ["advance", "rate"].contains(rest[0]) else {
        throw ScenarioError(
          line: line, message: "'clock' takes 'advance DURATION' or 'rate NAME'")
      }
      if rest[0] == "advance" {
        guard let seconds = DurationText.seconds(rest[1]) else {
          throw ScenarioError(
            line: line,
            message: "'\(rest[1])' is not a positive duration such as 35d, 2w, 12h, 90min or 30s")
        }
        return .clockAdvance(text: rest[1], seconds: seconds)
      }
      guard TimeRate.named.contains(where: { $0.name == rest[1] }) else {
        throw ScenarioError(
          line: line,
          message: "'\(rest[1])' is not a time rate (one of "
            + TimeRate.named.map(\.name).joined(separator: ", ") + ")")
      }
      return .clockRate(rest[1])
    case "setting":
      guard rest.count == 2, settings.contains(rest[0]), ["on", "off"].contains(rest[1]) else {
        throw ScenarioError(
          line: line,
          message: "'setting' takes a switch (\(settings.joined(separator: ", "))) and on or off")
      }
      return .setting(name: rest[0], on: rest[1] == "on")
    case "customer":
      guard rest.count == 1 else {
        throw ScenarioError(line: line, message: "'customer' takes one customer ID")
      }
      if let problem = Customer.problem(withID: rest[0]) {
        throw ScenarioError(line: line, message: problem)
      }
      return .customer(rest[0])
    case "family":
      if rest == ["leave"] { return .familyLeave }
      guard rest.count == 2, rest[0] == "join", !rest[1].isEmpty else {
        throw ScenarioError(line: line, message: "'family' takes 'join GROUP' or 'leave'")
      }
      return .familyJoin(rest[1])
    default:
      guard let control = TransactionControl(commandName: word) else {
        throw ScenarioError(
          line: line,
          message: "'\(word)' is not a step (purchase, "
            + ManageCommand.actions.joined(separator: ", ")
            + ", clock, setting, customer, family or expect)"
            + Suggestion.didYouMean(
              word,
              among: ["purchase", "clock", "setting", "customer", "family", "expect"]
                + ManageCommand.actions))
      }
      return try self.control(control, rest, line: line)
    }
  }

  private static func control(_ control: TransactionControl, _ rest: [String], line: Int) throws
    -> ScenarioAction
  {
    let name = control.commandName
    guard let idText = rest.first else {
      throw ScenarioError(line: line, message: "'\(name)' takes a transaction ID, such as 2")
    }
    guard let id = UInt64(idText), id > 0 else {
      throw ScenarioError(
        line: line, message: "'\(idText)' is not a transaction ID (a whole number such as 2)")
    }
    switch (control, rest.count) {
    case (_, 1): return .control(control, id: id, price: nil, reason: nil)
    case (.priceIncrease, 2):
      guard let price = PriceParser.decimal(rest[1]), price > 0, price <= PriceParser.largest
      else {
        throw ScenarioError(line: line, message: "'\(rest[1])' is not a price such as 5.99")
      }
      return .control(control, id: id, price: price, reason: nil)
    case (.refund, 3) where rest[1] == "reason":
      guard let reason = RevocationReason.allCases.first(where: { "\($0)" == rest[2] }) else {
        throw ScenarioError(
          line: line,
          message: "'\(rest[2])' is not a revocation reason (refundedForOtherReason or"
            + " refundedDueToIssue)")
      }
      return .control(control, id: id, price: nil, reason: reason)
    default:
      throw ScenarioError(
        line: line, message: "unexpected '\(rest[1])' after '\(name) \(idText)'")
    }
  }

  private static func purchase(_ rest: [String], line: Int) throws -> ScenarioPurchase {
    guard let productID = rest.first, !productID.isEmpty else {
      throw ScenarioError(line: line, message: "'purchase' takes a product ID")
    }
    var purchase = ScenarioPurchase(productID: productID)
    var index = 1
    func value(_ word: String) throws -> String {
      guard index + 1 < rest.count else {
        throw ScenarioError(line: line, message: "'\(word)' needs a value")
      }
      index += 1
      return rest[index]
    }
    func force(_ outcome: ScenarioPurchase.Outcome) throws {
      guard purchase.outcome == nil else {
        throw ScenarioError(line: line, message: "a purchase ends one way only")
      }
      purchase.outcome = outcome
    }
    while index < rest.count {
      let word = rest[index]
      switch word {
      case "ask-to-buy": try force(.askToBuy)
      case "interrupted": try force(.interrupted)
      case "cancelled": try force(.cancelled)
      case "fail":
        let name = try value(word)
        guard SimulatedFailure.names.contains(name) else {
          throw ScenarioError(
            line: line,
            message: "'\(name)' is not a StoreKit error (one of "
              + SimulatedFailure.names.joined(separator: ", ") + ")")
        }
        try force(.fail(name))
      case "quantity":
        let text = try value(word)
        guard let quantity = Int(text), (1...10).contains(quantity) else {
          throw ScenarioError(
            line: line, message: "'\(text)' is not a quantity (a whole number from 1 to 10)")
        }
        purchase.quantity = quantity
      case "offer":
        guard purchase.offerCode == nil else {
          throw ScenarioError(line: line, message: "'offer' and 'offer-code' cannot be combined")
        }
        purchase.offer = try value(word)
      case "offer-code":
        guard purchase.offer == nil else {
          throw ScenarioError(line: line, message: "'offer' and 'offer-code' cannot be combined")
        }
        purchase.offerCode = try value(word)
      default:
        throw ScenarioError(
          line: line,
          message: "'\(word)' is not a purchase choice (ask-to-buy, interrupted, cancelled,"
            + " fail ERROR, quantity N, offer ID, offer-code NAME)")
      }
      index += 1
    }
    return purchase
  }

  /// One `expect` line, without the word `expect`.
  static func expectation(_ tokens: [String], line: Int) throws -> ScenarioExpectation.Fact {
    guard let word = tokens.first else {
      throw ScenarioError(
        line: line,
        message: "'expect' takes outcome, entitlements, entitlement, no-entitlement, status,"
          + " balance or pending")
    }
    let rest = Array(tokens.dropFirst())
    switch word {
    case "outcome":
      let outcomes = ["success", "pending", "userCancelled", "failed"]
      guard rest.count == 1, outcomes.contains(rest[0]) else {
        throw ScenarioError(
          line: line, message: "'expect outcome' takes \(outcomes.joined(separator: ", "))")
      }
      return .outcome(rest[0])
    case "entitlements":
      guard !rest.isEmpty else {
        throw ScenarioError(
          line: line, message: "'expect entitlements' takes product IDs, or none")
      }
      return .entitlements(rest == ["none"] ? [] : rest.sorted())
    case "entitlement", "no-entitlement":
      guard rest.count == 1 else {
        throw ScenarioError(line: line, message: "'expect \(word)' takes one product ID")
      }
      return .entitlement(rest[0], present: word == "entitlement")
    case "status": return try status(rest, line: line)
    case "balance":
      guard rest.count == 2, let balance = Int(rest[1]) else {
        throw ScenarioError(
          line: line, message: "'expect balance' takes a product ID and a whole number")
      }
      return .balance(rest[0], balance)
    case "pending":
      if rest == ["none"] { return .pending(nil) }
      guard rest.count == 3, let id = UInt64(rest[0]),
        ["pendingApproval", "interrupted"].contains(rest[2])
      else {
        throw ScenarioError(
          line: line,
          message: "'expect pending' takes none, or a transaction ID, a product ID and"
            + " pendingApproval or interrupted")
      }
      return .pending(ScenarioPending(id: id, productID: rest[1], state: rest[2]))
    default:
      throw ScenarioError(
        line: line,
        message: "'expect \(word)': not something a scenario checks (outcome, entitlements,"
          + " entitlement, no-entitlement, status, balance, pending)")
    }
  }

  private static func status(_ rest: [String], line: Int) throws -> ScenarioExpectation.Fact {
    guard rest.count >= 2 else {
      throw ScenarioError(
        line: line, message: "'expect status' takes a group ID and a state (or none)")
    }
    if rest[1] == "none" {
      guard rest.count == 2 else {
        throw ScenarioError(line: line, message: "unexpected '\(rest[2])' after 'none'")
      }
      return .status(group: rest[0], state: nil, fields: [:])
    }
    guard states.contains(rest[1]) else {
      throw ScenarioError(
        line: line,
        message: "'\(rest[1])' is not a subscription state (\(states.joined(separator: ", ")),"
          + " or none)")
    }
    var fields: [String: String] = [:]
    for pair in rest.dropFirst(2) {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, statusKeys.contains(parts[0]), !parts[1].isEmpty else {
        throw ScenarioError(
          line: line,
          message: "'\(pair)' is not KEY=VALUE with a key among "
            + statusKeys.joined(separator: ", "))
      }
      if ["expires", "grace-until"].contains(parts[0]), parts[1] != "none",
        date(parts[1]) == nil
      {
        throw ScenarioError(
          line: line, message: "'\(parts[1])' is not a UTC date such as 2026-02-01T00:00Z")
      }
      fields[parts[0]] = parts[1]
    }
    return .status(group: rest[0], state: rest[1], fields: fields)
  }
}
