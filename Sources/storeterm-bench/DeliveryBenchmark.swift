import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delivery half of `storeterm-bench server`: `notifications` signed notifications waiting
/// in the outbox, delivered by `NotificationDelivery` (what `storeterm serve --notify` runs:
/// read what is due, POST each, record each attempt in the ledger) to a loopback receiver
/// answering 200, beside a bare loop of `URLSession` POSTs of the same body to the same receiver,
/// the two in alternating blocks.
struct DeliveryBenchmark {
  let notifications: Int
  let folder: URL
  let authority: TestCertificateAuthority
  /// Notifications delivered, then as many bare POSTs made, before the next block.
  static let block = 50

  func run() async throws -> Bool {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let receiver = try HTTPServer(host: "127.0.0.1", port: 0) { _ in .empty(status: 200) }
    defer { receiver.stop() }
    guard let url = URL(string: "http://127.0.0.1:\(receiver.port)/notifications") else {
      throw BenchmarkError("no receiver URL")
    }
    let ledger = try SQLiteLedger(location: .file(folder.appending(path: "ledger.sqlite").path))
    let identity = SignedDataConfiguration(bundleId: "dev.storeterm.demo", environment: .xcode)
    let clock = ManualClock(Date(timeIntervalSince1970: 1_796_119_200))
    let delivery = NotificationDelivery(
      ledger: ledger, urls: [url], identity: identity, clock: clock)
    try delivery.register()
    let timer = ContinuousClock()
    let factory = ServerNotificationFactory(
      signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(), identity: identity)
    let poster = NotificationPoster()
    var payload = ""
    var delivering = Duration.zero
    var posting = Duration.zero
    var (enqueued, delivered, acknowledged) = (0, 0, 0)
    // Alternating blocks, as for History beside its peer: the machine's speed moves from one
    // second to the next, and two consecutive series of a few hundred milliseconds each once
    // put the same build at 30% and at 59%.
    while enqueued < notifications {
      let block = min(Self.block, notifications - enqueued)
      for _ in 0..<block {
        let notification = try factory.testNotification()
        payload = notification.signedPayload
        try ledger.enqueue(notification)
      }
      enqueued += block
      delivering += try await timer.measure {
        while true {
          let made = try await delivery.deliverDue()
          if made == 0 { break }
          delivered += made
        }
      }
      guard delivered == enqueued else {
        throw BenchmarkError("delivered \(delivered) of \(enqueued)")
      }
      posting += await timer.measure {
        for _ in 0..<block {
          if await poster.post(payload, to: url).result == "SUCCESS" { acknowledged += 1 }
        }
      }
      guard acknowledged == enqueued else {
        throw BenchmarkError("the bare loop got \(acknowledged) of \(enqueued) acknowledged")
      }
    }
    let deliveryRate = Double(notifications) / (BenchTime.milliseconds(delivering) / 1_000)
    let bareRate = Double(notifications) / (BenchTime.milliseconds(posting) / 1_000)
    print(
      "\nnotifications: \(notifications.formatted()) put in the outbox \(Self.block) at a time,"
        + " \(payload.utf8.count) B signed payloads, one receiver on loopback answering 200")
    print(String(format: "outbox deliveries (read due, POST, record)  %8.0f /s", deliveryRate))
    print(String(format: "bare URLSession POST loop                   %8.0f /s", bareRate))
    let ratio = deliveryRate / bareRate
    let met = ratio >= ServerBenchmark.deliveryGoal
    print(
      String(
        format: "goal %@: deliveries at least %.0f%% of the bare POST rate (%.0f%%)",
        met ? "met" : "NOT met", ServerBenchmark.deliveryGoal * 100, ratio * 100))
    return met
  }
}
