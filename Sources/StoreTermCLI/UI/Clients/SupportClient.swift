import StoreCore
import StoreTermApp

/// The support reads of the Customers screen, as the `customers` and `customer` commands make
/// them.
@MainActor
protocol SupportClient {
  /// The customers matching `query`, each with their active entitlements.
  func search(_ query: String) throws -> [CustomerSummary]
  /// One customer explained: access and timeline.
  func load(_ customerID: String) throws -> CustomerDetail
}

/// The support reads over one ``StoreContext`` and its app database.
@MainActor
struct LedgerSupportClient: SupportClient {
  let context: StoreContext
  /// The app database the Customers screen reads consumable balances from.
  let appDatabase: String
  /// Generates what fell due first, so no subscription reads as lapsed only because its
  /// renewal was not recorded yet.
  let catchUp: () throws -> Int

  func search(_ query: String) throws -> [CustomerSummary] {
    let session = try supportSession()
    return try session.directory.search(query).map { match in
      let history = try session.history(match.id, summary: true)
      let lines = AccessExplainer.explain(
        history, names: session.names, now: session.answerTime(for: history))
      return CustomerSummary(
        id: match.id,
        columns: SupportPresentation.searchRow(
          id: match.id, name: match.name, storefront: match.storefront,
          isImported: match.isImported, explanations: lines))
    }
  }

  func load(_ customerID: String) throws -> CustomerDetail {
    let session = try supportSession()
    let history = try session.history(customerID)
    let asOf = session.answerTime(for: history)
    return CustomerDetail(
      customerID: history.customerID, name: history.name, email: history.email,
      storefront: history.storefront, familyGroup: history.familyGroup, asOf: asOf,
      explanations: AccessExplainer.explain(history, names: session.names, now: asOf),
      timeline: CustomerTimeline.entries(history, names: session.names))
  }

  private func supportSession() throws -> SupportSession {
    _ = try catchUp()
    return SupportSession(store: context, appDatabase: appDatabase)
  }
}
