import Foundation

/// The engine's durable store: customers, transactions and events (a port; SQLite implements it).
///
/// Every change goes through ``change(customerID:_:)``, which reads the customer's current state
/// and applies the changes the closure decides in one atomic write, so a decision is never made on
/// stale data even when several processes share the ledger.
public protocol Ledger: Sendable {
  /// The customer, created with `makeCustomer` (and a `customerCreated` event) when missing.
  func customer(_ id: String, orCreate makeCustomer: @Sendable () -> Customer) throws -> Customer

  /// The customer with `id`, or nil when there is none (nothing is created).
  func existingCustomer(_ id: String) throws -> Customer?

  /// Every customer, in creation order.
  func customers() throws -> [Customer]

  /// A customer's records in identifier order.
  func records(customerID: String) throws -> [TransactionRecord]

  /// A customer's charged records the app has not finished, in identifier order: what
  /// `Transaction.unfinished` and the updates listener's first delivery read, without
  /// decoding a history that grows with every renewal.
  func unfinishedRecords(customerID: String) throws -> [TransactionRecord]

  /// The customer's records every access and standing question is decided from, in identifier
  /// order: of each subscription chain its latest transaction (by purchase order and by
  /// identifier), the latest of each of its products and the transaction charged after each of
  /// those; of each non-consumable and non-renewing product the latest transaction and the
  /// latest not revoked, the customer's own and Family Sharing copies apart. No consumables and
  /// no requests.
  ///
  /// ``TransactionRules`` and ``Access`` give the same answers from these as from
  /// ``records(customerID:)`` (entitlements, access and standing of each product, the groups
  /// subscribed to, each chain's latest transaction), yet they are a few per chain and product
  /// however long the history grows.
  func decidingRecords(customerID: String) throws -> [TransactionRecord]

  /// A customer's records of one product in identifier order (`Transaction.all(for:)`).
  func records(customerID: String, productID: String) throws -> [TransactionRecord]

  /// The record with identifier `id`, whoever it belongs to.
  func record(id: UInt64) throws -> TransactionRecord?

  /// The signed transactions' payloads of the customer whose record has identifier `id`, as
  /// `cursor` reads them (its order and direction, after its position, at most its limit), each
  /// read without the rest of its record; empty when there is no such record. What the
  /// server's history endpoints page through, a page's worth at a time.
  func transactionPayloads(
    ofCustomerOfRecord id: UInt64, _ cursor: TransactionHistoryCursor
  ) throws -> [StoredTransactionPayload]

  /// The payload of the signed transaction with identifier `id`, read without the rest of its
  /// record; nil when there is none.
  func transactionPayload(id: UInt64) throws -> StoredTransactionPayload?

  /// The latest record of the customer's chain with original transaction ID `originalID`.
  func latestRecord(customerID: String, originalID: UInt64) throws -> TransactionRecord?

  /// Reads the customer's records within `scope` and applies the changes `decide` returns,
  /// atomically.
  func change<Result: Sendable>(
    customerID: String, scope: RecordScope,
    _ decide: (CustomerLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result

  /// The members of Family Sharing group `group`, in creation order.
  func familyMembers(_ group: String) throws -> [Customer]

  /// Reads every member of family `group`, and the customer `including` whether or not they
  /// belong to it, with all their records and subscriptions, and applies the changes `decide`
  /// returns atomically (joining, leaving and sharing touch several customers at once).
  func changeFamily<Result: Sendable>(
    _ group: String, including customerID: String?,
    _ decide: (FamilyLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result

  /// Events after `sequence`, oldest first, at most `limit`.
  func events(after sequence: Int64, limit: Int) throws -> [StoreEvent]

  /// Whether an event of `kind` was recorded for customer `customerID`'s transaction
  /// `transactionID`.
  func hasEvent(_ kind: StoreEvent.Kind, transactionID: UInt64, customerID: String) throws -> Bool

  /// The events of `kinds` recorded for customer `customerID`'s transaction `transactionID`,
  /// oldest first.
  func events(of kinds: [StoreEvent.Kind], transactionID: UInt64, customerID: String) throws
    -> [StoreEvent]

  /// Removes every record (not customers), leaving one `cleared` event per customer touched.
  func clearTransactions(event: (String) -> StoreEvent) throws

  /// A customer's subscriptions, by original transaction ID.
  func subscriptions(customerID: String) throws -> [SubscriptionRecord]

  /// Subscriptions with something due at or before `date` (a renewal, an expiry, the end of a
  /// grace period or of billing retry), earliest first, at most `limit`.
  func dueSubscriptions(by date: Date, limit: Int) throws -> [SubscriptionState]

  /// The stored simulated clock, if one was ever set.
  func clock() throws -> SimulatedClock?

  /// Stores the simulated clock.
  func setClock(_ clock: SimulatedClock) throws
}

/// Which of a customer's records a decision needs: reading only those keeps a purchase's cost
/// flat however long the customer's history grows.
public enum RecordScope: Sendable, Equatable {
  /// None (an event only).
  case none
  /// Every record.
  case all
  /// The records of one product, and of its subscription group when it has one.
  case product(String, group: String?)
  /// One record.
  case record(UInt64)
  /// The records and the subscription of one chain (by original transaction ID).
  case chain(UInt64)
}

/// One customer's state, as read inside a ledger write.
public struct CustomerLedger: Sendable {
  /// The customer.
  public var customer: Customer
  /// Their records within the requested scope, in identifier order.
  public var records: [TransactionRecord]
  /// Their subscriptions within the requested scope (the group of a product scope).
  public var subscriptions: [SubscriptionRecord]
  /// The identifier the next new record gets (unique across customers).
  public var nextID: UInt64

  /// Creates a snapshot.
  public init(
    customer: Customer, records: [TransactionRecord], subscriptions: [SubscriptionRecord] = [],
    nextID: UInt64
  ) {
    self.customer = customer
    self.records = records
    self.subscriptions = subscriptions
    self.nextID = nextID
  }
}

/// A Family Sharing group's state, as read inside a ledger write.
public struct FamilyLedger: Sendable {
  /// The group's name.
  public var group: String
  /// Each customer read (the members, and the one asked for), with every record and
  /// subscription they have.
  public var customers: [CustomerLedger]
  /// The identifier the next new record gets.
  public var nextID: UInt64

  /// Creates a snapshot.
  public init(group: String, customers: [CustomerLedger], nextID: UInt64) {
    self.group = group
    self.customers = customers
    self.nextID = nextID
  }
}

/// What a ledger write stores: new and changed records, deletions and events.
public struct LedgerChanges: Sendable {
  /// Records to add (their `id`s come from ``CustomerLedger/nextID`` onward).
  public var inserted: [TransactionRecord] = []
  /// Records to replace, matched by `id`.
  public var updated: [TransactionRecord] = []
  /// Records to remove.
  public var deleted: [UInt64] = []
  /// Events to append.
  public var events: [StoreEvent] = []
  /// Subscriptions to insert or replace, matched by original transaction ID.
  public var subscriptions: [SubscriptionRecord] = []
  /// Customers whose Family Sharing group changed, matched by `id`.
  public var customers: [Customer] = []
  /// Products whose App Store price changed (a price increase), in milliunits by product ID:
  /// every process that opens the ledger sells them at it.
  public var prices: [String: Int64] = [:]

  /// No changes.
  public init() {}
}

extension Ledger {
  /// The payloads of the customer of ``record(id:)``'s signed transactions, every one read and
  /// `cursor` applied to them; ledgers with an index on the cursor's order read only its page.
  public func transactionPayloads(
    ofCustomerOfRecord id: UInt64, _ cursor: TransactionHistoryCursor
  ) throws -> [StoredTransactionPayload] {
    guard let customerID = try record(id: id)?.customerID else { return [] }
    return cursor.select(
      try records(customerID: customerID).compactMap {
        $0.signed.map { StoredTransactionPayload($0.payload) }
      })
  }

  /// ``record(id:)``'s payload; ledgers that can read it alone do.
  public func transactionPayload(id: UInt64) throws -> StoredTransactionPayload? {
    try record(id: id)?.signed.map { StoredTransactionPayload($0.payload) }
  }
}
