import StoreKit
import StoreManager
import StorePersistence
import Testing

/// Issue 17, finding 3: a balance never overflows into SQLite's REAL; at the boundary the grant
/// is refused and nothing changes.
@Suite struct BalanceOverflowTests {
  private func grant(_ id: UInt64, quantity: Int) -> Grant {
    Grant(
      transactionID: id, productID: "coins", productType: .consumable, quantity: quantity,
      purchaseDateMilliseconds: 0)
  }

  @Test func aGrantThatWouldOverflowTheBalanceIsRefused() throws {
    let store = try FulfillmentStore(location: .inMemory)
    #expect(try store.grant(grant(1, quantity: 1)) == .granted(units: 1))
    try store.queue.write { db in
      try db.execute(
        "UPDATE balances SET balance = ? WHERE product_id = ?",
        [.integer(Int64.max - 1), .text("coins")])
    }
    #expect(try store.grant(grant(2, quantity: 1)) == .granted(units: 1))
    #expect(
      throws: FulfillmentError.balanceOverflow(
        productID: "coins", balance: Int.max, adding: 1)
    ) {
      try store.grant(grant(3, quantity: 1))
    }
    #expect(try store.balances() == ["coins": Int.max])
  }
}
