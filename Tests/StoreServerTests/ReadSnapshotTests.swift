import Foundation
import StoreCore
import StorePersistence
import Testing

/// Read-only endpoints answered from one read snapshot still generate what fell due first and
/// still refuse a key the moment it is revoked.
@Suite struct ReadSnapshotTests {
  @Test func historyListsRenewalsThatFellDueBeforeTheRequest() throws {
    let harness = try ServerHarness()
    let monthly = try harness.buy(Demo.monthly)
    #expect(try historyCount(harness, monthly.id) == 1)
    harness.clock.advance(by: 75 * 86_400)
    #expect(try !harness.engine.isCaughtUp())
    let count = try historyCount(harness, monthly.id)
    #expect(try harness.engine.isCaughtUp())
    #expect(count > 1)
    #expect(count == (try harness.ledger.records(customerID: Customer.defaultID).count))
  }

  @Test func aRevokedKeyIsRefusedAtTheNextRequest() throws {
    let harness = try ServerHarness()
    let bought = try harness.buy(Demo.lifetime)
    #expect(try harness.get("/inApps/v2/history/\(bought.id)").status == 200)
    #expect(try harness.keys.revokeKey(harness.serverKey.keyID, date: harness.realNow))
    #expect(try harness.get("/inApps/v2/history/\(bought.id)").status == 401)
    #expect(try harness.get("/inApps/v1/subscriptions/\(bought.id)").status == 401)
  }

  private func historyCount(_ harness: ServerHarness, _ id: UInt64) throws -> Int {
    let response = try harness.get("/inApps/v2/history/\(id)")
    #expect(response.status == 200)
    guard case .array(let items) = response.json["signedTransactions"] else { return -1 }
    return items.count
  }
}
