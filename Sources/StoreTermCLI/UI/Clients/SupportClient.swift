import StoreCore
import StorePersistence
import StoreTermApp

/// The support reads of the Customers screen, as the `customers` and `customer` commands make
/// them.
@MainActor
protocol SupportClient {
  /// The first page of customers matching `query`, each with their active entitlements.
  func search(_ query: String) throws -> [CustomerSummary]
  /// The next page of customers matching `query`, after `customerID`, by keyset.
  func more(_ query: String, after customerID: String) throws -> [CustomerSummary]
  /// One customer explained: access and timeline.
  func load(_ customerID: String) throws -> CustomerDetail
}

/// The support reads over one ``StoreContext`` and its app database.
///
/// They only read: what fell due was generated at the watch's last tick (or the clock's
/// advance), where time moves.
@MainActor
struct LedgerSupportClient: SupportClient {
  let context: StoreContext
  /// The app database the Customers screen reads consumable balances from.
  let appDatabase: String

  func search(_ query: String) throws -> [CustomerSummary] {
    let session = try supportSession()
    return try summaries(
      session.directory.search(query, limit: CustomersScreen.pageSize), session)
  }

  func more(_ query: String, after customerID: String) throws -> [CustomerSummary] {
    let session = try supportSession()
    return try summaries(
      session.directory.customers(
        after: customerID, matching: query, limit: CustomersScreen.pageSize), session)
  }

  func load(_ customerID: String) throws -> CustomerDetail {
    let session = try supportSession()
    let history = try session.history(customerID)
    let asOf = session.answerTime(for: history)
    return CustomerDetail(
      customerID: history.customerID, name: history.name, email: history.email,
      storefront: history.storefront, familyGroup: history.familyGroup, asOf: asOf,
      explanations: session.explain(history),
      timeline: CustomerTimeline.entries(history, names: session.names))
  }

  /// Each match with its active entitlements from a summary history.
  private func summaries(_ matches: [CustomerMatch], _ session: SupportSession) throws
    -> [CustomerSummary]
  {
    try session.explainSummaries(matches).map { match, lines in
      CustomerSummary(
        id: match.id,
        columns: SupportPresentation.searchRow(
          id: match.id, name: match.name, storefront: match.storefront,
          isImported: match.isImported, explanations: lines))
    }
  }

  private func supportSession() throws -> SupportSession {
    try SupportSession(store: context, appDatabase: appDatabase)
  }
}
