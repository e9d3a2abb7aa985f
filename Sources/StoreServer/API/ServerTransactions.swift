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

  /// The transactions this server serves of the customer whose transaction has identifier
  /// `text`, in identifier order: what both history endpoints page through.
  ///
  /// - Throws: `invalidTransactionID` for text that is not an identifier,
  ///   `transactionNotFound` when that transaction is not one this server serves.
  func servedHistory(ofTransaction text: String) throws -> [SignedTransaction] {
    let id = try Self.transactionID(text)
    // The named record's payload is decoded once, with the others.
    let served = try ledger.signedTransactions(ofCustomerOfRecord: id).filter(isServed)
    guard served.contains(where: { $0.id == id }) else { throw APIError.transactionNotFound }
    return served
  }

  /// The identifier written as `text`, or `invalidTransactionID`.
  static func transactionID(_ text: String) throws(APIError) -> UInt64 {
    guard let id = UInt64(text), id > 0, text.allSatisfy(\.isASCII) else {
      throw .invalidTransactionID
    }
    return id
  }

  /// Whether `signed` belongs to this server's bundle and environment.
  func isServed(_ signed: SignedTransaction) -> Bool {
    signed.payload.bundleId == identity.bundleId
      && signed.payload.environment == identity.environment
  }

  /// `signed` as the App Store Server API returns it: signed now, without the device
  /// verification fields only StoreKit on a device gets.
  func serverJWS(_ signed: SignedTransaction) throws -> String {
    var payload = signed.payload
    payload.signedDate = clock.now().epochMilliseconds
    payload.deviceVerification = nil
    payload.deviceVerificationNonce = nil
    return try signer.sign(payload)
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
