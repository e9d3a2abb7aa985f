import Foundation
import StoreCore
import StoreJWS

/// `storeterm clock [advance DURATION | rate RATE]`: the simulated clock and time travel.
enum ClockCommand {
  static let spec = CommandSpec(
    name: "clock",
    abstract: "Show simulated time; 'advance 35d' travels forward, 'rate NAME' sets the time rate",
    arguments: ["[advance|rate]", "[VALUE]"],
    examples: ["storeterm clock advance 35d", "storeterm clock rate monthlyRenewalEveryHour"])

  static func run(_ context: CommandContext) async throws {
    let arguments = context.parsed.arguments
    let store = try context.openStore()
    switch arguments.first {
    case nil:
      break
    case "advance":
      guard arguments.count == 2 else {
        throw UsageError("'clock advance' needs a duration such as 35d")
      }
      try advance(store, by: arguments[1], output: context.output)
    case "rate":
      guard arguments.count == 2 else {
        throw UsageError("'clock rate' needs a rate name or number")
      }
      try setRate(store, arguments[1])
    default:
      throw UsageError("'\(arguments[0])' is not a clock action (advance or rate)")
    }
    let simulated = store.clock.simulated
    let now = store.clock.now()
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("now", .string(TransactionText.date(now.epochMilliseconds))),
          JSONMember("nowMs", .number(String(now.epochMilliseconds))),
          JSONMember("rate", .string(simulated.rate.description)),
          JSONMember("rateValue", .integer(simulated.rate.rawValue)),
          JSONMember("factor", .number(String(format: "%g", simulated.rate.factor))),
        ]).prettyText + "\n")
    } else {
      context.output.write(
        "now \(TransactionText.date(now.epochMilliseconds)) · rate \(simulated.rate)"
          + " (\(String(format: "%g", simulated.rate.factor))× real time)\n")
    }
  }

  private static func advance(_ store: StoreContext, by text: String, output: any TextOutput) throws
  {
    if text.hasPrefix("-") {
      throw UsageError("clock advance \(text): time only moves forward")
    }
    guard let seconds = DurationText.seconds(text) else {
      throw UsageError(
        "clock advance \(text): not a positive duration such as 35d, 2w, 12h, 90min or 1y")
    }
    let real = Date()
    guard !store.clock.simulated.wouldPassLatest(advancingBy: seconds, real: real) else {
      let limit = TestCertificateAuthority.validityEnd
      throw CommandFailure(
        "clock advance \(text): the clock cannot pass \(TransactionText.date(limit)),"
          + " where the test certificates end")
    }
    let advanced = store.clock.simulated.advanced(by: seconds, real: real)
    try store.backend.ledger.setClock(advanced)
    store.clock.set(advanced)
    let renewals = try store.catchUp(output: output)
    output.write(
      "advanced \(text); \(renewals) \(renewals == 1 ? "renewal" : "renewals") generated\n")
  }

  private static func setRate(_ store: StoreContext, _ text: String) throws {
    let rate =
      TimeRate.named.first { $0.name == text }?.rate ?? Int(text).map(TimeRate.init(rawValue:))
    guard let rate, rate.isKnown else {
      let names = TimeRate.named.map(\.name).joined(separator: ", ")
      throw UsageError("clock rate \(text): not a time rate (one of \(names))")
    }
    let changed = store.clock.simulated.withRate(rate, real: Date())
    try store.backend.ledger.setClock(changed)
    store.clock.set(changed)
  }
}
