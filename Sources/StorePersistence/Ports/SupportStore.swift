import Foundation
import StoreCore

/// The support console's reads and imports over the ledger, on SQLite or PostgreSQL: find
/// customers, gather one customer's history, file imported App Store data.
public protocol SupportStore: Sendable {
  /// Customers matching `text` (customer id, name, email, app account token, transaction id
  /// or original transaction id), at most `limit`; every customer when `text` is empty.
  func search(_ text: String, limit: Int) throws -> [CustomerMatch]

  /// The customers after `customerID` in a search's list, at most `limit`, by keyset.
  func customers(after customerID: String, matching text: String, limit: Int) throws
    -> [CustomerMatch]

  /// Everything the ledger knows about `customerID`, or nil when there is no such customer.
  func history(customerID: String, balances: [String: Int], summaryOnly: Bool) throws
    -> CustomerHistory?

  /// The summary history of each of `customerIDs` that exists (as `history` reads it with
  /// `summaryOnly`), by customer ID: a page of search results.
  func summaries(customerIDs: [String]) throws -> [String: CustomerHistory]

  /// The history of `customerID` with its newest `limit` events and transactions; nil for none.
  func historyWindow(customerID: String, balances: [String: Int], limit: Int) throws
    -> CustomerHistoryWindow?

  /// Files `items` under customers and stores them, in one transaction.
  func store(_ items: [ImportedItem], source: String, at date: Date) throws -> ImportSummary
}

extension SupportDirectory: SupportStore {
  /// Each summary read on its own: in process, SQLite answers a page of them in well under a
  /// millisecond, with nothing to gain from one statement for all.
  public func summaries(customerIDs: [String]) throws -> [String: CustomerHistory] {
    var histories: [String: CustomerHistory] = [:]
    for id in customerIDs {
      histories[id] = try history(customerID: id, balances: [:], summaryOnly: true)
    }
    return histories
  }
}

/// What both backends' searches share.
public enum SupportSearchWords {
  /// The words of `text` a name-or-email search requires, each as a prefix.
  ///
  /// Split on anything but letters and digits, the way both indexes split names and emails;
  /// empty when there are none. Case is left to the index, which folds the query as it folded
  /// the names.
  public static func words(_ text: String) -> [String] {
    text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
  }
}
