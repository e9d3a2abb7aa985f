import Foundation
import StoreCore
import StorePersistence
import Synchronization

/// A ledger that counts the records every read hands the engine, over a real `SQLiteLedger`:
/// the injected counter that shows a command's reads do not grow with a customer's history.
final class CountingLedger: Ledger {
  let base: SQLiteLedger
  private let read = Mutex(0)

  init(_ base: SQLiteLedger) { self.base = base }

  /// Records handed out since the last ``reset()``.
  var recordsRead: Int { read.withLock { $0 } }

  func reset() { read.withLock { $0 = 0 } }

  private func counted(_ records: [TransactionRecord]) -> [TransactionRecord] {
    read.withLock { $0 += records.count }
    return records
  }

  private func counted(_ record: TransactionRecord?) -> TransactionRecord? {
    read.withLock { $0 += record == nil ? 0 : 1 }
    return record
  }

  func customer(_ id: String, orCreate makeCustomer: @Sendable () -> Customer) throws -> Customer {
    try base.customer(id, orCreate: makeCustomer)
  }
  func existingCustomer(_ id: String) throws -> Customer? { try base.existingCustomer(id) }
  func customers() throws -> [Customer] { try base.customers() }
  func records(customerID: String) throws -> [TransactionRecord] {
    counted(try base.records(customerID: customerID))
  }
  func unfinishedRecords(customerID: String) throws -> [TransactionRecord] {
    counted(try base.unfinishedRecords(customerID: customerID))
  }
  func decidingRecords(customerID: String) throws -> [TransactionRecord] {
    counted(try base.decidingRecords(customerID: customerID))
  }
  func records(customerID: String, productID: String) throws -> [TransactionRecord] {
    counted(try base.records(customerID: customerID, productID: productID))
  }
  func record(id: UInt64) throws -> TransactionRecord? { counted(try base.record(id: id)) }
  func latestRecord(customerID: String, originalID: UInt64) throws -> TransactionRecord? {
    counted(try base.latestRecord(customerID: customerID, originalID: originalID))
  }
  func change<Result: Sendable>(
    customerID: String, scope: RecordScope,
    _ decide: (CustomerLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result {
    try base.change(customerID: customerID, scope: scope) { state in
      _ = counted(state.records)
      return try decide(state)
    }
  }
  func familyMembers(_ group: String) throws -> [Customer] { try base.familyMembers(group) }
  func changeFamily<Result: Sendable>(
    _ group: String, including customerID: String?,
    _ decide: (FamilyLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result {
    try base.changeFamily(group, including: customerID) { family in
      for customer in family.customers { _ = counted(customer.records) }
      return try decide(family)
    }
  }
  func events(after sequence: Int64, limit: Int) throws -> [StoreEvent] {
    try base.events(after: sequence, limit: limit)
  }
  func hasEvent(_ kind: StoreEvent.Kind, transactionID: UInt64, customerID: String) throws
    -> Bool
  {
    try base.hasEvent(kind, transactionID: transactionID, customerID: customerID)
  }
  func events(of kinds: [StoreEvent.Kind], transactionID: UInt64, customerID: String) throws
    -> [StoreEvent]
  {
    try base.events(of: kinds, transactionID: transactionID, customerID: customerID)
  }
  func clearTransactions(event: (String) -> StoreEvent) throws {
    try base.clearTransactions(event: event)
  }
  func subscriptions(customerID: String) throws -> [SubscriptionRecord] {
    try base.subscriptions(customerID: customerID)
  }
  func dueSubscriptions(by date: Date, limit: Int) throws -> [SubscriptionState] {
    try base.dueSubscriptions(by: date, limit: limit)
  }
  func clock() throws -> SimulatedClock? { try base.clock() }
  func setClock(_ clock: SimulatedClock) throws { try base.setClock(clock) }
}
