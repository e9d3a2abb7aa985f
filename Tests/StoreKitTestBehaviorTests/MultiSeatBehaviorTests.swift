// Multiseat subscriptions (iOS 27.3), as an app and its tests see them. Only StoreKitTest is
// imported, as in Apple's Xcode test template: it re-exports StoreKit. The Team subscription
// is priced by seat through storeterm's `_multiSeatPriceTiers` (Xcode's format for seat
// pricing was not found).

import Foundation
// The SPI only acts for the group purchaser, whose device is not the app's (seat assignment has
// no Xcode control); everything the app checks goes through Apple's API.
@_spi(StoreTerm) import StoreKitTest
import Testing

private enum Seats {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/Bundles.storekit")
  static let team = "dev.storeterm.bundles.team"
  static let music = "dev.storeterm.bundles.music"

  @MainActor static func freshSession() throws -> SKTestSession {
    let session = try SKTestSession(contentsOf: url)
    session.resetToDefaultState()
    session.clearTransactions()
    return session
  }

  static func team() async throws -> Product {
    try #require(try await Product.products(for: [team]).first)
  }
}

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct MultiSeatBehaviorTests {
  // https://developer.apple.com/documentation/storekit/product/supportsmultiseatpurchase
  // : a product sold by seat says so, and its pricing terms give a price per seat by tier.
  @Test func aProductSoldBySeatListsItsSeatTiers() async throws {
    _ = try Seats.freshSession()
    let products = try await Product.products(for: [Seats.team, Seats.music])
    let team = try #require(products.first { $0.id == Seats.team })
    #expect(team.supportsMultiSeatPurchase)
    #expect(products.first { $0.id == Seats.music }?.supportsMultiSeatPurchase == false)
    let terms = try #require(team.subscription?.pricingTerms.first)
    guard case .seatBased(let pricing) = terms.pricingModel else {
      Issue.record("the terms are priced by seat")
      return
    }
    #expect(pricing.priceTiers.map(\.minimumSeats) == [1, 6])
    #expect(pricing.priceTiers.map(\.maximumSeats) == [5, 50])
    #expect(pricing.priceTiers.map(\.billingInfo.displayPrice) == ["$9.99", "$7.99"])
    #expect(pricing.priceTiers.first?.billingInfo.period == .monthly)
  }

  // https://developer.apple.com/documentation/storekit/transaction/multiseatinfo-swift.struct/pricetiers
  // : "8 seats against tiers of 5 seats at $9.99 and more seats at $7.99 use two tiers: 5 seats
  // at $9.99 and 3 seats at $7.99"; the price is the average price per seat.
  @Test func buyingSeatsRecordsTheSeatsAtEachPrice() async throws {
    _ = try Seats.freshSession()
    let team = try await Seats.team()
    guard case .success(.verified(let transaction)) = try await team.purchase(options: [.seats(8)])
    else {
      Issue.record("the multiseat purchase succeeds")
      return
    }
    #expect(transaction.purchasedQuantity == 8)
    let info = try #require(transaction.multiSeatInfo)
    #expect(info.priceTiers.map(\.quantity) == [5, 3])
    #expect(info.priceTiers.map(\.price) == [Decimal(string: "9.99"), Decimal(string: "7.99")])
    // storeterm's purchases are Apple-hosted (see Docs/DECISIONS.md, seat assignment).
    #expect(info.invitationManagement == .apple)
    #expect(transaction.price == Decimal(string: "9.24"))
    #expect(transaction.ownershipType == .purchased)

    // The same product bought without seats is an ordinary purchase.
    _ = try Seats.freshSession()
    guard case .success(.verified(let single)) = try await team.purchase() else {
      Issue.record("the single purchase succeeds")
      return
    }
    #expect(single.multiSeatInfo == nil)
    #expect(single.purchasedQuantity == 1)
  }

  // https://developer.apple.com/documentation/storekit/product/purchaseerror/multiseatpurchasedisabled
  // : `.seats(_:)` on a product that is not enabled for multiseat purchases fails.
  @Test func seatsOnAProductNotSoldBySeatFail() async throws {
    _ = try Seats.freshSession()
    let music = try #require(try await Product.products(for: [Seats.music]).first)
    await #expect(throws: Product.PurchaseError.multiSeatPurchaseDisabled) {
      _ = try await music.purchase(options: [.seats(2)])
    }
    // Seat counts outside the tiers are not a quantity the product sells.
    let team = try await Seats.team()
    for seats in [0, 51] {
      await #expect(throws: Product.PurchaseError.invalidQuantity) {
        _ = try await team.purchase(options: [.seats(seats)])
      }
    }
  }

  // Each renewal bills the same seats again.
  @Test func aRenewalKeepsTheSeats() async throws {
    let session = try Seats.freshSession()
    try await session.buyProduct(
      identifier: Seats.team,
      options: [
        .seats(6),
        .purchaseDate(Date().addingTimeInterval(-40 * 86_400), renewalBehavior: .renewUntilNow),
      ])
    var history: [Transaction] = []
    for await case .verified(let transaction) in Transaction.all(for: Seats.team) {
      history.append(transaction)
    }
    #expect(history.count == 2)
    #expect(history.map(\.purchasedQuantity) == [6, 6])
    #expect(history.map { $0.multiSeatInfo?.priceTiers.map(\.quantity) } == [[5, 1], [5, 1]])
    #expect(history.last?.reason == .renewal)
  }

  // https://developer.apple.com/documentation/storekit/transaction/multiseatinfo-swift.struct/invitationmanagement-swift.struct/apple
  // : with Apple-hosted invitations "each person who joins gets their own transaction, with an
  // ownership type of assigned"; it "contains the same seat information as the group
  // purchaser's".
  @Test func aMemberGivenASeatSeesAnAssignedTransaction() async throws {
    let session = try Seats.freshSession()
    try session.assignSeat(of: Seats.team, purchaser: "alice", seats: 3)
    var entitlements: [Transaction] = []
    for await case .verified(let transaction) in Transaction.currentEntitlements {
      entitlements.append(transaction)
    }
    #expect(entitlements.count == 1)
    let assigned = try #require(entitlements.first)
    #expect(assigned.productID == Seats.team)
    #expect(assigned.ownershipType == .assigned)
    #expect(assigned.purchasedQuantity == 3)
    #expect(assigned.multiSeatInfo?.invitationManagement == .apple)
    #expect(assigned.multiSeatInfo?.priceTiers.map(\.quantity) == [3])
    #expect(assigned.revocationDate == nil)
    let group = try #require(try await Seats.team().subscription?.subscriptionGroupID)
    let statuses = try await Product.SubscriptionInfo.status(for: group)
    #expect(statuses.map(\.state) == [.subscribed])
  }

  // https://developer.apple.com/documentation/storekit/transaction/revocationtype-swift.struct/assignmentrevocation
  // : taking the seat back revokes the member's transaction; the app hears of it through
  // Transaction.updates and the member loses access.
  @Test func takingTheSeatBackRevokesTheAssignedTransaction() async throws {
    let session = try Seats.freshSession()
    // The app listens before anything happens, as Apple's sample apps do: a sequence listens
    // from the moment its iterator is made, and what arrives meanwhile waits for `next()`.
    var updates = Transaction.updates.makeAsyncIterator()
    try session.assignSeat(of: Seats.team, purchaser: "alice")
    guard case .verified(let given)? = await updates.next() else {
      Issue.record("the assigned transaction reaches Transaction.updates")
      return
    }
    #expect(given.ownershipType == .assigned)
    #expect(given.revocationType == nil)
    try session.removeSeat(of: Seats.team, purchaser: "alice")
    guard case .verified(let revoked)? = await updates.next() else {
      Issue.record("the revocation reaches Transaction.updates")
      return
    }
    #expect(revoked.id == given.id)
    #expect(revoked.ownershipType == .assigned)
    #expect(revoked.revocationType == .assignmentRevocation)
    #expect(revoked.revocationType?.rawValue == "ASSIGNMENT_REVOKE")
    #expect(revoked.revocationReason == .other)
    let revokedOn = try #require(revoked.revocationDate)
    #expect(revokedOn >= revoked.purchaseDate)
    var entitled: [Transaction] = []
    for await case .verified(let transaction) in Transaction.currentEntitlements {
      entitled.append(transaction)
    }
    #expect(entitled.isEmpty)
  }

  // The group purchaser holds one of the seats (Apple's Claim Seat: "Claim a seat for each
  // member other than the purchaser"): 2 seats leave one to give, and a full group refuses.
  @Test func aFullGroupRefusesAnotherSeat() async throws {
    let session = try Seats.freshSession()
    try session.assignSeat(of: Seats.team, purchaser: "alice", to: "carol", seats: 2)
    let refusal = #expect(throws: SKTestError.self) {
      try session.assignSeat(of: Seats.team, purchaser: "alice")
    }
    #expect(refusal?.code == .invalidAction)
    #expect(
      refusal?.localizedDescription
        == "all 2 seats of \"\(Seats.team)\" of customer \"alice\" are taken (the purchaser's own"
        + " and 1 assigned); remove a member first")
    var entitled: [Transaction] = []
    for await case .verified(let transaction) in Transaction.currentEntitlements {
      entitled.append(transaction)
    }
    #expect(entitled.isEmpty)
  }
}
