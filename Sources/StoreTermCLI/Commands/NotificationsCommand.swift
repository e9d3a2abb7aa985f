import Foundation
import StoreCore
import StorePersistence

/// `storeterm notifications [--json]`: the App Store Server Notifications V2 outbox, with where
/// each notification stands at each `serve --notify` URL; `fault URL KIND` sets a delivery fault
/// and `retry-now [URL]` sends the pending retries now.
enum NotificationsCommand {
  static let spec = CommandSpec(
    name: "notifications",
    abstract:
      "The server notifications outbox; 'fault URL drop|delay|duplicate|reorder|none' and "
      + "'retry-now [URL]' test a backend's resilience",
    arguments: ["[fault|retry-now]", "[URL]", "[KIND]"],
    options: [
      .value("count", "N", help: "fault drop|duplicate: only the next N posts (default: all)"),
      .value("delay", "DURATION", help: "fault delay: how long after signing (default 60s)"),
    ],
    examples: [
      "storeterm notifications", "storeterm notifications --json",
      "storeterm notifications fault http://127.0.0.1:9000/n drop --count 1",
      "storeterm notifications fault http://127.0.0.1:9000/n delay --delay 5m",
      "storeterm notifications retry-now",
    ])

  /// The longest delay a fault takes: Apple's whole retry schedule.
  static let longestDelay: TimeInterval = 7 * 86_400

  static func run(_ context: CommandContext) throws {
    switch context.parsed.arguments.first {
    case nil: break
    case "fault": return try fault(context)
    case "retry-now": return try retryNow(context)
    case let other?:
      throw UsageError("'\(other)' is not an action of notifications (fault, retry-now)")
    }
    // Nothing is created for a ledger that does not exist yet.
    let outbox = context.paths.ledgerExists ? try context.openServerStores().outbox : nil
    let entries = try outbox?.entries(limit: 1000) ?? []
    let faults = try outbox?.faults() ?? [:]
    if context.json {
      context.output.write(
        JSONValue.array(entries.map { json($0, faults: faults) }).prettyText + "\n")
      return
    }
    for (url, fault) in faults.sorted(by: { $0.key < $1.key }) {
      context.output.write("fault at \(url): \(fault.words)\n")
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

  /// `fault URL drop|delay|duplicate|reorder|none [--count N] [--delay 60s]`.
  private static func fault(_ context: CommandContext) throws {
    let arguments = context.parsed.arguments
    guard arguments.count == 3 else {
      throw UsageError(
        "'notifications fault' needs a URL and drop, delay, duplicate, reorder or none")
    }
    let url = arguments[1]
    guard url.count <= 2048, let parsed = URL(string: url),
      parsed.scheme == "http" || parsed.scheme == "https"
    else { throw UsageError("\(url): not an http or https URL") }
    let fault: DeliveryFault?
    if arguments[2] == "none" {
      fault = nil
    } else {
      guard let kind = DeliveryFault.Kind(rawValue: arguments[2]) else {
        throw UsageError(
          "'\(arguments[2])' is not a fault (drop, delay, duplicate, reorder, none)")
      }
      var made = DeliveryFault(kind: kind)
      if let text = context.parsed.value("count") {
        guard kind == .drop || kind == .duplicate else {
          throw UsageError("--count applies to drop and duplicate only")
        }
        guard text.count <= 6, let count = Int(text), count > 0 else {
          throw UsageError("--count \(text): a whole number of posts, 1 or more")
        }
        made.remaining = count
      }
      if let text = context.parsed.value("delay") {
        guard kind == .delay else { throw UsageError("--delay applies to delay only") }
        guard let seconds = DurationText.seconds(text), seconds > 0, seconds <= longestDelay
        else { throw UsageError("--delay \(text): a duration such as 30s, 5m or 2h, up to 7d") }
        made.delay = seconds
      } else if kind == .delay {
        made.delay = 60
      }
      fault = made
    }
    try context.openServerStores().outbox.setFault(fault, url: url)
    context.output.write(
      fault.map { "fault at \(url): \($0.words)\n" } ?? "no fault at \(url)\n")
  }

  /// `retry-now [URL]`: every pending retry (to URL, or everywhere) is due now, and what a
  /// delay or a reorder holds is released; a running `serve --notify` posts them on its next look.
  private static func retryNow(_ context: CommandContext) throws {
    let arguments = context.parsed.arguments
    guard arguments.count <= 2 else {
      throw UsageError("unexpected argument '\(arguments[2])' after 'notifications retry-now'")
    }
    let store = try context.openStore()
    let moved = try store.backend.serverStores().outbox.retryNow(
      url: arguments.count == 2 ? arguments[1] : nil, now: store.clock.now())
    context.output.write(
      "\(moved == 1 ? "1 retry" : "\(moved) retries") due now; held notifications released\n")
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

  /// One notification, each delivery with the fault set on its URL (null when none).
  private static func json(_ entry: OutboxEntry, faults: [String: DeliveryFault]) -> JSONValue {
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
              JSONMember("fault", faults[delivery.url].map(json) ?? .null),
            ])
          })),
      JSONMember("signedPayload", .string(notification.signedPayload)),
    ])
  }

  /// A delivery fault: its kind, the delay (delay), and the posts it still affects (drop,
  /// duplicate; null for every post until cleared).
  private static func json(_ fault: DeliveryFault) -> JSONValue {
    var members = [JSONMember("kind", .string(fault.kind.rawValue))]
    if fault.kind == .delay {
      members.append(JSONMember("delaySeconds", .integer(Int(fault.delay))))
    }
    if fault.kind == .drop || fault.kind == .duplicate {
      members.append(JSONMember("remaining", fault.remaining.map { .integer($0) } ?? .null))
    }
    return .object(members)
  }

  private static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}
