import Foundation

/// Answers "what can this customer use, and why": one ``AccessExplanation`` for every product
/// and subscription group the customer ever touched.
///
/// Pure: the caller passes the history, the names and the time; the same input always gives
/// the same lines, so support answers and tests never depend on the machine.
public enum AccessExplainer {
  /// The lines for `history` at `now`: each subscription group followed by its products, then
  /// the other products by name, then unverified imports.
  ///
  /// Whether a line grants access is ``Access``'s answer and its reason is the deciding
  /// transaction's ``Standing``: the explainer only words them.
  ///
  /// - Parameter nonRenewingLength: how long a non-renewing subscription lasts (nil: for ever).
  public static func explain(
    _ history: CustomerHistory, names: ProductNames = ProductNames(),
    nonRenewingLength: CatalogProduct.SubscriptionPeriod? = nil, now: Date
  ) -> [AccessExplanation] {
    let chains = Dictionary(
      SubscriptionChain.chains(of: history).map { ($0.originalID, $0) },
      uniquingKeysWith: { a, _ in a })
    let facts = Access.Facts(
      transactions: history.transactions, chains: chains, nonRenewingLength: nonRenewingLength)
    let answers = Access.decide(facts, at: now)
    var lines: [AccessExplanation] = []
    let subscribed = answers.filter { $0.transaction.type == .autoRenewableSubscription }
    let groups = Dictionary(grouping: subscribed) {
      $0.transaction.subscriptionGroupIdentifier ?? ""
    }
    for groupID in groups.keys.sorted(by: { names.group($0) < names.group($1) }) {
      let products = groups[groupID, default: []].map { answer in
        (
          answer,
          describe(
            answer, chain: chains[answer.transaction.originalTransactionId], names: names,
            history: history, group: groupID)
        )
      }
      // The group answers with a product that gives access, else its latest transaction's.
      let best =
        products.first(where: { $0.0.hasAccess })
        ?? products.max(by: { SubscriptionChain.older($0.0.transaction, $1.0.transaction) })
      if let (answer, line) = best {
        let phrase =
          line.hasAccess
          ? SupportPhrase(
            "via %1$@: %2$@", .data(names.product(answer.productID)), .phrase(line.phrase))
          : line.phrase
        lines.append(
          AccessExplanation(
            subject: .group(groupID), name: names.group(groupID), hasAccess: line.hasAccess,
            reason: line.reason, phrase: phrase, transactionID: answer.transaction.transactionId))
      }
      // The product in force first, then those the customer left, newest first.
      lines += products.sorted {
        ($0.0.hasAccess ? 0 : 1, $1.0.transaction.purchaseDate)
          < ($1.0.hasAccess ? 0 : 1, $0.0.transaction.purchaseDate)
      }.map(\.1)
    }
    lines += otherProducts(history, answers: answers, names: names)
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

  /// The line of one product: the reason code and phrase of its ``Access`` answer.
  static func describe(
    _ answer: Access, chain: SubscriptionChain?, names: ProductNames, history: CustomerHistory,
    group: String? = nil
  ) -> AccessExplanation {
    let transaction = answer.transaction
    let (reason, phrase) = words(answer.standing, transaction, chain: chain, names: names)
    var line = AccessExplanation(
      subject: .product(answer.productID), name: names.product(answer.productID),
      hasAccess: answer.hasAccess, reason: reason, phrase: phrase,
      transactionID: transaction.transactionId)
    line.group = group
    // A copy held through someone else's purchase says whose: shared by, or assigned by.
    let held: (AccessReason, SupportPhrase)? =
      answer.isFamilyShared
      ? (.familyShared, history.sharedPhrase(transactionID: transaction.transactionId))
      : answer.isAssigned
        ? (.assigned, history.assignedPhrase(transactionID: transaction.transactionId)) : nil
    if let covering = answer.coveredBy {
      // In force, yet not what gives access: the group's entitlement is another transaction.
      line.reason = held?.0 ?? reason
      line.phrase = SupportPhrase(
        "%1$@; not counted: %2$@ gives access", .phrase(held?.1 ?? phrase),
        .data(names.product(covering)))
    } else if answer.hasAccess, let (heldReason, shared) = held {
      line.reason = heldReason
      line.phrase =
        transaction.type == .autoRenewableSubscription
        ? SupportPhrase("%1$@, %2$@", .phrase(shared), .phrase(phrase))
        : SupportPhrase(
          "%1$@ since %2$@", .phrase(shared),
          .day(Date(epochMilliseconds: transaction.purchaseDate)))
    }
    return line
  }

  /// The reason code and phrase of a standing: `active, renews 30 Dec 2026`.
  static func words(
    _ standing: Standing, _ transaction: JWSTransactionDecodedPayload?, chain: SubscriptionChain?,
    names: ProductNames
  ) -> (AccessReason, SupportPhrase) {
    let end = SupportPhrase.Argument.day(
      chain?.expiresDate ?? Date(epochMilliseconds: transaction?.expiresDate ?? 0))
    let purchased = Date(epochMilliseconds: transaction?.purchaseDate ?? 0)
    switch standing {
    case .purchased where transaction?.type == .autoRenewableSubscription:
      switch chain?.willAutoRenew {
      case nil: return (.active, SupportPhrase("active until %@ (renewal status unknown)", end))
      case false?: return (.cancelled, SupportPhrase("cancelled, access until %@", end))
      case true?: return (.active, SupportPhrase("active, renews %@", end))
      }
    case .purchased:
      return (.owned, SupportPhrase("purchased %@", .day(purchased)))
    case .scheduledChange(let next, let on):
      return (
        .active, SupportPhrase("active, renews %1$@ as %2$@", .day(on), .data(names.product(next)))
      )
    case .inGracePeriod(let until):
      return (.gracePeriod, SupportPhrase("grace period until %@, payment failing", .day(until)))
    case .billingRetry(let since):
      return (.billingRetry, SupportPhrase("billing retry since %@, no access", .day(since)))
    case .expired(let on, let reason):
      guard let reason else { return (.expired, SupportPhrase("expired %@", .day(on))) }
      return (
        .expired, SupportPhrase("expired %1$@: %2$@", .day(on), .phrase(phrase(reason)))
      )
    case .upgraded(let target):
      guard let target else { return (.upgraded, SupportPhrase("upgraded")) }
      return (.upgraded, SupportPhrase("upgraded to %@", .data(names.product(target))))
    case .changedPlan(let target):
      return (.changedPlan, SupportPhrase("changed to %@ at renewal", .data(names.product(target))))
    case .refunded, .refundedInPart, .revoked, .familyRevoked, .assignmentRevoked:
      return revocation(standing, transaction?.revocationDate)
    case .pendingApproval(let since):
      return (.pendingAskToBuy, SupportPhrase("pending Ask to Buy since %@", .day(since)))
    case .interrupted(let since):
      return (
        .interrupted,
        SupportPhrase("purchase interrupted since %@, waiting for the customer", .day(since))
      )
    case .declined(let since):
      return (.declined, SupportPhrase("Ask to Buy declined %@", .day(since)))
    }
  }

  /// Consumables with their balances, non-consumables, non-renewing subscriptions and open
  /// requests, by name.
  private static func otherProducts(
    _ history: CustomerHistory, answers: [Access], names: ProductNames
  ) -> [AccessExplanation] {
    let byProduct = Dictionary(
      answers.filter { $0.transaction.type != .autoRenewableSubscription }.map {
        ($0.productID, $0)
      }, uniquingKeysWith: { a, _ in a })
    let consumables = Dictionary(
      grouping: history.transactions.filter { $0.type == .consumable }, by: \.productId)
    let subscribed = Set(
      answers.filter { $0.transaction.type == .autoRenewableSubscription }.map(\.productID))
    var products = Set(byProduct.keys).union(consumables.keys)
    for request in history.requests where !subscribed.contains(request.productID) {
      products.insert(request.productID)
    }
    for product in history.balances.keys where (history.balances[product] ?? 0) > 0 {
      products.insert(product)
    }
    let declinedOn = declinedDates(history)
    return products.sorted { (names.product($0), $0) < (names.product($1), $1) }.compactMap {
      product in
      let name = names.product(product)
      let balanceOnly = byProduct[product] == nil && history.balances[product] != nil
      if consumables[product] != nil || balanceOnly {
        return consumable(
          product, name: name, consumables[product, default: []],
          balance: history.balances[product])
      }
      let requests = history.requests.filter { $0.productID == product }
      let open = requests.filter { $0.state != .declined }.max(by: { $0.since < $1.since })
      if let answer = byProduct[product], answer.hasAccess || open == nil {
        return describe(answer, chain: nil, names: names, history: history)
      }
      guard
        let request = open
          ?? requests.max(by: { $0.since < $1.since })
      else { return nil }
      let since =
        request.state == .declined ? declinedOn[request.id] ?? request.since : request.since
      let (reason, phrase) = words(
        Standing.decide(request: request.state, since: since), nil, chain: nil, names: names)
      return AccessExplanation(
        subject: .product(product), name: name, hasAccess: false, reason: reason,
        phrase: phrase, transactionID: nil)
    }
  }

  /// A consumable's line: the app's balance and how often it was bought.
  private static func consumable(
    _ product: String, name: String, _ transactions: [JWSTransactionDecodedPayload],
    balance: Int?
  ) -> AccessExplanation {
    let bought = transactions.filter { $0.revocationDate == nil }.sorted(
      by: SubscriptionChain.older)
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
    return AccessExplanation(
      subject: .product(product), name: name, hasAccess: (balance ?? 0) > 0,
      reason: .consumable, phrase: phrase, transactionID: bought.last?.transactionId)
  }

  /// A refund's, a revocation's or a Family Sharing revocation's code and phrase:
  /// `refunded 10 Nov 2026 (other reason)`.
  static func revocation(_ standing: Standing, _ revocationDate: Int64?)
    -> (AccessReason, SupportPhrase)
  {
    let day =
      revocationDate.map { SupportPhrase.Argument.day(Date(epochMilliseconds: $0)) }
      ?? .phrase(SupportPhrase("on an unknown date"))
    switch standing {
    case .familyRevoked:
      return (.familyRevoked, SupportPhrase("Family Sharing access revoked %@", day))
    case .assignmentRevoked:
      return (.assignmentRevoked, SupportPhrase("assigned seat revoked %@", day))
    case .revoked:
      return (.revoked, SupportPhrase("revoked %@ (developer issue)", day))
    case .refundedInPart(_, let percentage):
      return (
        .refunded,
        SupportPhrase(
          "refunded %1$@ in part (%2$@)", day, .data(RevocationType.percentText(percentage)))
      )
    default:
      guard case .refunded(_, let reason) = standing, reason != nil else {
        return (.refunded, SupportPhrase("refunded %@", day))
      }
      return (.refunded, SupportPhrase("refunded %@ (other reason)", day))
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
    case .unbundled: SupportPhrase("left its bundle")
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

}
