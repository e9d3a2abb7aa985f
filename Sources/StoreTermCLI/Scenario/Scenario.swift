import Foundation
import StoreCore

/// A QA walk as a file: where it starts, then steps, each with what the store must say after.
///
/// The start is a catalog and a clock. Docs/SCENARIOS.md describes the format.
struct Scenario: Equatable {
  /// The catalog: `demo`, `demo-jp` or a `.storekit` path (relative to the scenario's folder).
  var catalog = "demo"
  /// The simulated moment the walk starts at.
  var clockStart = Scenario.defaultStart
  /// What must hold before the first step (a recording's starting state).
  var initial: [ScenarioExpectation] = []
  /// The steps, in order.
  var steps: [ScenarioStep] = []

  /// The scenario with `--config`'s catalog (made absolute, since the file's catalog is read
  /// relative to its own folder), or as it is without one.
  func replacingCatalog(with config: String?) -> Scenario {
    guard let config else { return self }
    var copy = self
    copy.catalog =
      ConfigurationFile.bundled.contains { $0.name == config } || config.hasPrefix("/")
      ? config
      : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(config)
    return copy
  }

  /// The customer an exported test's `SKTestSession` plays: the one the first step signs in
  /// (`customer alice`), otherwise the default account.
  var sessionCustomer: String {
    if case .customer(let id) = steps.first?.action { return id }
    return Customer.defaultID
  }

  /// 2026-01-01T00:00:00Z: a scenario without `clock start` begins there, never at real time.
  static let defaultStart = Date(timeIntervalSince1970: 1_767_225_600)
}

/// One step and what must hold after it.
struct ScenarioStep: Equatable {
  /// The line the step is on (1-based).
  var line: Int
  /// What the step does.
  var action: ScenarioAction
  /// What the store must say afterwards, with the line of each.
  var expectations: [ScenarioExpectation] = []
}

/// What a step does, in the words of `storeterm`'s commands and Apple's names.
enum ScenarioAction: Equatable {
  /// `purchase PRODUCT [ask-to-buy|interrupted|cancelled|fail ERROR] [quantity N]
  /// [offer ID|intro] [offer-code NAME]`.
  case purchase(ScenarioPurchase)
  /// `approve 2`, `refund 3 reason refundedDueToIssue`, `price-increase 1 5.99`: a transaction
  /// control, as `storeterm manage` and Xcode's transaction manager do.
  case control(TransactionControl, id: UInt64, price: Decimal?, reason: RevocationReason?)
  /// `clock advance 8d`: time travel.
  case clockAdvance(text: String, seconds: Double)
  /// `clock rate monthlyRenewalEveryHour`.
  case clockRate(String)
  /// `setting billing-issues on`.
  case setting(name: String, on: Bool)
  /// `customer bob`: later steps act for this App Store account.
  case customer(String)
  /// `family join smiths`.
  case familyJoin(String)
  /// `family leave`.
  case familyLeave
}

/// A purchase step's product and choices.
struct ScenarioPurchase: Equatable {
  /// The product bought.
  var productID: String
  /// How QA forces it to end: nil for the App Store's own answer.
  var outcome: Outcome?
  /// `quantity N` (consumables).
  var quantity: Int?
  /// `offer ID` or `offer intro`.
  var offer: String?
  /// `offer-code NAME` (the reference name).
  var offerCode: String?

  /// A forced ending.
  enum Outcome: Equatable {
    case askToBuy, interrupted, cancelled
    case fail(String)
  }
}

/// One `expect …` line.
struct ScenarioExpectation: Equatable {
  /// The line it is on.
  var line: Int
  /// What it says.
  var fact: Fact

  /// What an expectation can say.
  enum Fact: Equatable {
    /// `expect outcome success|pending|userCancelled|failed`: the last purchase's answer.
    case outcome(String)
    /// `expect entitlements A B` (exactly these; `none` for no entitlement).
    case entitlements([String])
    /// `expect entitlement A` / `expect no-entitlement A`.
    case entitlement(String, present: Bool)
    /// `expect status GROUP STATE key=value…` or `expect status GROUP none`; only the keys
    /// given are compared.
    case status(group: String, state: String?, fields: [String: String])
    /// `expect balance PRODUCT N`: the consumable balance the app delivered.
    case balance(String, Int)
    /// `expect pending ID PRODUCT pendingApproval|interrupted`, or `expect pending none`; the
    /// step's pending lines together are the exact list.
    case pending(ScenarioPending?)
  }
}

/// A request that waits for a parent or a resolution.
struct ScenarioPending: Equatable, Hashable, Comparable {
  /// The transaction ID.
  var id: UInt64
  /// The product asked for.
  var productID: String
  /// `pendingApproval` or `interrupted`, as `storeterm transactions --pending --json` says.
  var state: String

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.id < rhs.id }
}

/// A scenario file that cannot be used: the line and what is wrong with it.
struct ScenarioError: Error, Equatable, CustomStringConvertible {
  /// The line (0 for the file as a whole).
  var line: Int
  /// What is wrong, as a sentence without the file name.
  var message: String

  var description: String { line > 0 ? "\(line): \(message)" : message }
}
