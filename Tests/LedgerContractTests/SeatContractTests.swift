import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// Seat assignment on every backend: who holds a seat is kept in the subscription's stored
/// state, so another connection reads the same members and the same `ASSIGNED` transactions.
@Suite struct SeatContractTests {
  static let team = "dev.storeterm.bundles.team"

  @Test(arguments: LedgerBackend.available)
  func seatsReadBackFromAnotherConnection(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    let url = TestPaths.packageRoot.appending(path: "Tests/Fixtures/Bundles.storekit")
    let catalog = ProductCatalog(
      configuration: try StoreKitConfigurationDecoder.decode(
        try Data(contentsOf: url), file: "Bundles.storekit"))
    seat.engine.setCatalog(catalog)
    var options = PurchaseOptions()
    options.seats = 3
    _ = try seat.engine.purchase(Self.team, customerID: "alice", options: options)
    try seat.engine.assignSeat(purchaserID: "alice", productID: Self.team, memberID: "bob")
    try seat.engine.assignSeat(purchaserID: "alice", productID: Self.team, memberID: "cy")
    try seat.engine.removeSeat(purchaserID: "alice", productID: Self.team, memberID: "bob")

    let other = try ContractEngine(store, clock: seat.clock)
    other.engine.setCatalog(catalog)
    let seats = try other.engine.seatAssignments(customerID: "alice")
    #expect(seats.map(\.members) == [["cy"]])
    #expect(seats.map(\.freeSeats) == [1])
    let cy = try other.engine.currentEntitlements(customerID: "cy").map(\.payload)
    #expect(cy.map(\.inAppOwnershipType) == [.assigned])
    let bob = try other.engine.allTransactions(customerID: "bob").map(\.payload)
    #expect(bob.map(\.revocationType) == [.assignmentRevoke])
    #expect(try other.engine.currentEntitlements(customerID: "bob").isEmpty)
  }
}
