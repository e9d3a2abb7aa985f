import Foundation
import StoreCore

/// `storeterm transactions` (`Transaction.all`) and `storeterm entitlements`
/// (`Transaction.currentEntitlements`) for the customer.
enum TransactionsCommand {
  static let transactionsSpec = CommandSpec(
    name: "transactions", abstract: "Every transaction of the customer (Transaction.all)",
    options: [
      .flag(
        "pending",
        help:
          "Only requests waiting for Ask to Buy approval or a resolution, with the command that completes each"
      )
    ],
    examples: ["storeterm transactions --json", "storeterm transactions --pending"])
  static let entitlementsSpec = CommandSpec(
    name: "entitlements",
    abstract: "What the customer is entitled to now (Transaction.currentEntitlements)",
    examples: ["storeterm entitlements --customer bob"])

  static func run(_ context: CommandContext, entitlementsOnly: Bool) async throws {
    let store = try context.openStore()
    let customerID = store.customerID
    if !entitlementsOnly, context.parsed.flag("pending") {
      return try pending(
        store.engine.records(customerID: customerID), customerID: customerID, context: context)
    }
    let transactions =
      entitlementsOnly
      ? try store.engine.currentEntitlements(customerID: customerID)
      : try store.engine.allTransactions(customerID: customerID)
    // Entitlements and their standing rest on the deciding records alone (a few per chain),
    // so the command's cost does not grow with the customer's renewals.
    let records =
      entitlementsOnly
      ? try store.engine.decidingRecords(customerID: customerID)
      : try store.engine.records(customerID: customerID)
    if context.json {
      context.output.write(JSONValue.array(transactions.map(\.payload.jsonValue)).prettyText + "\n")
      return
    }
    if transactions.isEmpty {
      let what = entitlementsOnly ? "entitlements" : "transactions"
      context.output.write("no \(what) for customer \(customerID)\n")
    } else {
      let facts = try store.engine.accessFacts(customerID: customerID, records: records)
      context.output.write(
        TransactionText.table(
          transactions, records: records, facts: facts, catalog: store.catalog,
          now: store.clock.now()))
    }
    // Pending requests are not transactions yet (StoreKit lists none), but QA needs their numbers.
    let waiting = records.filter(\.isWaiting).count
    if !entitlementsOnly, waiting > 0 {
      context.output.write(
        "\(waiting) \(waiting == 1 ? "request waits" : "requests wait") for approval or a"
          + " resolution: storeterm transactions --pending\n")
    }
  }

  /// The requests that wait for a parent's approval or a resolution, each with the command that
  /// completes it.
  private static func pending(
    _ records: [TransactionRecord], customerID: String, context: CommandContext
  ) throws {
    let waiting = records.filter(\.isWaiting)
    if context.json {
      let rows = waiting.map { record in
        JSONValue.object([
          JSONMember("transactionId", .string(String(record.id))),
          JSONMember("productId", .string(record.productID)),
          JSONMember(
            "state", .string(record.state == .interrupted ? "interrupted" : "pendingApproval")),
          JSONMember("requestedDate", .integer(Int(record.createdDate.epochMilliseconds))),
          JSONMember("completeWith", .string(completion(record))),
        ])
      }
      context.output.write(JSONValue.array(rows).prettyText + "\n")
      return
    }
    guard !waiting.isEmpty else {
      context.output.write(
        "no pending requests for customer \(context.parsed.value("customer") ?? Customer.defaultID)\n"
      )
      return
    }
    var table = TextTable(headers: ["ID", "PRODUCT", "STATE", "REQUESTED", "COMPLETE WITH"])
    for record in waiting {
      table.rows.append([
        String(record.id), record.productID, record.state.phrase,
        TransactionText.date(record.createdDate.epochMilliseconds), completion(record),
      ])
    }
    context.output.write(table.render())
  }

  /// `storeterm manage approve N` for Ask to Buy, `… resolve N` for an interrupted purchase.
  private static func completion(_ record: TransactionRecord) -> String {
    "storeterm manage \(record.state == .interrupted ? "resolve" : "approve") \(record.id)"
  }
}

extension TransactionRecord {
  /// Whether the request waits for a parent's approval or a resolution.
  fileprivate var isWaiting: Bool { state == .pendingApproval || state == .interrupted }
}
