import StoreCore

extension AppStoreServerAPI {
  /// `GET /inApps/v2/history/{transactionId}`: every transaction of the customer, all types and
  /// states, filtered, 20 a page in purchase-date order (then transaction ID).
  func transactionHistory(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let query = try TransactionHistoryQuery(request)
    let matching = try servedHistory(ofTransaction: id).filter { query.matches($0.facts) }
    let page = Self.page(
      matching, after: query.revision, descending: query.descending,
      key: { $0.facts.purchaseDate })
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
    let refunded = try servedHistory(ofTransaction: id).filter { $0.facts.revocationDate != nil }
    let page = Self.page(
      refunded, after: revision, descending: false, key: { $0.facts.revocationDate ?? 0 })
    return .json(
      .object([
        JSONMember(
          "signedTransactions", .array(try page.items.map { .string(try serverJWS($0)) })),
        JSONMember("revision", .string(page.revision.token)),
        JSONMember("hasMore", .bool(page.hasMore)),
      ]))
  }

  /// One page of `items` ordered by (`key`, transaction ID), after `revision`.
  static func page(
    _ items: [StoredTransactionPayload], after revision: HistoryRevision?, descending: Bool,
    key: (StoredTransactionPayload) -> Int64
  ) -> (items: [StoredTransactionPayload], hasMore: Bool, revision: HistoryRevision) {
    var ordered = items.sorted { (key($0), $0.facts.id) < (key($1), $1.facts.id) }
    if descending { ordered.reverse() }
    let remaining =
      revision.map { position in
        ordered.filter {
          position.precedes(date: key($0), id: $0.facts.id, descending: descending)
        }
      } ?? ordered
    let items = Array(remaining.prefix(pageSize))
    // With nothing sent, the position stays where it was (or before everything).
    let last = items.last.map { HistoryRevision(date: key($0), transactionID: $0.facts.id) }
    let position =
      last ?? revision
      ?? HistoryRevision(date: descending ? .max : .min, transactionID: descending ? .max : 0)
    return (items, remaining.count > items.count, position)
  }
}
