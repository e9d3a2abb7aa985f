// Multiseat subscriptions (iOS 27.3), as an app and its tests see them. Only StoreKitTest is
// imported, as in Apple's Xcode test template: it re-exports StoreKit. The Team subscription
// is priced by seat through storeterm's `_multiSeatPriceTiers` (Xcode's format for seat
// pricing was not found).

import Foundation
import StoreKitTest
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
    #expect(info.invitationManagement.rawValue == "DEVELOPER")
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
}
