import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// `storeterm-bench renewals`: the time to advance N monthly subscribers by 5 and by 10 years,
/// with renewals per second beside the bare signing rate.
struct RenewalBenchmark {
  var subscribers: Int

  func run() throws -> Bool {
    let authority = try TestCertificateAuthority.generate()
    let signer = authority.makeSigner()
    print(
      "subscribers: \(subscribers) monthly (Plus Monthly, free week then $4.99), advanced at once")
    print("years  renewals   seconds  renewals/s  bare signs/s  ratio")
    var perRenewal: [Int: Double] = [:]
    for years in [5, 10] {
      let (renewals, seconds) = try advance(years: years, authority: authority)
      let signRate = try bareSigningRate(signer)
      let rate = Double(renewals) / seconds
      perRenewal[years] = seconds
      print(
        String(
          format: "%5d  %8d  %8.2f  %10.0f  %12.0f  %4.1f%%", years, renewals, seconds, rate,
          signRate, 100 * rate / signRate))
    }
    let growth = (perRenewal[10] ?? 0) / max(perRenewal[5] ?? 1, 0.001)
    print(String(format: "10 years took %.2f× as long as 5 years (linear is 2×)", growth))
    return true
  }

  /// Subscribes everyone at one instant, then moves the clock `years` on and catches up.
  private func advance(years: Int, authority: TestCertificateAuthority) throws
    -> (renewals: Int, seconds: Double)
  {
    let directory = FileManager.default.temporaryDirectory
      .appending(
        path: "storeterm-bench-renewals-\(ProcessInfo.processInfo.processIdentifier)-\(years)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = ManualClock(Date(timeIntervalSince1970: 1_796_119_200))
    let engine = StoreEngine(
      catalog: try BenchCatalog.demo(), session: StoreSession(),
      ledger: try SQLiteLedger(location: .file(directory.appending(path: "ledger.sqlite").path)),
      signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(),
      factory: TransactionFactory(
        identity: SignedDataConfiguration(), hasher: SHA384DeviceVerificationHasher()))
    for index in 0..<subscribers {
      _ = try engine.purchase("dev.storeterm.demo.plus.monthly", customerID: "subscriber-\(index)")
    }
    clock.advance(by: Double(years) * 365 * 86_400)
    let start = Date()
    let renewals = try engine.catchUp()
    return (renewals, Date().timeIntervalSince(start))
  }

  /// Signatures per second of a renewal-sized payload, for one second.
  private func bareSigningRate(_ signer: ES256Signer) throws -> Double {
    let payload = JWSTransactionDecodedPayload(
      originalTransactionId: "1", transactionId: "2", webOrderLineItemId: "2",
      bundleId: "dev.storeterm.demo", productId: "dev.storeterm.demo.plus.monthly",
      subscriptionGroupIdentifier: "5A1E0001", purchaseDate: 1_796_724_000_000,
      originalPurchaseDate: 1_796_119_200_000, expiresDate: 1_799_402_400_000, quantity: 1,
      type: .autoRenewableSubscription, inAppOwnershipType: .purchased,
      signedDate: 1_796_724_000_000, environment: .xcode, storefront: "USA",
      storefrontId: "143441", transactionReason: .renewal, currency: "USD", price: 4_990)
    let start = Date()
    var count = 0
    while Date().timeIntervalSince(start) < 1 {
      _ = try signer.sign(payload)
      count += 1
    }
    return Double(count) / Date().timeIntervalSince(start)
  }
}

/// The demo catalog, read from the package's Fixtures folder.
enum BenchCatalog {
  static func demo() throws -> ProductCatalog {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appending(
        path: "Fixtures/Demo.storekit")
    return ProductCatalog(
      configuration: try StoreKitConfigurationDecoder.decode(
        try Data(contentsOf: path), file: "Demo.storekit"))
  }
}
