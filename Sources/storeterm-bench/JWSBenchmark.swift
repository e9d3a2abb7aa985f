import Foundation
import StoreCore
import StoreJWS

/// Measures JWS signing and (cached-chain) verification against `openssl speed ecdsap256`.
///
/// Sign: a full `JWSTransactionDecodedPayload` → compact JWS (JSON, base64url, SHA-256, ECDSA).
/// Verify: a full compact JWS → verified, decoded payload, with the chain already cached, the
/// steady state of a store. Both run on one thread, as `openssl speed` does without `-multi`.
struct JWSBenchmark {
  /// The goal: each rate at least this share of OpenSSL's raw ECDSA rate.
  static let goal = 0.80

  var seconds: Double

  func run() throws -> Bool {
    let authority = try TestCertificateAuthority.generate()
    let signer = authority.makeSigner()
    let verifier = authority.makeVerifier(configuration: SignedDataConfiguration())
    let payload = Self.samplePayload()

    print("storeterm-bench jws: \(seconds)s per measurement, one thread")
    let signRate = try measure {
      _ = try signer.sign(payload)
    }
    let tokens = try (0..<256).map { index -> String in
      var next = payload
      next.transactionId = String(2_000_000_000_000_000 + index)
      return try signer.sign(next)
    }
    var cursor = 0
    var failures = 0
    let verifyRate = try measure {
      if case .success(.verified) = verifier.verify(
        tokens[cursor & 255], as: JWSTransactionDecodedPayload.self)
      {
      } else {
        failures += 1
      }
      cursor &+= 1
    }
    guard failures == 0 else { throw BenchmarkError("\(failures) verifications failed") }

    let openssl = try OpenSSLSpeed.ecdsaP256(seconds: Int(seconds.rounded(.up)))
    let tokenBytes = tokens[0].utf8.count
    print("token: \(tokenBytes) bytes (header with 3-certificate x5c + transaction payload)")
    print(row("", "storeterm/s", "openssl/s", "ratio"))
    let signRatio = signRate / openssl.sign
    let verifyRatio = verifyRate / openssl.verify
    print(row("sign", format(signRate), format(openssl.sign), percent(signRatio)))
    print(row("verify", format(verifyRate), format(openssl.verify), percent(verifyRatio)))
    let passed = signRatio >= Self.goal && verifyRatio >= Self.goal
    print("goal: each ratio ≥ \(percent(Self.goal)): \(passed ? "met" : "NOT met")")
    return passed
  }

  /// Operations per second of `body`, run for `seconds` after a short warm-up.
  private func measure(_ body: () throws -> Void) throws -> Double {
    for _ in 0..<200 { try body() }
    let clock = ContinuousClock()
    let budget = Duration.milliseconds(Int64(seconds * 1000))
    var count = 0
    let start = clock.now
    var elapsed = Duration.zero
    while elapsed < budget {
      for _ in 0..<100 { try body() }
      count += 100
      elapsed = clock.now - start
    }
    let (whole, attoseconds) = elapsed.components
    return Double(count) / (Double(whole) + Double(attoseconds) / 1e18)
  }

  private func row(_ name: String, _ ours: String, _ theirs: String, _ ratio: String) -> String {
    name.padding(toLength: 8, withPad: " ", startingAt: 0) + pad(ours, 14) + pad(theirs, 14)
      + pad(ratio, 8)
  }

  private func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private func format(_ rate: Double) -> String { String(format: "%.0f", rate) }
  private func percent(_ ratio: Double) -> String { String(format: "%.1f%%", ratio * 100) }

  static func samplePayload() -> JWSTransactionDecodedPayload {
    let signedDate: Int64 = 1_764_504_000_000
    return JWSTransactionDecodedPayload(
      originalTransactionId: "2000000000000001", transactionId: "2000000000000002",
      webOrderLineItemId: "2000000000000100", bundleId: SignedDataConfiguration.defaultBundleId,
      productId: "dev.storeterm.pro.monthly", subscriptionGroupIdentifier: "21000000",
      purchaseDate: signedDate, originalPurchaseDate: signedDate,
      expiresDate: signedDate + 30 * 86_400_000, quantity: 1, type: .autoRenewableSubscription,
      appAccountToken: UUID(uuidString: "00000000-0000-4000-8000-000000000001"),
      inAppOwnershipType: .purchased, signedDate: signedDate, environment: .xcode,
      storefront: "USA", storefrontId: "143441", transactionReason: .purchase, currency: "USD",
      price: 9990, appTransactionId: "704289572311227000")
  }
}

/// A failed benchmark run, as one sentence.
struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
