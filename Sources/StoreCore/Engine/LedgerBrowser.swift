import Foundation

/// The App Store's ledger as the screens browse it: read-only, by keyset pages and keyed lookups,
/// so what a screen costs is what it shows (a port; SQLite implements it).
///
/// The transaction manager, the account history and the family and chain lookups beside them
/// read through it; nothing here changes the store.
public protocol LedgerBrowser: Sendable {
  /// Where the ledger's records stand, cheaply: a page read when it was the same still holds.
  func recordMark() throws -> [Int64]

  /// Up to `limit` records next to `key` in `direction`, of `customerID` when given (a nil key
  /// starts at the newest record, older, or the oldest, newer).
  func recordPage(
    customerID: String?, from key: UInt64?, direction: RecordPageDirection, limit: Int
  ) throws -> [TransactionRecord]

  /// How many records every customer holds, brought up to date from `previous`.
  func recordCount(updating previous: LedgerRecordCount?) throws -> LedgerRecordCount

  /// The customer's open purchase requests (Ask to Buy, interrupted) and Family Sharing copies,
  /// newest first: what a screen must know of wherever its history window sits.
  func requestsAndSharedCopies(customerID: String) throws -> [TransactionRecord]

  /// The record with identifier `id`, whoever it belongs to.
  func record(id: UInt64) throws -> TransactionRecord?

  /// The latest record of the customer's chain with original transaction ID `originalID`.
  func latestRecord(customerID: String, originalID: UInt64) throws -> TransactionRecord?

  /// The subscription chains with these original transaction IDs, whoever holds them.
  func subscriptions(originalIDs: Set<UInt64>) throws -> [SubscriptionState]

  /// The newest `limit` events, oldest first.
  func latestEvents(limit: Int) throws -> [StoreEvent]

  /// Events after `sequence`, oldest first, at most `limit`.
  func events(after sequence: Int64, limit: Int) throws -> [StoreEvent]

  /// The first `limit` customers in creation order.
  func customers(limit: Int) throws -> [Customer]

  /// The customer with `id`, or nil when there is none (nothing is created).
  func existingCustomer(_ id: String) throws -> Customer?

  /// The members of Family Sharing group `group`, in creation order.
  func familyMembers(_ group: String) throws -> [Customer]

  /// Each family group's member count, by name.
  func familyGroupSizes() throws -> [String: Int]

  /// The events of `kinds` of customer `customerID`'s transaction `transactionID`, oldest first
  /// (a refund request and its decisions, ``RefundCase``).
  func events(of kinds: [StoreEvent.Kind], transactionID: UInt64, customerID: String) throws
    -> [StoreEvent]

  /// The latest `limit` events of `kinds` of every customer, oldest first (a command's listing,
  /// such as every refund request).
  func events(of kinds: [StoreEvent.Kind], limit: Int) throws -> [StoreEvent]

  /// The latest Send Consumption Information body the developer sent for transaction
  /// `transactionID`, with its version (1 or 2); nil when none came.
  func latestConsumption(transactionID: UInt64) throws -> (version: Int, bodyJSON: String)?
}

/// Which way a keyset page runs from its key.
public enum RecordPageDirection: Sendable, Equatable {
  /// Older records: identifiers below the key, newest first.
  case older
  /// Newer records: identifiers above the key, oldest first (the caller reverses them).
  case newer
}

/// Where a reader of the ledger's record changes last looked.
public struct LedgerChangeCursor: Sendable, Equatable {
  /// The newest event's sequence at the last look: records updated or deleted later carry a
  /// higher stamp.
  public var stamp: Int64
  /// The highest record identifier at the last look: identifiers only grow, so records inserted
  /// later have higher ones.
  public var highestID: Int64

  /// Creates a cursor.
  public init(stamp: Int64, highestID: Int64) {
    self.stamp = stamp
    self.highestID = highestID
  }
}

/// How many records the ledger held at a cursor, from ``LedgerBrowser/recordCount(updating:)``.
public struct LedgerRecordCount: Sendable, Equatable {
  /// Where the ledger stood when counted.
  public var cursor: LedgerChangeCursor
  /// The stamp of the last clearing then.
  public var cleared: Int64
  /// How many records it held.
  public var count: Int

  /// Creates a count.
  public init(cursor: LedgerChangeCursor, cleared: Int64, count: Int) {
    self.cursor = cursor
    self.cleared = cleared
    self.count = count
  }
}
