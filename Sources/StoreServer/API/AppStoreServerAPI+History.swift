import StoreCore

extension AppStoreServerAPI {
  /// `GET /inApps/v2/history/{transactionId}`: every transaction of the customer, all types and
  /// states, filtered, 20 a page in purchase-date order (then transaction ID).
  func transactionHistory(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let query = try TransactionHistoryQuery(request)
    let page = try historyPage(
      ofTransaction: id, order: .purchaseDate, descending: query.descending,
      after: query.revision, including: query.matches)
    return .json(
      .object([
        JSONMember("revision", .string(page.revision.token)),
        JSONMember("hasMore", .bool(page.hasMore)),
        JSONMember("bundleId", .string(identity.bundleId)),
        JSONMember("environment", .string(identity.environment.rawValue)),
        JSONMember(
          "signedTransactions", .array(try page.items.map { .string(try serverJWS($0)) })),
      ]))
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
    return .json(
      .object([
        JSONMember(
          "signedTransactions", .array(try page.items.map { .string(try serverJWS($0)) })),
        JSONMember("revision", .string(page.revision.token)),
        JSONMember("hasMore", .bool(page.hasMore)),
      ]))
  }

  /// One page of `items` ordered by (`key`, transaction ID), after `revision` (version 1 of
  /// Get Transaction History, which reads the customer's records whole).
  static func page(
    _ items: [StoredTransactionPayload], after revision: HistoryRevision?, descending: Bool,
    key: (TransactionHistoryFacts) -> Int64
  ) -> (items: [StoredTransactionPayload], hasMore: Bool, revision: HistoryRevision) {
    // Positions are ordered, not the payloads: only the page's own are copied.
    var order = items.indices.map { index in
      (key: key(items[index].facts), id: items[index].facts.id, index: index)
    }
    order.sort { ($0.key, $0.id) < ($1.key, $1.id) }
    if descending { order.reverse() }
    if let revision {
      order.removeAll { !revision.precedes(date: $0.key, id: $0.id, descending: descending) }
    }
    let chosen = order.prefix(pageSize)
    // With nothing sent, the position stays where it was (or before everything).
    let last = chosen.last.map { HistoryRevision(date: $0.key, transactionID: $0.id) }
    let position =
      last ?? revision
      ?? HistoryRevision(date: descending ? .max : .min, transactionID: descending ? .max : 0)
    return (chosen.map { items[$0.index] }, order.count > chosen.count, position)
  }
}
