import StoreCore
import StorePersistence
import StoreTermApp

/// The runner's support reads (the Customers screen) and Family Sharing changes, as the
/// `customers`, `customer` and `family` commands make them.
extension StoreEffectRunner {
  /// The Customers screen's search, as `storeterm customers --find` runs it: each match with
  /// its active entitlements from a summary history.
  func searchCustomers(_ query: String) -> SupportAction {
    do {
      let session = try supportSession()
      return .found(
        query: query,
        try summaries(session.directory.search(query, limit: CustomersScreen.pageSize), session))
    } catch {
      return .failed("Search failed: \(error)")
    }
  }

  /// The next page of the Customers screen's list, after `customerID`, by keyset.
  func moreCustomers(_ query: String, after customerID: String) -> SupportAction {
    do {
      let session = try supportSession()
      let matches = try session.directory.customers(
        after: customerID, matching: query, limit: CustomersScreen.pageSize)
      return .foundMore(
        query: query, after: customerID, try summaries(matches, session))
    } catch {
      return .failed("Search failed: \(error)")
    }
  }

  /// Each match with its active entitlements from a summary history.
  private func summaries(_ matches: [CustomerMatch], _ session: SupportSession) throws
    -> [CustomerSummary]
  {
    try matches.map { match in
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

  /// One customer explained, as `storeterm customer ID` does.
  func loadCustomer(_ customerID: String) -> SupportAction {
    do {
      let session = try supportSession()
      let history = try session.history(customerID)
      let asOf = session.answerTime(for: history)
      return .loaded(
        CustomerDetail(
          customerID: history.customerID, name: history.name, email: history.email,
          storefront: history.storefront, familyGroup: history.familyGroup, asOf: asOf,
          explanations: AccessExplainer.explain(history, names: session.names, now: asOf),
          timeline: CustomerTimeline.entries(history, names: session.names)))
    } catch {
      return .failed("\(error)")
    }
  }

  /// The support reads over this App Store.
  ///
  /// They only read: what fell due was generated at the watch's last tick (or the clock's
  /// advance), where time moves.
  func supportSession() throws -> SupportSession {
    SupportSession(store: context, appDatabase: appDatabase)
  }

  /// Puts the signed-in customer in `group`, as `storeterm family join GROUP` does; the shared
  /// transactions reach the store manager as unfinished ones, as on another device.
  func joinFamily(_ group: String) -> FamilyAction {
    do {
      let received = try context.engine.joinFamily(group, customerID: context.customerID)
      let count =
        received.count == 1 ? "1 shared transaction" : "\(received.count) shared transactions"
      return .finished(message: "Joined family group \(group); received \(count).", isError: false)
    } catch {
      return .finished(message: FamilySheet.refusal("\(error)"), isError: true)
    }
  }

  /// Takes the signed-in customer out of their family, as `storeterm family leave` does.
  func leaveFamily() -> FamilyAction {
    do {
      let group = try context.engine.leaveFamily(customerID: context.customerID)
      return .finished(
        message: "Left family group \(group); shared access was revoked.", isError: false)
    } catch {
      return .finished(message: FamilySheet.refusal("\(error)"), isError: true)
    }
  }
}
