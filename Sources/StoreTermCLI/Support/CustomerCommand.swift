import Foundation
import StoreCore
import StorePersistence

/// `storeterm customer ID`: what the customer can use and why, and everything that happened.
enum CustomerCommand {
  static let spec = CommandSpec(
    name: "customer",
    abstract: "Explain a customer's access to each product, with the timeline that led there",
    arguments: ["ID"],
    examples: ["storeterm customer default", "storeterm customer original:2000000123 --json"])

  static func run(_ context: CommandContext) throws {
    let session = try SupportSession(context)
    let history = try session.history(context.parsed.arguments[0])
    let asOf = session.answerTime(for: history)
    let lines = session.explain(history)
    let timeline = CustomerTimeline.entries(history, names: session.names)
    if context.json {
      var value = SupportPresentation.json(history, explanations: lines, timeline: timeline)
      if case .object(var members) = value {
        members.insert(JSONMember("asOf", .string(SupportDate.iso8601(asOf))), at: 0)
        value = .object(members)
      }
      context.output.write(value.prettyText + "\n")
      return
    }
    context.output.write(
      text(history, lines: lines, timeline: timeline, now: asOf, behind: asOf < session.now))
  }

  /// The text view: a header, the access table and the timeline.
  static func text(
    _ history: CustomerHistory, lines: [AccessExplanation], timeline: [TimelineEntry], now: Date,
    behind: Bool = false
  ) -> String {
    var out =
      SupportPresentation.header(
        customerID: history.customerID, name: history.name, email: history.email,
        storefront: history.storefront, familyGroup: history.familyGroup) + "\n"
    out += SupportPresentation.asOf(now)
    out += behind ? " (read-only: later renewals are not generated yet)\n\n" : "\n\n"
    if lines.isEmpty {
      out += "no purchases\n"
    } else {
      var table = TextTable(headers: ["PRODUCT", "ACCESS", "WHY"])
      table.rows = SupportPresentation.explanationRows(lines)
      out += table.render()
    }
    out += "\n"
    if timeline.isEmpty {
      out += "no events\n"
    } else {
      var table = TextTable(headers: ["WHEN (UTC)", "EVENT", "WHAT"])
      table.rows = SupportPresentation.timelineRows(timeline)
      out += table.render()
    }
    return out
  }
}
