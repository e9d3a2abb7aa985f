import Foundation
import StoreCore

/// `storeterm transactions` (`Transaction.all`) and `storeterm entitlements`
/// (`Transaction.currentEntitlements`) for the customer.
enum TransactionsCommand {
  static let transactionsSpec = CommandSpec(
    name: "transactions", abstract: "Every transaction of the customer (Transaction.all)",
    examples: ["storeterm transactions --json"])
  static let entitlementsSpec = CommandSpec(
    name: "entitlements",
    abstract: "What the customer is entitled to now (Transaction.currentEntitlements)",
    examples: ["storeterm entitlements --customer bob"])

  static func run(_ context: CommandContext, entitlementsOnly: Bool) async throws {
    let store = try context.openStore()
    let customerID = store.customerID
    let transactions =
      entitlementsOnly
      ? try store.engine.currentEntitlements(customerID: customerID)
      : try store.engine.allTransactions(customerID: customerID)
    let records = try store.engine.records(customerID: customerID)
    if context.json {
      context.output.write(JSONValue.array(transactions.map(\.payload.jsonValue)).prettyText + "\n")
      return
    }
    guard !transactions.isEmpty else {
      let what = entitlementsOnly ? "entitlements" : "transactions"
      context.output.write("no \(what) for customer \(customerID)\n")
      return
    }
    let finished = Set(records.filter(\.isFinished).map(\.id))
    context.output.write(
      TransactionText.table(
        transactions, finished: finished, catalog: store.catalog, now: store.clock.now()))
  }
}
