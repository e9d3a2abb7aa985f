import StoreCore
import StoreTermApp
import Testing

/// Each badge, and the intro offer only while the customer is eligible.
@Suite struct BadgeTests {
  private func badges(_ id: String, _ snapshot: StoreSnapshot) -> [Badge] {
    Badge.badges(for: snapshot.product(id)!, in: snapshot)
  }

  @Test func activeUpgradeAndDowngradeAgainstTheActivePlan() {
    let snapshot = Fixtures.demo()
    #expect(badges(Fixtures.plusMonthly, snapshot) == [.active])
    #expect(badges(Fixtures.premiumYearly, snapshot) == [.upgrade])
    #expect(badges(Fixtures.liteMonthly, snapshot) == [.downgrade])
  }

  @Test func ownedAndPendingApproval() {
    var snapshot = Fixtures.demo()
    #expect(badges(Fixtures.lifetime, snapshot) == [.pendingApproval])
    // Approved: the ledger's request is charged and the customer owns it.
    snapshot.entitledProductIDs.insert(Fixtures.lifetime)
    let index = snapshot.records.firstIndex { $0.productID == Fixtures.lifetime }!
    snapshot.records[index].state = .purchased
    #expect(badges(Fixtures.lifetime, snapshot) == [.owned])
  }

  @Test func gracePeriodAndBillingProblem() {
    #expect(badges(Fixtures.plusMonthly, Fixtures.gracePeriod()) == [.gracePeriod])
    #expect(badges(Fixtures.plusMonthly, Fixtures.billingProblem()) == [.billingProblem])
    // Without access there is no active plan to upgrade from.
    #expect(badges(Fixtures.premiumYearly, Fixtures.billingProblem()).isEmpty)
  }

  @Test func expiresOnWhenAutoRenewIsOff() {
    var snapshot = Fixtures.demo()
    let group = snapshot.statuses.keys.first!
    snapshot.statuses[group]!.willAutoRenew = false
    let end = snapshot.statuses[group]!.expirationDate!
    #expect(badges(Fixtures.plusMonthly, snapshot) == [.active, .expiresOn(end)])
    #expect(Badge.expiresOn(end).text == "Expires on 2026-12-07")
  }

  @Test func theIntroOfferShowsOnlyWhileEligible() {
    var snapshot = Fixtures.demo()
    let cloud = snapshot.product(Fixtures.cloud200)!
    #expect(Badge.introOffer(for: cloud, in: snapshot) == "3 months at $1.49, then $2.99 / month")
    #expect(Badge.introOffer(for: snapshot.product(Fixtures.plusMonthly)!, in: snapshot) == nil)
    snapshot.introEligibleGroups = []
    #expect(Badge.introOffer(for: cloud, in: snapshot) == nil)
  }
}
