import Foundation
import StoreCore
import StorePersistence

/// `storeterm refunds [TRANSACTION_ID] [--json]`: every customer's refund requests, the
/// consumption information the developer's server sent for each (Send Consumption Information,
/// version 1 or 2) and the App Store's decision.
enum RefundsCommand {
  static let spec = CommandSpec(
    name: "refunds",
    abstract: "Refund requests: reason, the developer's consumption information, decision",
    arguments: ["[TRANSACTION_ID]"],
    examples: [
      "storeterm refunds", "storeterm refunds 3 --json",
      "storeterm manage request-refund 3 --reason UNINTENDED_PURCHASE",
    ])

  /// The most cases listed: the latest requests and decisions in the event log.
  static let eventLimit = 5000

  static func run(_ context: CommandContext) throws {
    let only: UInt64?
    if let text = context.parsed.arguments.first {
      guard let id = UInt64(text) else {
        throw UsageError("\(text): a transaction ID is a whole number, such as 3")
      }
      only = id
    } else {
      only = nil
    }
    guard let ledger = try openLedger(context) else { return write([], context: context) }
    let browser = ledger.browser
    let requests = ledger.serverStores().requests
    let events: [StoreEvent]
    if let only {
      guard let record = try browser.record(id: only) else {
        throw StoreEngineError.unknownTransaction(only)
      }
      events = try browser.events(
        of: RefundCase.eventKinds, transactionID: only, customerID: record.customerID)
    } else {
      events = try browser.events(of: RefundCase.eventKinds, limit: eventLimit)
    }
    let rows = try RefundCase.cases(from: events).map { found in
      Row(
        refund: found, transaction: try browser.record(id: found.transactionID)?.signed?.payload,
        consumption: try requests.consumption(transactionID: found.transactionID))
    }
    write(rows, context: context)
  }

  /// The ledger to list, as it is (nothing caught up, nothing written); nil for a SQLite file
  /// that does not exist yet, which is not created.
  private static func openLedger(_ context: CommandContext) throws -> StoreLedger? {
    if let uri = context.paths.postgres {
      return .postgres(
        try StoreContext.openPostgres(uri, readOnly: context.readOnly), uri: uri)
    }
    guard FileManager.default.fileExists(atPath: context.paths.database) else { return nil }
    return .sqlite(
      context.readOnly
        ? try SQLiteLedger(readOnlyAt: context.paths.database)
        : try SQLiteLedger(location: .file(context.paths.database)))
  }

  struct Row {
    var refund: RefundCase
    var transaction: JWSTransactionDecodedPayload?
    var consumption: [(version: Int, bodyJSON: String, received: Date)]
  }

  private static func write(_ rows: [Row], context: CommandContext) {
    if context.json {
      context.output.write(JSONValue.array(rows.map(json)).prettyText + "\n")
      return
    }
    guard !rows.isEmpty else {
      context.output.write(
        "no refund requests: storeterm manage request-refund TRANSACTION_ID asks for one\n")
      return
    }
    var table = TextTable(headers: [
      "TRANSACTION", "CUSTOMER", "PRODUCT", "REQUESTED", "REASON", "CONSUMPTION INFORMATION",
      "DECISION",
    ])
    for row in rows {
      let latest = row.consumption.last.flatMap {
        RefundCase.consumptionSummary(version: $0.version, bodyJSON: $0.bodyJSON)
      }
      table.rows.append([
        String(row.refund.transactionID), row.refund.customerID, row.refund.productID ?? "-",
        timestamp(row.refund.requestedDate), row.refund.reason.rawValue,
        latest ?? "none received", row.refund.outcomeWords(row.transaction),
      ])
    }
    context.output.write(table.render())
  }

  private static func json(_ row: Row) -> JSONValue {
    let refund = row.refund
    return .object([
      JSONMember("transactionId", .string(String(refund.transactionID))),
      JSONMember("customer", .string(refund.customerID)),
      JSONMember("productId", refund.productID.map { .string($0) } ?? .null),
      JSONMember("requestDate", .number(String(refund.requestedDate.epochMilliseconds))),
      JSONMember("consumptionRequestReason", .string(refund.reason.rawValue)),
      JSONMember("decision", .string(refund.outcome.rawValue)),
      JSONMember(
        "decisionDate",
        refund.decidedDate.map { .number(String($0.epochMilliseconds)) } ?? .null),
      JSONMember(
        "revocationType", row.transaction?.revocationType.map { .string($0.rawValue) } ?? .null),
      JSONMember(
        "revocationPercentage", row.transaction?.revocationPercentage.map { .integer($0) } ?? .null),
      JSONMember(
        "consumptionInformation",
        .array(
          row.consumption.map { item in
            .object([
              JSONMember("version", .integer(item.version)),
              JSONMember("receivedDate", .number(String(item.received.epochMilliseconds))),
              // Stored only after the server checked it as Apple documents: a JSON object.
              JSONMember("body", (try? JSONParser.parse(item.bodyJSON)) ?? .null),
            ])
          })),
    ])
  }

  private static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}
