import StoreCore

extension AppStoreServerAPI {
  /// `GET /inApps/v2/history/{transactionId}`: every transaction of the customer, all types and
  /// states, filtered, 20 a page in purchase-date order (then transaction ID).
  func transactionHistory(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let query = try TransactionHistoryQuery(request)
    let page = try historyPage(
      ofTransaction: id, order: .purchaseDate, descending: query.descending,
      after: query.revision, including: query.matches)
    return try transactionHistoryAnswer(page)
  }

  /// The answer of either version of Get Transaction History for `page`.
  func transactionHistoryAnswer(
    _ page: (items: [StoredTransactionPayload], hasMore: Bool, revision: HistoryRevision)
  ) throws -> HTTPResponse {
    try SignedItemsAnswer.response(
      [
        .value("revision", .string(page.revision.token)),
        .value("hasMore", .bool(page.hasMore)),
        .value("bundleId", .string(identity.bundleId)),
        .value("environment", .string(identity.environment.rawValue)),
        .signed("signedTransactions", page.items.map(serverJSON)),
      ], signer: signer)
  }

  /// `GET /inApps/v2/refund/lookup/{transactionId}`: the customer's refunded or revoked
  /// transactions, 20 a page in revocation-date order.
  func refundHistory(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    var revision: HistoryRevision?
    for value in request.queryValues("revision") {
      guard let parsed = HistoryRevision(token: value) else { throw APIError.invalidRevision }
      revision = parsed
    }
    let page = try historyPage(
      ofTransaction: id, order: .revocationDate, descending: false, after: revision,
      including: { _ in true })
    return try SignedItemsAnswer.response(
      [
        .signed("signedTransactions", page.items.map(serverJSON)),
        .value("revision", .string(page.revision.token)),
        .value("hasMore", .bool(page.hasMore)),
      ], signer: signer)
  }
}
