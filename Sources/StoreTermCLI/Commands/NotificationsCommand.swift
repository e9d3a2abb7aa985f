import Foundation
import StoreCore
import StorePersistence

/// `storeterm notifications [--json]`: the App Store Server Notifications V2 outbox, with where
/// each notification stands at each `serve --notify` URL.
enum NotificationsCommand {
  static let spec = CommandSpec(
    name: "notifications",
    abstract: "The server notifications outbox: type, transaction, URL, delivered or next retry",
    examples: ["storeterm notifications", "storeterm notifications --json"])

  static func run(_ context: CommandContext) throws {
    // Nothing is created for a ledger that does not exist yet.
    let entries =
      FileManager.default.fileExists(atPath: context.paths.database)
      ? try NotificationOutbox(ledger: try SQLiteLedger(location: .file(context.paths.database)))
        .entries() : []
    if context.json {
      context.output.write(JSONValue.array(entries.map(json)).prettyText + "\n")
      return
    }
    guard !entries.isEmpty else {
      context.output.write(
        "no notifications yet: buy something, then storeterm serve --notify URL\n")
      return
    }
    var table = TextTable(headers: ["TIME", "NOTIFICATION", "TRANSACTION", "URL", "STATE"])
    for entry in entries {
      let notification = entry.notification
      let first = [
        timestamp(notification.signedDate), notification.kind.name,
        notification.transactionID.map(String.init) ?? "-",
      ]
      guard !entry.deliveries.isEmpty else {
        table.rows.append(first + ["-", "not sent (no --notify URL)"])
        continue
      }
      for (index, delivery) in entry.deliveries.enumerated() {
        table.rows.append(
          (index == 0 ? first : ["", "", ""]) + [delivery.url, state(delivery)])
      }
    }
    context.output.write(table.render())
  }

  /// `delivered`, `failed (HTTP 500), retry at …`, `pending`, `failed (HTTP 500), gave up`.
  static func state(_ delivery: OutboxEntry.Delivery) -> String {
    if let delivered = delivery.deliveredDate { return "delivered \(timestamp(delivered))" }
    guard delivery.attempts > 0 else { return "pending" }
    let failure =
      delivery.lastStatus.map { "failed (HTTP \($0))" } ?? "failed (\(delivery.lastResult))"
    return delivery.nextAttemptDate.map { "\(failure), retry \(timestamp($0))" }
      ?? "\(failure), gave up after \(delivery.attempts) attempts"
  }

  private static func json(_ entry: OutboxEntry) -> JSONValue {
    let notification = entry.notification
    func date(_ value: Date?) -> JSONValue {
      value.map { .number(String($0.epochMilliseconds)) } ?? .null
    }
    return .object([
      JSONMember("notificationUUID", .string(notification.uuid.uuidString.lowercased())),
      JSONMember("notificationType", .string(notification.kind.type.rawValue)),
      JSONMember("subtype", notification.kind.subtype.map { .string($0.rawValue) } ?? .null),
      JSONMember("signedDate", date(notification.signedDate)),
      JSONMember("environment", .string(notification.environment.rawValue)),
      JSONMember("bundleId", .string(notification.bundleID)),
      JSONMember("customer", .string(notification.customerID)),
      JSONMember(
        "transactionId", notification.transactionID.map { .string(String($0)) } ?? .null),
      JSONMember(
        "deliveries",
        .array(
          entry.deliveries.map { delivery in
            .object([
              JSONMember("url", .string(delivery.url)),
              JSONMember("attempts", .integer(delivery.attempts)),
              JSONMember("lastResult", .string(delivery.lastResult)),
              JSONMember(
                "lastStatus", delivery.lastStatus.map { .integer($0) } ?? .null),
              JSONMember("deliveredDate", date(delivery.deliveredDate)),
              JSONMember("nextAttemptDate", date(delivery.nextAttemptDate)),
            ])
          })),
      JSONMember("signedPayload", .string(notification.signedPayload)),
    ])
  }

  private static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}
