import Foundation

extension StoreEngine {
  /// Gives the customer the subscriptions bundle transaction `bundle` includes: one transaction
  /// per bundled subscription for the bundle's period (``TransactionFactory/bundled(member:id:bundle:previous:replacedOriginalID:customer:date:nonce:)``),
  /// each delivered through ``updates(customerID:)``.
  ///
  /// On the bundle's first period, a standalone subscription the customer has in a bundled
  /// subscription's group is revoked with `upgradedToBundle` (Apple: "The transaction was
  /// revoked because the customer switched to a subscription bundle") as a prorated refund of
  /// its unused time, and the bundled
  /// subscription's first transaction records it as `previousOriginalTransactionId`. Issuing
  /// twice for one bundle transaction adds nothing.
  ///
  /// - Returns: the transactions issued; none for a product that is not a bundle.
  @discardableResult
  public func issueBundledSubscriptions(for bundle: SignedTransaction, customerID: String)
    throws -> [SignedTransaction]
  {
    let members = catalog.bundledProducts(of: bundle.payload.productId)
    guard !members.isEmpty, bundle.payload.inAppOwnershipType == .purchased, !bundle.isRevoked
    else { return [] }
    let now = clock.now()
    let customer = try customer(customerID)
    let (issued, replaced) = try ledger.change(customerID: customerID, scope: .all) { state in
      var changes = LedgerChanges()
      var issued: [SignedTransaction] = []
      var replaced: [UInt64] = []
      let signed = state.records.compactMap(\.signed?.payload)
      for member in members {
        guard let group = member.subscription?.subscriptionGroupID else { continue }
        let earlier = signed.filter {
          $0.productId == member.id
            && $0.bundleOriginalTransactionId == bundle.payload.originalTransactionId
        }
        if earlier.contains(where: { $0.bundleTransactionId == bundle.payload.transactionId }) {
          continue
        }
        let previous = earlier.max(by: SubscriptionChain.older)
        var replacedOriginal: String?
        if previous == nil,
          let standalone = state.subscriptions.first(where: {
            $0.state.groupID == group && !$0.state.isRevoked && $0.state.expiresDate > now
          })
        {
          replacedOriginal = String(standalone.state.originalID)
          if let latest = state.records.last(where: {
            $0.sharedFromID == nil && $0.signed?.payload.originalTransactionId == replacedOriginal
          }) {
            replaced.append(latest.id)
          }
        }
        let id = state.nextID + UInt64(issued.count)
        let transaction = try sign(
          factory.bundled(
            member: member, id: id, bundle: bundle.payload, previous: previous,
            replacedOriginalID: replacedOriginal, customer: customer, date: now,
            nonce: ids.makeUUID()))
        changes.inserted.append(
          TransactionRecord(
            id: id, customerID: customerID, productID: member.id, state: .purchased,
            request: PurchaseRequest(appAccountToken: bundle.payload.appAccountToken),
            signed: transaction, createdDate: now))
        changes.events.append(
          StoreEvent(
            date: now, customerID: customerID, kind: previous == nil ? .purchased : .renewed,
            transactionID: id, productID: member.id, detail: ""))
        issued.append(transaction)
      }
      return (changes, (issued, replaced))
    }
    // The unused part of the replaced subscription's period goes back, as for an upgrade within
    // a group (Apple does not say how much an upgrade to a bundle refunds).
    for id in replaced {
      _ = try revoke(
        id, reason: .upgradedToBundle, kind: .revoked, control: .revoke, type: .refundProrated,
        percentage: try defaultProratedPercentage(id))
    }
    for transaction in issued { listeners.broadcast(transaction, customerID: customerID) }
    return issued
  }
}

extension StoreEngine {
  /// The status of each bundled subscription among `signed` (the customer's transactions, oldest
  /// first), optionally of one group: its latest transaction, standing as its bundle's chain in
  /// `bundles` stands (the bundle renews, retries billing and expires for it), with renewal
  /// info that names the bundle (`bundleProductId`, `bundleSubscriptionGroupIdentifier`).
  func bundledStatuses(
    _ signed: [SignedTransaction], bundles: [SubscriptionState], groupID: String?,
    customerID: String, at now: Date
  ) throws -> [SignedSubscriptionStatus] {
    var latest: [String: SignedTransaction] = [:]
    var order: [String] = []
    for transaction in signed where transaction.payload.bundleOriginalTransactionId != nil {
      let original = transaction.payload.originalTransactionId
      if latest.updateValue(transaction, forKey: original) == nil { order.append(original) }
    }
    var account: Customer?
    return try order.compactMap { original -> SignedSubscriptionStatus? in
      guard let transaction = latest[original],
        let bundle = bundles.first(where: {
          String($0.originalID) == transaction.payload.bundleOriginalTransactionId
        }),
        let group = transaction.payload.subscriptionGroupIdentifier,
        groupID == nil || group == groupID, let originalID = UInt64(original)
      else { return nil }
      var state = bundle
      state.originalID = originalID
      state.groupID = group
      state.productID = transaction.payload.productId
      state.autoRenewProductID = transaction.payload.productId
      state.originalPurchaseDate = Date(epochMilliseconds: transaction.payload.originalPurchaseDate)
      state.renewalPrice = 0
      state.offer = nil
      state.priceIncrease = nil
      state.commitment = nil
      state.hasBillingPlans = false
      state.nextBillingPlan = nil
      state.isRevoked = bundle.isRevoked || transaction.isRevoked
      // The bundle's latest transaction did not renew it (the customer moved to a bundle without
      // it): it left the bundle, and ends with its own period.
      let bundleLatest = signed.last {
        $0.payload.originalTransactionId == String(bundle.originalID)
      }
      let left =
        bundleLatest.map {
          !Standing.isStillBundled(
            transaction.payload, bundleLatestTransactionID: $0.payload.transactionId)
        } ?? false
      if left {
        state.expiresDate = Date(
          epochMilliseconds: transaction.payload.expiresDate ?? transaction.payload.purchaseDate)
        state.willAutoRenew = false
        state.billingIssue = nil
        state.isRevoked = transaction.isRevoked
        state.expirationReason = state.expiresDate <= now ? .unbundled : nil
        state.plannedExpirationReason = .unbundled
      }
      let customer = try account ?? self.customer(customerID)
      account = customer
      var payload = factory.renewalInfo(
        state, at: now, eligibleWinBackOfferIDs: [], customer: customer, nonce: ids.makeUUID())
      if !left {
        payload.bundleProductId = bundle.productID
        payload.bundleSubscriptionGroupIdentifier = bundle.groupID
      }
      return SignedSubscriptionStatus(
        state: state.renewalState(at: now),
        renewalInfo: SignedRenewalInfo(jws: try signer.sign(payload), payload: payload),
        transaction: transaction, subscription: state)
    }
  }
}
