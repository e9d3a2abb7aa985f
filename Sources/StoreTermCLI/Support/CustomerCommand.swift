import Foundation
import StoreCore
import StorePersistence

/// `storeterm customer ID`: what the customer can use and why, and everything that happened.
enum CustomerCommand {
  static let spec = CommandSpec(
    name: "customer",
    abstract: "Explain a customer's access to each product, with the timeline that led there",
    arguments: ["ID"],
    options: [
      .flag(
        "all",
        help: "Every event and transaction (default: the newest \(windowSize) of each)")
    ],
    examples: ["storeterm customer default", "storeterm customer original:2000000123 --json"])

  /// How many of the newest events and transactions are shown without `--all`: a long history
  /// (a weekly subscription renewed for decades) is read and printed in bounded time.
  static let windowSize = 100

  static func run(_ context: CommandContext) throws {
    let session = try SupportSession(context)
    let id = context.parsed.arguments[0]
    let window =
      context.parsed.flag("all")
      ? SupportDirectory.window(of: try session.history(id), Int.max)
      : try session.historyWindow(id, limit: windowSize)
    let history = window.history
    let asOf = session.answerTime(for: history)
    let lines = session.explain(history)
    let timeline = CustomerTimeline.entries(window.timelineHistory, names: session.names)
    if context.json {
      var value = SupportPresentation.json(
        history, explanations: lines, timeline: timeline, transactions: window.transactions)
      if case .object(var members) = value {
        members.insert(JSONMember("asOf", .string(SupportDate.iso8601(asOf))), at: 0)
        if window.earlierEvents > 0 || window.earlierTransactions > 0 {
          members.append(JSONMember("earlierEvents", .integer(window.earlierEvents)))
          members.append(JSONMember("earlierTransactions", .integer(window.earlierTransactions)))
        }
        value = .object(members)
      }
      context.output.write(value.prettyText + "\n")
      return
    }
    var out = text(history, lines: lines, timeline: timeline, now: asOf, behind: asOf < session.now)
    if window.earlierEvents > 0 {
      out +=
        "\(window.earlierEvents) earlier \(window.earlierEvents == 1 ? "event" : "events")"
        + " not shown (storeterm customer \(id) --all shows every one)\n"
    }
    context.output.write(out)
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
