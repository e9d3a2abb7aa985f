import Foundation
import StoreCore
import StoreTermApp
import TerminalUI

/// `storeterm-bench render`: the transaction manager over 100,000 transactions at 200×60, laid
/// out, rendered and diffed, and the time from a key press to the next frame.
///
/// Goals from issue 7: under 2 ms median per frame, under 16 ms at p99 from key to frame.
struct RenderBenchmark {
  var transactions = 100_000
  var frames = 500

  func run() throws -> Bool {
    let state = try makeState()
    let size = Size(width: 200, height: 60)
    var previous = StoreTermApp.view(state, size: size)
    // Frames: the selection moves each time, so every frame differs from the last.
    var frameTimes: [Double] = []
    var moving = state
    for index in 0..<frames {
      moving.transactions.selected = 50_000 + (index % 2 == 0 ? 1 : 0)
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
    let median = percentile(frameTimes, 0.5)
    let p99 = percentile(keyTimes, 0.99)
    print("render: transaction manager, \(transactions) transactions, 200x60, \(frames) frames")
    print(String(format: "  layout + render + diff  median %.3f ms  (goal < 2 ms)", median))
    print(String(format: "  key press to frame      p99    %.3f ms  (goal < 16 ms)", p99))
    return median < 2 && p99 < 16
  }

  private func makeState() throws -> AppState {
    let products = try BenchCatalog.demo().products()
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
        customerID: "customer-1", now: start, products: products, records: records),
      size: Size(width: 200, height: 60))
    state.screen = .transactions
    state.isLoaded = true
    state.transactions.selected = 50_000
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
