import StoreCore

extension AppStoreServerAPI {
  /// `GET /inApps/v1/history/{transactionId}` (deprecated, still in every Apple library): as
  /// version 2, without the consumables the app finished (unless refunded or revoked), the
  /// transactions `Transaction.all` leaves out too.
  ///
  /// Read by keyset as version 2 is; whether a transaction is listed is `Transaction.all`'s
  /// rule (`TransactionRules.isListedInAll`), decided on its record, which is read for the
  /// transactions the query keeps.
  func transactionHistoryV1(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let query = try TransactionHistoryQuery(request)
    let page = try historyPage(
      ofTransaction: id, order: .purchaseDate, descending: query.descending,
      after: query.revision
    ) { facts in
      guard query.matches(facts), let record = try ledger.record(id: facts.id) else {
        return false
      }
      return TransactionRules.isListedInAll(record)
    }
    return try transactionHistoryAnswer(page)
  }

  /// `POST /inApps/v1/transactions/{transactionId}/finish`: finishes the transaction through
  /// the engine exactly as the app's `transaction.finish()` does, so `Transaction.unfinished`
  /// and the updates listener stop delivering it; 200 with no body, again on a repeat.
  ///
  /// A transaction the engine cannot finish (refunded or revoked before the app finished it)
  /// is left as it is and answered 200: there is nothing left for the app to deliver.
  func finishTransaction(_ id: String) throws -> HTTPResponse {
    let found = try transaction(id)
    do {
      try engine.finish(found.record.id)
    } catch StoreEngineError.wrongState {
      // Refunded or revoked first: nothing is left to finish.
    }
    return .empty(status: 200)
  }
}
