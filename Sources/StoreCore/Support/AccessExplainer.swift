import Foundation

/// Answers "what can this customer use, and why": one ``AccessExplanation`` for every product
/// and subscription group the customer ever touched.
///
/// Pure: the caller passes the history, the names and the time; the same input always gives
/// the same lines, so support answers and tests never depend on the machine.
public enum AccessExplainer {
  /// The lines for `history` at `now`: each subscription group followed by its products, then
  /// the other products by name, then unverified imports.
  public static func explain(
    _ history: CustomerHistory, names: ProductNames = ProductNames(), now: Date
  ) -> [AccessExplanation] {
    var lines: [AccessExplanation] = []
    let chains = SubscriptionChain.chains(of: history)
    let expiredDates = expiryEventDates(history)
    let groups = Dictionary(grouping: chains, by: \.groupID)
    for groupID in groups.keys.sorted(by: { names.group($0) < names.group($1) }) {
      let groupChains = groups[groupID, default: []]
      let explained = groupChains.map { chain in
        (
          chain,
          describe(
            chain, names: names, now: now, expiredOn: expiredDates[chain.originalID],
            history: history)
        )
      }
      // The group answers with its best chain: one that grants access, else the latest.
      let best =
        explained.first(where: { $0.1.hasAccess })
        ?? explained.max(by: { SubscriptionChain.older($0.0.latest, $1.0.latest) })
      if let (chain, line) = best {
        let phrase =
          line.hasAccess
          ? SupportPhrase(
            "via %1$@: %2$@", .data(names.product(chain.latest.productId)), .phrase(line.phrase))
          : line.phrase
        lines.append(
          AccessExplanation(
            subject: .group(groupID), name: names.group(groupID), hasAccess: line.hasAccess,
            reason: line.reason, phrase: phrase, transactionID: chain.latest.transactionId))
      }
      lines += productLines(explained, names: names)
    }
    lines += otherProducts(history, names: names)
    lines += history.unverified.map { item in
      AccessExplanation(
        subject: .product(item.productID ?? "unknown"),
        name: item.productID.map(names.product) ?? "unknown product", hasAccess: false,
        reason: .unverified,
        phrase: SupportPhrase("unverified (%@), not counted", .data(item.reason)),
        transactionID: item.transactionID)
    }
    return lines
  }

  /// The sentence and code for one subscription chain's current product.
  static func describe(
    _ chain: SubscriptionChain, names: ProductNames, now: Date, expiredOn: Date?,
    history: CustomerHistory
  ) -> AccessExplanation {
    let latest = chain.latest
    let product = latest.productId
    func line(_ access: Bool, _ reason: AccessReason, _ phrase: SupportPhrase)
      -> AccessExplanation
    {
      var reason = reason
      var phrase = phrase
      if access, latest.inAppOwnershipType == .familyShared {
        reason = .familyShared
        phrase = SupportPhrase(
          "%1$@, %2$@", .phrase(history.sharedPhrase(transactionID: latest.transactionId)),
          .phrase(phrase))
      }
      return AccessExplanation(
        subject: .product(product), name: names.product(product), hasAccess: access,
        reason: reason, phrase: phrase, transactionID: latest.transactionId)
    }
    let end = SupportPhrase.Argument.day(chain.expiresDate)
    switch chain.renewalState(at: now) {
    case .revoked:
      return line(false, .refunded, refundPhrase(latest))
    case .subscribed:
      guard let renews = chain.willAutoRenew else {
        return line(true, .active, SupportPhrase("active until %@ (renewal status unknown)", end))
      }
      guard renews else {
        return line(true, .cancelled, SupportPhrase("cancelled, access until %@", end))
      }
      guard chain.autoRenewProductID == product else {
        let next = SupportPhrase.Argument.data(names.product(chain.autoRenewProductID))
        return line(true, .active, SupportPhrase("active, renews %1$@ as %2$@", end, next))
      }
      return line(true, .active, SupportPhrase("active, renews %@", end))
    case .inGracePeriod:
      let grace = chain.graceEnds.map(SupportPhrase.Argument.day) ?? end
      return line(
        true, .gracePeriod, SupportPhrase("grace period until %@, payment failing", grace))
    case .inBillingRetryPeriod:
      let since = SupportPhrase.Argument.day(chain.billingRetrySince ?? chain.expiresDate)
      return line(false, .billingRetry, SupportPhrase("billing retry since %@, no access", since))
    case .expired:
      let day = SupportPhrase.Argument.day(expiredOn ?? chain.expiresDate)
      guard let reason = chain.expirationReason else {
        return line(false, .expired, SupportPhrase("expired %@", day))
      }
      return line(
        false, .expired, SupportPhrase("expired %1$@: %2$@", day, .phrase(phrase(reason))))
    }
  }

  /// Lines for every product of a group's chains: the current product's state, and for products
  /// the customer left, where they went.
  private static func productLines(
    _ explained: [(SubscriptionChain, AccessExplanation)], names: ProductNames
  ) -> [AccessExplanation] {
    var lines: [AccessExplanation] = []
    var seen: Set<String> = []
    for (chain, current) in explained {
      if seen.insert(chain.latest.productId).inserted { lines.append(current) }
      let moved = chain.latest.productId
      for transaction in chain.transactions.reversed()
      where seen.insert(transaction.productId).inserted {
        let target = SupportPhrase.Argument.data(names.product(moved))
        let (reason, phrase) =
          transaction.isUpgraded == true
          ? (AccessReason.upgraded, SupportPhrase("upgraded to %@", target))
          : (.changedPlan, SupportPhrase("changed to %@ at renewal", target))
        lines.append(
          AccessExplanation(
            subject: .product(transaction.productId), name: names.product(transaction.productId),
            hasAccess: false, reason: reason, phrase: phrase,
            transactionID: transaction.transactionId))
      }
    }
    return lines
  }

  /// Consumables, non-consumables, non-renewing subscriptions and open requests, by name.
  private static func otherProducts(_ history: CustomerHistory, names: ProductNames)
    -> [AccessExplanation]
  {
    let owned = history.transactions.filter { $0.type != .autoRenewableSubscription }
    let byProduct = Dictionary(grouping: owned, by: \.productId)
    let subscribed = Set(
      history.transactions.filter { $0.type == .autoRenewableSubscription }.map(\.productId))
    var products = Set(byProduct.keys)
    for request in history.requests where !subscribed.contains(request.productID) {
      products.insert(request.productID)
    }
    for product in history.balances.keys where (history.balances[product] ?? 0) > 0 {
      products.insert(product)
    }
    return products.sorted { (names.product($0), $0) < (names.product($1), $1) }.compactMap {
      product in
      let transactions = byProduct[product, default: []].sorted(by: SubscriptionChain.older)
      let requests = history.requests.filter { $0.productID == product }
      return line(
        product: product, transactions: transactions, requests: requests,
        balance: history.balances[product], names: names, declinedOn: declinedDates(history),
        history: history)
    }
  }

  private static func line(
    product: String, transactions: [JWSTransactionDecodedPayload], requests: [PendingRequest],
    balance: Int?, names: ProductNames, declinedOn: [UInt64: Date], history: CustomerHistory
  ) -> AccessExplanation? {
    let name = names.product(product)
    func make(_ access: Bool, _ reason: AccessReason, _ phrase: SupportPhrase, _ id: String?)
      -> AccessExplanation
    {
      AccessExplanation(
        subject: .product(product), name: name, hasAccess: access, reason: reason,
        phrase: phrase, transactionID: id)
    }
    let open = requests.filter { $0.state != .declined }.max(by: { $0.since < $1.since })
    if transactions.first?.type == .consumable || (transactions.isEmpty && balance != nil) {
      let bought = transactions.filter { $0.revocationDate == nil }
      var phrase =
        balance.map { SupportPhrase("balance %@", .data("\($0)")) }
        ?? SupportPhrase("balance unknown")
      if let last = bought.last {
        let day = SupportPhrase.Argument.day(Date(epochMilliseconds: last.purchaseDate))
        phrase =
          bought.count == 1
          ? SupportPhrase("%1$@, bought once, last %2$@", .phrase(phrase), day)
          : SupportPhrase(
            "%1$@, bought %2$@ times, last %3$@", .phrase(phrase), .data("\(bought.count)"), day)
      }
      return make((balance ?? 0) > 0, .consumable, phrase, bought.last?.transactionId)
    }
    if let kept = transactions.last(where: { $0.revocationDate == nil }) {
      let day = SupportPhrase.Argument.day(Date(epochMilliseconds: kept.purchaseDate))
      if kept.inAppOwnershipType == .familyShared {
        let shared = history.sharedPhrase(transactionID: kept.transactionId)
        return make(
          true, .familyShared, SupportPhrase("%1$@ since %2$@", .phrase(shared), day),
          kept.transactionId)
      }
      return make(true, .owned, SupportPhrase("purchased %@", day), kept.transactionId)
    }
    if let open {
      let day = SupportPhrase.Argument.day(open.since)
      return open.state == .interrupted
        ? make(
          false, .interrupted,
          SupportPhrase("purchase interrupted since %@, waiting for the customer", day), nil)
        : make(false, .pendingAskToBuy, SupportPhrase("pending Ask to Buy since %@", day), nil)
    }
    if let revoked = transactions.last {
      return make(false, .refunded, refundPhrase(revoked), revoked.transactionId)
    }
    if let declined = requests.max(by: { $0.since < $1.since }) {
      let day = SupportPhrase.Argument.day(declinedOn[declined.id] ?? declined.since)
      return make(false, .declined, SupportPhrase("Ask to Buy declined %@", day), nil)
    }
    return nil
  }

  /// `refunded 10 Nov 2026 (developer issue)`.
  static func refundPhrase(_ transaction: JWSTransactionDecodedPayload) -> SupportPhrase {
    let day =
      transaction.revocationDate.map { SupportPhrase.Argument.day(Date(epochMilliseconds: $0)) }
      ?? .phrase(SupportPhrase("on an unknown date"))
    switch transaction.revocationReason {
    case .refundedDueToIssue: return SupportPhrase("refunded %@ (developer issue)", day)
    case .refundedForOtherReason: return SupportPhrase("refunded %@ (other reason)", day)
    case nil: return SupportPhrase("refunded %@", day)
    }
  }

  /// Why a subscription expired, as a phrase: `billing error`.
  public static func phrase(_ reason: ExpirationIntent) -> SupportPhrase {
    switch reason {
    case .customerCancelled: SupportPhrase("cancelled by the customer")
    case .billingError: SupportPhrase("billing error")
    case .customerDidNotConsentToPriceIncrease: SupportPhrase("price increase declined")
    case .productNotAvailable: SupportPhrase("product no longer available")
    case .other: SupportPhrase("other reason")
    }
  }

  /// The date each declined request was declined, by request ID.
  private static func declinedDates(_ history: CustomerHistory) -> [UInt64: Date] {
    var dates: [UInt64: Date] = [:]
    for case .ledger(let event) in history.events where event.kind == .declined {
      if let id = event.transactionID { dates[id] = event.date }
    }
    return dates
  }

  /// The date each chain's `expired` event was recorded, by original transaction ID.
  private static func expiryEventDates(_ history: CustomerHistory) -> [String: Date] {
    var dates: [String: Date] = [:]
    for case .ledger(let event) in history.events where event.kind == .expired {
      if let id = event.transactionID { dates[String(id)] = event.date }
    }
    return dates
  }
}
