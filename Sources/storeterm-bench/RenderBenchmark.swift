import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreTermApp
import TerminalUI

/// `storeterm-bench render`: the transaction manager at 200×60, laid out, rendered and diffed,
/// and the time from a key press to the next frame, over 10,000 and 100,000 transactions (a
/// frame should cost the same whatever the ledger holds: only visible rows are laid out).
///
/// Goals from issue 7: under 2 ms median per frame, under 16 ms at p99 from key to frame, at
/// 100,000 transactions.
struct RenderBenchmark {
  var sizes = [10_000, 100_000]
  var frames = 500

  func run() throws -> Bool {
    print("render: transaction manager, 200x60, \(frames) frames per size")
    print("  transactions  frame median ms  frame p99 ms  key-to-frame p99 ms")
    var met = true
    for transactions in sizes {
      let (median, framesP99, keyP99) = try measure(transactions: transactions)
      print(
        String(
          format: "  %12d  %15.3f  %12.3f  %19.3f", transactions, median, framesP99, keyP99))
      met = met && median < 2 && keyP99 < 16
    }
    print("  goals: frame median < 2 ms, key-to-frame p99 < 16 ms: \(met ? "met" : "NOT met")")
    return met
  }

  /// The frame median and p99 and the key-to-frame p99, in milliseconds.
  private func measure(transactions: Int) throws -> (Double, Double, Double) {
    let state = try makeState(transactions: transactions)
    let size = Size(width: 200, height: 60)
    var previous = StoreTermApp.view(state, size: size)
    // Frames: the selection moves each time, so every frame differs from the last.
    var frameTimes: [Double] = []
    var moving = state
    for index in 0..<frames {
      moving.transactions.selected = transactions / 2 + (index % 2 == 0 ? 1 : 0)
      let started = ContinuousClock.now
      let frame = StoreTermApp.view(moving, size: size)
      let runs = frame.diff(from: previous)
      frameTimes.append(milliseconds(ContinuousClock.now - started))
      precondition(!runs.isEmpty)
      previous = frame
    }
    // Key presses: decode, update, view and diff, as the program does for each key.
    var keyTimes: [Double] = []
    var current = state
    for index in 0..<frames {
      let key: Key = index % 2 == 0 ? .down : .up
      let started = ContinuousClock.now
      if let action = StoreTermApp.action(for: .key(key), in: current) {
        _ = StoreTermApp.update(&current, action)
      }
      let frame = StoreTermApp.view(current, size: size)
      _ = frame.diff(from: previous)
      keyTimes.append(milliseconds(ContinuousClock.now - started))
      previous = frame
    }
    return (
      percentile(frameTimes, 0.5), percentile(frameTimes, 0.99), percentile(keyTimes, 0.99)
    )
  }

  private func makeState(transactions: Int) throws -> AppState {
    let catalog = try BenchCatalog.demo()
    let products = catalog.products()
    let header = Data(#"{"alg":"ES256","x5c":["a","b","c"]}"#.utf8).base64EncodedString()
      .replacingOccurrences(of: "=", with: "")
    let start = Date(timeIntervalSince1970: 1_796_040_000)
    var records: [TransactionRecord] = []
    records.reserveCapacity(transactions)
    for id in stride(from: UInt64(transactions), through: 1, by: -1) {
      let product = products[Int(id) % products.count]
      let date = start.addingTimeInterval(Double(id) * 60)
      let pending = id % 97 == 0
      let payload = JWSTransactionDecodedPayload(
        originalTransactionId: String(id), transactionId: String(id),
        bundleId: "dev.storeterm.demo", productId: product.id,
        purchaseDate: date.epochMilliseconds, originalPurchaseDate: date.epochMilliseconds,
        expiresDate: product.subscription == nil
          ? nil : date.addingTimeInterval(30 * 86_400).epochMilliseconds,
        quantity: 1, type: .autoRenewableSubscription, inAppOwnershipType: .purchased,
        signedDate: date.epochMilliseconds, environment: .xcode, storefront: "USA",
        storefrontId: "143441", transactionReason: .purchase)
      records.append(
        TransactionRecord(
          id: id, customerID: "customer-\(id % 50)", productID: product.id,
          state: pending ? .pendingApproval : .purchased, request: PurchaseRequest(),
          signed: pending ? nil : SignedTransaction(jws: "\(header).e30.c2ln", payload: payload),
          isFinished: true, createdDate: date))
    }
    var state = AppState(
      snapshot: StoreSnapshot(
        customerID: "customer-1", now: start,
        products: products.map { Product(catalogEntry: $0, of: catalog) }, records: records),
      size: Size(width: 200, height: 60))
    state.screen = .transactions
    state.isLoaded = true
    state.transactions.selected = transactions / 2
    return state
  }

  private func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  private func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }
}
