import Foundation
import StoreCore
import StorePersistence
import StoreTermTestSupport
import Testing

@testable import StoreTermCLI

/// The terminal UI's records (`RecordMirror`, read by `SnapshotReader`): merged from what
/// changed, they must equal a from-scratch read after any sequence of changes made by another
/// connection, and only changed records are verified again.
@Suite struct RecordMirrorTests {
  static let customers = ["default", "alice", "bob", "carol"]
  static let products = [
    "dev.storeterm.demo.coins.100", "dev.storeterm.demo.lifetime", "dev.storeterm.demo.themes",
    "dev.storeterm.demo.plus.monthly", "dev.storeterm.demo.plus.premium.yearly",
    "dev.storeterm.demo.cloud.2tb",
  ]
  /// Few enough that purchases and deletions move records in and out of the verified window.
  static let verifiedLimit = 4

  /// A stand-in for signature checks: deterministic, and counted by `calls`.
  final class Verifier: @unchecked Sendable {
    var calls = 0
    func verify(_ jws: String) -> String {
      calls += 1
      return "result \(jws.utf8.count % 5)"
    }
  }

  /// Opens the App Store at `database` as a command does (its own connection and engine).
  static func open(_ database: String) throws -> StoreContext {
    let parsed = try StoreTermCommand.parser.parse(["ui", "--db", database])
    return try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
  }

  /// What the reader showed before it read only changes: every customer's records, newest
  /// first, and the verification of the signed-in customer's and of the newest few.
  static func fromScratch(_ ledger: SQLiteLedger, verify: (String) -> String) throws
    -> (records: [TransactionRecord], verification: [UInt64: String])
  {
    let records = try ledger.customers().map(\.id).sorted()
      .flatMap { try ledger.records(customerID: $0) }.sorted { $0.id > $1.id }
    var verification: [UInt64: String] = [:]
    for (index, record) in records.enumerated()
    where index < verifiedLimit || record.customerID == "default" {
      if let signed = record.signed { verification[record.id] = verify(signed.jws) }
    }
    return (records, verification)
  }

  /// One random change through `engine` (errors such as refunding a pending request are part
  /// of the walk: they change nothing).
  static func change(
    _ engine: StoreEngine, _ records: [TransactionRecord],
    using random: inout SeededGenerator
  ) {
    let customer = customers[Int(random.next() % UInt64(customers.count))]
    let record = records.isEmpty ? nil : records[Int(random.next() % UInt64(records.count))]
    switch random.next() % 20 {
    case 0..<6:
      var options = PurchaseOptions()
      options.askToBuy = random.next() % 4 == 0
      let product = products[Int(random.next() % UInt64(products.count))]
      _ = try? engine.purchase(product, customerID: customer, options: options)
    case 6: _ = try? record.map { try engine.approve($0.id) }
    case 7: _ = try? record.map { try engine.decline($0.id) }
    case 8, 9: _ = try? record.map { try engine.refund($0.id) }
    case 10: _ = try? record.map { try engine.finish($0.id) }
    case 11, 12: _ = try? record.map { try engine.delete($0.id) }
    case 13, 14: _ = try? engine.joinFamily("smiths", customerID: customer)
    case 15: _ = try? engine.leaveFamily(customerID: customer)
    case 16, 17: _ = try? record.map { try engine.forceRenewal($0.id) }
    case 18: _ = try? record.map { try engine.expireSubscription($0.id) }
    default:
      if random.next() % 3 == 0 { try? engine.clearTransactions() }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func mergedRecordsEqualAFromScratchReadAfterRandomChanges(seed: UInt64) throws {
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let ui = try Self.open(database)
    // Another connection, as `storeterm manage …` in a second terminal.
    let other = try Self.open(database)
    let verifier = Verifier()
    var mirror = RecordMirror(customerID: "default", verifiedLimit: Self.verifiedLimit) {
      verifier.verify($0)
    }
    var random = SeededGenerator(seed: seed)
    var merges = 0
    var deletions = 0
    var mirrored = 0
    for step in 0..<80 {
      let before = try Self.fromScratch(ui.ledger) { _ in "" }.records
      Self.change(other.engine, before, using: &random)
      let changes = try ui.ledger.recordChanges(after: mirror.cursor)
      let calls = verifier.calls
      mirror.apply(changes)
      if !changes.isComplete, !changes.records.isEmpty { merges += 1 }
      deletions += changes.deletedIDs.count
      mirrored += changes.records.filter { $0.sharedFromID != nil }.count
      let expected = try Self.fromScratch(ui.ledger) { "result \($0.utf8.count % 5)" }
      #expect(mirror.records == expected.records, "seed \(seed), step \(step)")
      #expect(mirror.verification == expected.verification, "seed \(seed), step \(step)")
      if !changes.isComplete {
        // Only changed records, and those a deletion brought into the newest few, are checked.
        #expect(
          verifier.calls - calls <= changes.records.count + changes.deletedIDs.count,
          "seed \(seed), step \(step)")
      }
    }
    // The walk merged many changes, deletions and family copies, not just full reads.
    #expect(merges > 20, "seed \(seed): \(merges) merges")
    #expect(deletions > 0, "seed \(seed)")
    #expect(mirrored > 0, "seed \(seed)")
  }

  @Test func anIdleRefreshChangesNothingAndVerifiesNothing() throws {
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let ui = try Self.open(database)
    _ = try ui.engine.purchase("dev.storeterm.demo.lifetime", customerID: "default")
    let verifier = Verifier()
    var mirror = RecordMirror(customerID: "default", verifiedLimit: 2) { verifier.verify($0) }
    #expect(try mirror.refresh(from: ui.ledger))
    #expect(verifier.calls == 1)
    #expect(try !mirror.refresh(from: ui.ledger))
    #expect(verifier.calls == 1)
    #expect(mirror.records.map(\.id) == [1])
  }

  @Test func mergingPutsChangesInPlaceNewestFirst() {
    func record(_ id: UInt64, _ product: String = "p") -> TransactionRecord {
      TransactionRecord(
        id: id, customerID: "c", productID: product, state: .pendingApproval,
        request: PurchaseRequest(), signed: nil, isFinished: false,
        createdDate: Date(timeIntervalSince1970: 0))
    }
    let records = [record(9), record(7), record(5), record(3)]
    let merged = RecordMirror.merge(
      records, changed: [record(4), record(5, "q"), record(10), record(11)], deleted: [7, 3])
    #expect(merged.map(\.id) == [11, 10, 9, 5, 4])
    #expect(merged[3].productID == "q")
  }
}
