// Monthly subscriptions with a 12-month commitment (iOS 26.4), as an app and its tests see
// them. Only StoreKitTest is imported, as in Apple's Xcode test template: it re-exports StoreKit.
// Time passes through `purchaseDate(_:renewalBehavior:)`, so no test waits.

import Foundation
import StoreKitTest
import Testing

/// A catalog with one 1-year subscription that offers a monthly plan (Xcode 26.5's format 5.0).
private enum Plans {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/BillingPlans.storekit")
  static let yearly = "dev.storeterm.plans.studio.yearly"
  static let monthly = "dev.storeterm.plans.studio.monthly"
  static let day: TimeInterval = 86_400

  @MainActor static func freshSession() throws -> SKTestSession {
    let session = try SKTestSession(contentsOf: url)
    session.resetToDefaultState()
    session.clearTransactions()
    return session
  }

  /// Every transaction of the subscription, oldest first.
  static func history() async -> [Transaction] {
    var result: [Transaction] = []
    for await case .verified(let transaction) in Transaction.all(for: yearly) {
      result.append(transaction)
    }
    return result.sorted { $0.purchaseDate < $1.purchaseDate }
  }

  /// The App Store's calendar: Gregorian, in UTC.
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// `months` months before now, by the UTC calendar, less `days` days.
  static func monthsAgo(_ months: Int, plusDays days: Double = 0) -> Date {
    let date = calendar.date(byAdding: .month, value: -months, to: Date())!
    return date.addingTimeInterval(-days * day)
  }
}

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct BillingPlanBehaviorTests {
  // https://developer.apple.com/documentation/storekit/product/subscriptioninfo/pricingterms-swift.property
  // : a product with a monthly plan lists its up-front terms and its monthly terms.
  @Test func pricingTermsListTheMonthlyCommitmentBesideTheUpFrontPrice() async throws {
    _ = try Plans.freshSession()
    let products = try await Product.products(for: [Plans.yearly, Plans.monthly])
    let yearly = try #require(products.first { $0.id == Plans.yearly })
    let info = try #require(yearly.subscription)
    #expect(info.pricingTerms.map(\.billingPlanType) == [.upFront, .monthly])
    let monthly = try #require(info.pricingTerms.first { $0.billingPlanType == .monthly })
    #expect(monthly.billingPeriod == .monthly)
    #expect(monthly.billingPrice == Decimal(string: "5.99"))
    #expect(monthly.subscriptionOffers.isEmpty)
    guard case .singlePrice(let single) = monthly.pricingModel else {
      Issue.record("a monthly plan has a single price")
      return
    }
    #expect(single.billingInfo.displayPrice == "$5.99")
    #expect(single.commitmentInfo.price == Decimal(string: "71.88"))
    #expect(single.commitmentInfo.displayPrice == "$71.88")
    #expect(single.commitmentInfo.period == .yearly)

    // A product without a plan has its up-front terms only.
    let plain = try #require(products.first { $0.id == Plans.monthly }?.subscription)
    #expect(plain.pricingTerms.map(\.billingPlanType) == [.upFront])
  }

  // https://developer.apple.com/documentation/storekit/product/purchaseoption/billingplantype(_:)
  // : buying with the monthly plan charges the first month of a 12-month commitment.
  @Test func aCommitmentPurchaseChargesTheFirstMonth() async throws {
    _ = try Plans.freshSession()
    let product = try #require(try await Product.products(for: [Plans.yearly]).first)
    let result = try await product.purchase(options: [.billingPlanType(.monthly)])
    guard case .success(.verified(let transaction)) = result else {
      Issue.record("the purchase succeeds: \(result)")
      return
    }
    #expect(transaction.billingPlanType == .monthly)
    #expect(transaction.price == Decimal(string: "5.99"))
    let commitment = try #require(transaction.commitmentInfo)
    #expect(commitment.billingPeriodNumber == 1)
    #expect(commitment.totalBillingPeriods == 12)
    #expect(commitment.price == Decimal(string: "71.88"))
    let purchase = transaction.purchaseDate
    #expect(
      commitment.expirationDate == Plans.calendar.date(byAdding: .year, value: 1, to: purchase))
    let expires = try #require(transaction.expirationDate)
    #expect(expires < commitment.expirationDate)
    #expect(expires.timeIntervalSince(purchase) >= 28 * Plans.day)
    #expect(expires.timeIntervalSince(purchase) <= 31 * Plans.day)

    let status = try #require(try await product.subscription?.status.first)
    #expect(status.state == .subscribed)
    guard case .verified(let renewal) = status.renewalInfo else {
      Issue.record("renewal info verifies")
      return
    }
    #expect(renewal.renewalBillingPlanType == .monthly)
    #expect(renewal.willAutoRenew)
    let next = try #require(renewal.commitmentInfo)
    #expect(next.willAutoRenew)
    #expect(next.renewalDate == commitment.expirationDate)
    #expect(next.renewalPrice == Decimal(string: "71.88"))
    #expect(next.autoRenewPreference == Plans.yearly)

    // The same product bought up front is billed its yearly price, and says so.
    _ = try Plans.freshSession()
    let upFront = try await product.purchase(options: [.billingPlanType(.upFront)])
    guard case .success(.verified(let yearly)) = upFront else {
      Issue.record("the up-front purchase succeeds")
      return
    }
    #expect(yearly.billingPlanType == .upFront)
    #expect(yearly.commitmentInfo == nil)
    #expect(yearly.price == Decimal(string: "59.99"))
  }

  // WWDC26-210: "the customer changed their subscription to renew into a different
  // BILLED_UPFRONT plan once their commitment completes". A subscriber billed up front who
  // chooses the monthly plan starts a commitment at the next renewal.
  @Test func anUpFrontSubscriberSwitchesToTheMonthlyPlanAtTheNextRenewal() async throws {
    let session = try Plans.freshSession()
    let product = try #require(try await Product.products(for: [Plans.yearly]).first)
    guard case .success(.verified(let yearly)) = try await product.purchase() else {
      Issue.record("the up-front purchase succeeds")
      return
    }
    #expect(yearly.billingPlanType == .upFront)
    // Asking for the monthly plan changes nothing now: the current year stays paid.
    guard
      case .success(.verified(let kept)) = try await product.purchase(options: [
        .billingPlanType(.monthly)
      ])
    else {
      Issue.record("the switch answers with the current transaction")
      return
    }
    #expect(kept.id == yearly.id)
    let status = try #require(try await product.subscription?.status.first)
    guard case .verified(let renewal) = status.renewalInfo else {
      Issue.record("renewal info verifies")
      return
    }
    #expect(renewal.renewalBillingPlanType == .monthly)
    #expect(renewal.renewalPrice == Decimal(string: "5.99"))
    #expect(renewal.commitmentInfo == nil)

    try session.forceRenewalOfSubscription(productIdentifier: Plans.yearly)
    let renewed = try #require(await Plans.history().last)
    #expect(renewed.billingPlanType == .monthly)
    #expect(renewed.price == Decimal(string: "5.99"))
    #expect(renewed.commitmentInfo?.billingPeriodNumber == 1)
    #expect(renewed.commitmentInfo?.price == Decimal(string: "71.88"))
    #expect(renewed.originalID == yearly.id)
  }

  // Inside a commitment the monthly charges still due are billed; the up-front plan the
  // customer chose starts when the commitment completes.
  @Test func aCommittedSubscriberSwitchesToUpFrontWhenTheCommitmentCompletes() async throws {
    let session = try Plans.freshSession()
    _ = try await session.buyProduct(
      identifier: Plans.yearly,
      options: [
        .billingPlanType(.monthly),
        .purchaseDate(Plans.monthsAgo(4, plusDays: 2), renewalBehavior: .renewUntilNow),
      ])
    let product = try #require(try await Product.products(for: [Plans.yearly]).first)
    _ = try await product.purchase(options: [.billingPlanType(.upFront)])
    let status = try #require(try await product.subscription?.status.first)
    guard case .verified(let renewal) = status.renewalInfo else {
      Issue.record("renewal info verifies")
      return
    }
    #expect(renewal.renewalBillingPlanType == .monthly)
    let commitment = try #require(renewal.commitmentInfo)
    #expect(commitment.renewalBillingPlanType == .upFront)
    #expect(commitment.renewalPrice == Decimal(string: "59.99"))
    #expect(commitment.autoRenewPreference == Plans.yearly)

    // Charges 6 to 12 of the commitment, then the up-front year.
    for _ in 0..<8 { try session.forceRenewalOfSubscription(productIdentifier: Plans.yearly) }
    let history = await Plans.history()
    #expect(
      history.compactMap { $0.commitmentInfo?.billingPeriodNumber }.suffix(7) == Array(6...12))
    let upFront = try #require(history.last)
    #expect(upFront.billingPlanType == .upFront)
    #expect(upFront.commitmentInfo == nil)
    #expect(upFront.price == Decimal(string: "59.99"))
  }

  // The monthly plan is the product's own: a product without one refuses it.
  @Test func aProductWithoutAMonthlyPlanRefusesIt() async throws {
    _ = try Plans.freshSession()
    let product = try #require(try await Product.products(for: [Plans.monthly]).first)
    await #expect(throws: Product.PurchaseError.productUnavailable) {
      _ = try await product.purchase(options: [.billingPlanType(.monthly)])
    }
  }

  // Twelve monthly charges make one commitment, each a transaction numbered 1 to 12 with the
  // commitment's end; then the commitment renews, numbering from 1 again.
  @Test func twelveMonthlyChargesThenTheCommitmentRenews() async throws {
    let session = try Plans.freshSession()
    let start = Plans.monthsAgo(12, plusDays: 3)
    _ = try await session.buyProduct(
      identifier: Plans.yearly,
      options: [.billingPlanType(.monthly), .purchaseDate(start, renewalBehavior: .renewUntilNow)])
    let history = await Plans.history()
    try #require(history.count == 13)
    let numbers = history.compactMap { $0.commitmentInfo?.billingPeriodNumber }
    #expect(numbers == Array(1...12) + [1])
    let first = history.prefix(12).compactMap { $0.commitmentInfo?.expirationDate }
    #expect(Set(first).count == 1)
    #expect(history.allSatisfy { $0.billingPlanType == .monthly })
    #expect(history.allSatisfy { $0.price == Decimal(string: "5.99") })
    #expect(history.allSatisfy { $0.commitmentInfo?.totalBillingPeriods == 12 })
    #expect(history.allSatisfy { $0.originalID == history[0].id })
    // Each charge begins where the previous one ended; the twelfth ends with the commitment.
    for (previous, next) in zip(history, history.dropFirst()) {
      #expect(previous.expirationDate == next.purchaseDate)
    }
    #expect(history[11].expirationDate == history[11].commitmentInfo?.expirationDate)
    let renewed = try #require(history.last?.commitmentInfo)
    #expect(renewed.expirationDate > first[0])
    #expect(history.last?.reason == .renewal)
  }

  // Turning auto-renew off inside a commitment ends the subscription only at the commitment's
  // end: the monthly charges continue and access with them.
  @Test func autoRenewOffTakesEffectAtTheCommitmentsEnd() async throws {
    let session = try Plans.freshSession()
    _ = try await session.buyProduct(
      identifier: Plans.yearly,
      options: [
        .billingPlanType(.monthly),
        .purchaseDate(Plans.monthsAgo(4, plusDays: 2), renewalBehavior: .cancelImmediately),
      ])
    let history = await Plans.history()
    try #require(history.count == 5)
    #expect(history.compactMap { $0.commitmentInfo?.billingPeriodNumber } == [1, 2, 3, 4, 5])
    var entitled: [String] = []
    for await case .verified(let transaction) in Transaction.currentEntitlements {
      entitled.append(transaction.productID)
    }
    #expect(entitled == [Plans.yearly])
    let product = try #require(try await Product.products(for: [Plans.yearly]).first)
    let status = try #require(try await product.subscription?.status.first)
    #expect(status.state == .subscribed)
    guard case .verified(let renewal) = status.renewalInfo else {
      Issue.record("renewal info verifies")
      return
    }
    // The next monthly charge still comes; the commitment will not renew.
    #expect(renewal.willAutoRenew)
    #expect(renewal.commitmentInfo?.willAutoRenew == false)
    #expect(renewal.commitmentInfo?.renewalDate == history[0].commitmentInfo?.expirationDate)
  }

  // https://developer.apple.com/documentation/storekittest/sktestsession/disableautorenewfortransaction(identifier:)
  // : turned off three months in, auto-renew stops only the commitment's renewal.
  @Test func disablingAutoRenewMidCommitmentKeepsTheMonthlyCharges() async throws {
    let session = try Plans.freshSession()
    let first = try await session.buyProduct(
      identifier: Plans.yearly,
      options: [
        .billingPlanType(.monthly),
        .purchaseDate(Plans.monthsAgo(3, plusDays: 1), renewalBehavior: .renewUntilNow),
      ])
    try session.disableAutoRenewForTransaction(identifier: UInt(first.id))
    let history = await Plans.history()
    #expect(history.compactMap { $0.commitmentInfo?.billingPeriodNumber } == [1, 2, 3, 4])
    let product = try #require(try await Product.products(for: [Plans.yearly]).first)
    let status = try #require(try await product.subscription?.status.first)
    #expect(status.state == .subscribed)
    guard case .verified(let renewal) = status.renewalInfo else {
      Issue.record("renewal info verifies")
      return
    }
    #expect(renewal.willAutoRenew)
    #expect(renewal.renewalBillingPlanType == .monthly)
    #expect(renewal.renewalDate == history.last?.expirationDate)
    #expect(renewal.commitmentInfo?.willAutoRenew == false)
  }

  // After the commitment's end without auto-renew, the subscription has expired: twelve
  // charges, no thirteenth, no access.
  @Test func withoutAutoRenewTheSubscriptionExpiresWhenTheCommitmentEnds() async throws {
    let session = try Plans.freshSession()
    _ = try await session.buyProduct(
      identifier: Plans.yearly,
      options: [
        .billingPlanType(.monthly),
        .purchaseDate(Plans.monthsAgo(13), renewalBehavior: .cancelImmediately),
      ])
    let history = await Plans.history()
    try #require(history.count == 12)
    #expect(history.compactMap { $0.commitmentInfo?.billingPeriodNumber } == Array(1...12))
    var entitled = 0
    for await case .verified in Transaction.currentEntitlements { entitled += 1 }
    #expect(entitled == 0)
    let product = try #require(try await Product.products(for: [Plans.yearly]).first)
    let status = try #require(try await product.subscription?.status.first)
    #expect(status.state == .expired)
    guard case .verified(let renewal) = status.renewalInfo else {
      Issue.record("renewal info verifies")
      return
    }
    #expect(renewal.willAutoRenew == false)
    #expect(renewal.expirationReason == .autoRenewDisabled)
    #expect(history.last?.expirationDate == history.last?.commitmentInfo?.expirationDate)
  }
}
