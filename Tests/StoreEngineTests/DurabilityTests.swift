import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a purchase wrote survives the process being killed right after the purchase returns.
@Suite struct DurabilityTests {
  @Test func aPurchaseSurvivesSIGKILLAndIsDeliveredOnceAsUnfinished() async throws {
    let directory = try TestPaths.temporaryDirectory().path
    let databasePath = (directory as NSString).appendingPathComponent("ledger.sqlite")
    // The child process buys, then dies at once without closing anything.
    await #expect(processExitsWith: .signal(SIGKILL)) { [directory = directory as String] in
      let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory)
      let store = try EngineHarness(
        databasePath: (directory as NSString).appendingPathComponent("ledger.sqlite"),
        authority: authority)
      _ = try store.engine.purchase("dev.storeterm.demo.lifetime", customerID: Customer.defaultID)
      kill(getpid(), SIGKILL)
    }
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory)
    let restarted = try EngineHarness(databasePath: databasePath, authority: authority)
    #expect(try restarted.entitledProducts() == ["dev.storeterm.demo.lifetime"])
    let transactions = try restarted.engine.allTransactions(customerID: Customer.defaultID)
    #expect(transactions.count == 1)
    let transaction = try #require(transactions.first)
    let verified = restarted.verifier.verify(transaction.jws, as: JWSTransactionDecodedPayload.self)
    #expect(try verified.get().isVerified)
    // Unfinished, it comes back through the first updates listener of the new process, once.
    var first = restarted.engine.updates().makeAsyncIterator()
    #expect(await first.next() == transaction)
    let second = restarted.engine.updates()
    try restarted.engine.finish(transaction.id)
    let refunded = try restarted.engine.refund(transaction.id)
    var secondIterator = second.makeAsyncIterator()
    #expect(await secondIterator.next() == refunded)
    let integrity = try SQLiteLedger(location: .file(databasePath)).queue.read { db in
      try db.fetchOne("PRAGMA integrity_check")?.get(String.self, at: 0)
    }
    #expect(integrity == "ok")
  }
}
