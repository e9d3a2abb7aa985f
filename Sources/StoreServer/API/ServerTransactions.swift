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

  /// The payloads of the transactions this server serves of the customer whose transaction has
  /// identifier `text`, in identifier order: what both history endpoints page through.
  ///
  /// - Throws: `invalidTransactionID` for text that is not an identifier,
  ///   `transactionNotFound` when that transaction is not one this server serves.
  func servedHistory(ofTransaction text: String) throws -> [StoredTransactionPayload] {
    let id = try Self.transactionID(text)
    // The named record's payload is read once, with the others.
    let served = try ledger.transactionPayloads(ofCustomerOfRecord: id).filter {
      isServed($0.facts)
    }
    guard served.contains(where: { $0.facts.id == id }) else {
      throw APIError.transactionNotFound
    }
    return served
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
    try signer.sign(payloadJSON: stored.serverJSON(signedDate: clock.now().epochMilliseconds))
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
