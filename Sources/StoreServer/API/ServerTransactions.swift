import Foundation
import StoreCore

extension AppStoreServerAPI {
  /// The signed record with identifier `text`, if it is a transaction of this bundle and
  /// environment.
  ///
  /// - Throws: `invalidTransactionID` for text that is not an identifier, `notFound` (given)
  ///   for anything else.
  func transaction(_ text: String, notFound: APIError = .transactionNotFound) throws
    -> (record: TransactionRecord, signed: SignedTransaction)
  {
    let id = try Self.transactionID(text)
    guard let record = try ledger.record(id: id), let signed = record.signed, isServed(signed)
    else { throw notFound }
    return (record, signed)
  }

  /// One page of the transactions this server serves of the customer whose transaction has
  /// identifier `text`, those `including` keeps, in `order` (then transaction ID) from after
  /// `revision`: what both history endpoints send.
  ///
  /// The ledger is read a page's worth at a time from an index on the order, more at a time
  /// while filters leave pages short, so a page costs what it sends, not the customer's whole
  /// history.
  ///
  /// - Throws: `invalidTransactionID` for text that is not an identifier,
  ///   `transactionNotFound` when that transaction is not one this server serves.
  func historyPage(
    ofTransaction text: String, order: TransactionHistoryCursor.Order, descending: Bool,
    after revision: HistoryRevision?, including: (TransactionHistoryFacts) throws -> Bool
  ) throws -> (items: [StoredTransactionPayload], hasMore: Bool, revision: HistoryRevision) {
    let id = try Self.transactionID(text)
    // Whether the named transaction is one this server serves: found among the rows read when
    // it is one of them (a short history is read whole), else read alone.
    var namedIsServed: Bool?
    var cursor = TransactionHistoryCursor(
      order: order, descending: descending,
      after: revision?.position,
      limit: Self.pageSize + 1)
    var items: [StoredTransactionPayload] = []
    var hasMore = false
    reading: while true {
      let batch = try ledger.transactionPayloads(ofCustomerOfRecord: id, cursor)
      // By index: the rows are read in place and only a page's are copied (iterating copied
      // each one, three strings and its bytes retained and released again).
      for index in batch.indices {
        if batch[index].facts.id == id { namedIsServed = isServed(batch[index].facts) }
        guard let position = cursor.position(of: batch[index].facts) else { continue }
        cursor.after = position
        guard isServed(batch[index].facts), try including(batch[index].facts) else { continue }
        guard items.count < Self.pageSize else {
          hasMore = true
          break reading
        }
        items.append(batch[index])
      }
      if batch.count < cursor.limit { break }
      cursor.limit = min(cursor.limit * 2, 1_024)
    }
    let served = try namedIsServed ?? ledger.transactionPayload(id: id).map { isServed($0.facts) }
    guard served == true else { throw APIError.transactionNotFound }
    let last = items.last.flatMap { cursor.position(of: $0.facts) }
    return (
      items, hasMore, HistoryRevision(after: last, resuming: revision, descending: descending)
    )
  }

  /// The identifier written as `text`, or `invalidTransactionID`.
  static func transactionID(_ text: String) throws(APIError) -> UInt64 {
    guard let id = UInt64(text), id > 0, text.allSatisfy(\.isASCII) else {
      throw .invalidTransactionID
    }
    return id
  }

  /// Whether the transaction belongs to this server's bundle and environment.
  func isServed(_ facts: TransactionHistoryFacts) -> Bool {
    facts.bundleId == identity.bundleId && facts.environment == identity.environment
  }

  /// Whether `signed` belongs to this server's bundle and environment.
  func isServed(_ signed: SignedTransaction) -> Bool {
    isServed(TransactionHistoryFacts(signed.payload))
  }

  /// `signed` as the App Store Server API returns it: signed now, without the device
  /// verification fields only StoreKit on a device gets.
  func serverJWS(_ signed: SignedTransaction) throws -> String {
    try serverJWS(StoredTransactionPayload(signed.payload))
  }

  /// The stored payload as the App Store Server API returns it.
  func serverJWS(_ stored: StoredTransactionPayload) throws -> String {
    try signer.sign(payloadJSON: serverJSON(stored))
  }

  /// The JSON text the App Store Server API signs for the stored payload now.
  func serverJSON(_ stored: StoredTransactionPayload) -> [UInt8] {
    stored.serverJSON(signedDate: clock.now().epochMilliseconds)
  }

  /// `GET /inApps/v1/transactions/{transactionId}`.
  func transactionInfo(_ id: String) throws -> HTTPResponse {
    let found = try transaction(id)
    return .json(
      .object([JSONMember("signedTransactionInfo", .string(try serverJWS(found.signed)))]))
  }

  /// `GET /inApps/v1/lookup/{orderId}`: status 0 with the order's transactions, or status 1.
  func orderLookup(_ orderID: String) throws -> HTTPResponse {
    let ids = try directory.transactionIDs(orderID: orderID)
    let signed = try ids.compactMap { try ledger.record(id: $0)?.signed }.filter(isServed)
    guard !signed.isEmpty else {
      return .json(
        .object([JSONMember("status", .integer(1)), JSONMember("signedTransactions", .array([]))]))
    }
    return .json(
      .object([
        JSONMember("status", .integer(0)),
        JSONMember("signedTransactions", .array(try signed.map { .string(try serverJWS($0)) })),
      ]))
  }

  /// `GET /inApps/v1/transactions/appTransactions/{transactionId}`.
  func appTransactionInfo(_ id: String) throws -> HTTPResponse {
    let found = try transaction(id, notFound: .appTransactionNotFound)
    let signed = try engine.appTransaction(customerID: found.record.customerID)
    return .json(.object([JSONMember("signedAppTransactionInfo", .string(signed.jws))]))
  }
}
