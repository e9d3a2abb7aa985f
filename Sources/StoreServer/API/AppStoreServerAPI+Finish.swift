import StoreCore

extension AppStoreServerAPI {
  /// `GET /inApps/v1/history/{transactionId}` (deprecated, still in every Apple library): as
  /// version 2, without the consumables the app finished (unless refunded or revoked), the
  /// transactions `Transaction.all` leaves out too.
  func transactionHistoryV1(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let query = try TransactionHistoryQuery(request)
    let found = try transaction(id)
    let listed = try ledger.records(customerID: found.record.customerID)
      .filter { TransactionRules.isListedInAll($0) }
      .compactMap { $0.signed.map { StoredTransactionPayload($0.payload) } }
      .filter { isServed($0.facts) && query.matches($0.facts) }
    // Version 2's order, read from the records in memory (a page and one more, to tell
    // whether more follow).
    let cursor = TransactionHistoryCursor(
      order: .purchaseDate, descending: query.descending, after: query.revision?.position,
      limit: Self.pageSize + 1)
    let selected = cursor.select(listed)
    let items = selected.prefix(Self.pageSize)
    let revision = HistoryRevision(
      after: items.last.flatMap { cursor.position(of: $0.facts) }, resuming: query.revision,
      descending: query.descending)
    return .json(
      .object([
        JSONMember("revision", .string(revision.token)),
        JSONMember("hasMore", .bool(selected.count > items.count)),
        JSONMember("bundleId", .string(identity.bundleId)),
        JSONMember("environment", .string(identity.environment.rawValue)),
        JSONMember(
          "signedTransactions", .array(try items.map { .string(try serverJWS($0)) })),
      ]))
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
