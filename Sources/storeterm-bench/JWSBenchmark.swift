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
  var rounds: Int

  func run() throws -> Bool {
    let authority = try TestCertificateAuthority.generate()
    let signer = authority.makeSigner()
    let verifier = authority.makeVerifier(configuration: SignedDataConfiguration())
    let payload = Self.samplePayload()

    let tokens = try (0..<256).map { index -> String in
      var next = payload
      next.transactionId = String(2_000_000_000_000_000 + index)
      return try signer.sign(next)
    }
    print("storeterm-bench jws: \(rounds) rounds of \(seconds)s per measurement, one thread")
    print("token: \(tokens[0].utf8.count) bytes (header with a 3-certificate x5c + a transaction)")
    print(row("", "sign/s", "openssl/s", "ratio", "verify/s", "openssl/s", "ratio"))
    // Rounds interleave storeterm and openssl so that both see the same machine load; the
    // verdict compares the best round of each, the usual defence against a noisy shared host.
    var best = (sign: 0.0, verify: 0.0, opensslSign: 0.0, opensslVerify: 0.0)
    for round in 1...rounds {
      let openssl = try OpenSSLSpeed.ecdsaP256(seconds: Int(seconds.rounded(.up)))
      let signRate = try measure { _ = try signer.sign(payload) }
      var cursor = 0
      var failures = 0
      let verifyRate = try measure {
        let result = verifier.verify(tokens[cursor & 255], as: JWSTransactionDecodedPayload.self)
        if case .success(.verified) = result {} else { failures += 1 }
        cursor &+= 1
      }
      guard failures == 0 else { throw BenchmarkError("\(failures) verifications failed") }
      print(
        row(
          "round \(round)", format(signRate), format(openssl.sign),
          percent(signRate / openssl.sign),
          format(verifyRate), format(openssl.verify), percent(verifyRate / openssl.verify)))
      best = (
        max(best.sign, signRate), max(best.verify, verifyRate),
        max(best.opensslSign, openssl.sign), max(best.opensslVerify, openssl.verify)
      )
    }
    let signRatio = best.sign / best.opensslSign
    let verifyRatio = best.verify / best.opensslVerify
    print(
      row(
        "best", format(best.sign), format(best.opensslSign), percent(signRatio),
        format(best.verify), format(best.opensslVerify), percent(verifyRatio)))
    if let oracle = OracleVerifySpeed.measure(authority: authority) {
      print(
        "Apple's App Store Server Library (Python) verifies \(format(oracle))/s;"
          + " storeterm \(format(best.verify))/s (\(String(format: "%.1f", best.verify / oracle))×)"
      )
    }
    let passed = signRatio >= Self.goal && verifyRatio >= Self.goal
    print(
      "goal: sign and verify each ≥ \(percent(Self.goal)) of openssl: \(passed ? "met" : "NOT met")"
    )
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

  private func row(_ name: String, _ columns: String...) -> String {
    name.padding(toLength: 8, withPad: " ", startingAt: 0)
      + columns.map { pad($0, 11) }.joined()
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
