import Foundation
import StoreCore
import StorePersistence

/// `storeterm customers [--find TEXT]`: find customers by id, name, email, app account token,
/// transaction ID or original transaction ID.
enum CustomersCommand {
  static let spec = CommandSpec(
    name: "customers",
    abstract: "Find customers by id, name, email, app account token or transaction ID",
    options: [
      .value("find", "TEXT", help: "What to look for (default: list the first customers)"),
      .value("limit", "N", help: "At most N results (default: 20)"),
    ],
    examples: [
      "storeterm customers --find \"jo d\"", "storeterm customers --find 2000000123 --json",
    ])

  static func run(_ context: CommandContext) throws {
    var limit = 20
    if let text = context.parsed.value("limit") {
      guard let value = Int(text), value > 0, value <= 10_000 else {
        throw UsageError("--limit \(text): a whole number from 1 to 10000")
      }
      limit = value
    }
    let session = try SupportSession(context)
    let matches = try session.directory.search(context.parsed.value("find") ?? "", limit: limit)
    let rows = try session.explainSummaries(matches).map { match, lines in
      (match, SupportPresentation.active(lines))
    }
    if context.json {
      let values = rows.map { match, active in
        JSONValue.object([
          JSONMember("id", .string(match.id)), JSONMember("name", .string(match.name)),
          JSONMember("email", .string(match.email)),
          JSONMember("storefront", .string(match.storefront)),
          JSONMember("imported", .bool(match.isImported)),
          JSONMember("matchedBy", .string(match.matchedBy)),
          JSONMember("activeEntitlements", .array(active.map { .string($0.subject.id) })),
        ])
      }
      context.output.write(JSONValue.array(values).prettyText + "\n")
      return
    }
    guard !rows.isEmpty else {
      let find = context.parsed.value("find").map { " matching \"\($0)\"" } ?? ""
      context.output.write("no customers\(find)\n")
      return
    }
    var table = TextTable(headers: ["ID", "NAME", "STOREFRONT", "ACTIVE ENTITLEMENTS"])
    for (match, active) in rows {
      table.rows.append(
        SupportPresentation.searchRow(
          id: match.id, name: match.name, storefront: match.storefront,
          isImported: match.isImported, explanations: active))
    }
    context.output.write(table.render())
  }
}
