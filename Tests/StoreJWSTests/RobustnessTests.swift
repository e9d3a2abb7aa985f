import Foundation
import StoreCore
import Testing

@testable import StoreJWS

/// Arbitrary input never crashes the verifier and always yields an error, never a verification.
@Suite("Robustness")
struct RobustnessTests {
  /// A small deterministic generator (SplitMix64), so failures reproduce.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test func mutatedTokensNeverVerify() throws {
    let verifier = SharedAuthority.verifier()
    let good = Array(try SharedAuthority.signer.sign(Samples.transaction(.consumable)).utf8)
    var random = SplitMix(state: 42)
    let alphabet = Array("ABCxyz019-_.=+/ {}\"\\\u{0}".utf8)
    for round in 0..<2000 {
      var token = good
      for _ in 0..<(1 + round % 4) {
        let index = Int.random(in: 0..<token.count, using: &random)
        switch round % 3 {
        case 0: token[index] = alphabet.randomElement(using: &random)!
        case 1: token.remove(at: index)
        default: token.insert(alphabet.randomElement(using: &random)!, at: index)
        }
      }
      if token == good { continue }
      let text = String(decoding: token, as: UTF8.self)
      let result = verifier.verify(text, as: JWSTransactionDecodedPayload.self)
      if case .success(.verified) = result {
        Issue.record("a mutated token verified: \(text)")
      }
    }
  }

  @Test(
    "hostile shapes",
    arguments: [
      "", ".", "..", "...", "a..", "..a", "eyJ9.eyJ9.", "e30.e30.", "e30.e30.e30",
      String(repeating: ".", count: 100_000), String(repeating: "A", count: 3_000_000),
      "W10.W10.AA", "bnVsbA.bnVsbA.AA",
    ])
  func hostileShapes(token: String) {
    let verifier = SharedAuthority.verifier()
    let result = verifier.verify(token, as: ResponseBodyV2DecodedPayload.self)
    if case .success(.verified) = result { Issue.record("verified: \(token.prefix(40))") }
  }

  @Test func deeplyNestedPayloadIsAnEncodingError() {
    let header = Base64.urlEncode(Array(#"{"alg":"ES256"}"#.utf8))
    let payload = Base64.urlEncode(Array((String(repeating: "[", count: 100_000)).utf8))
    let result = SharedAuthority.verifier().verify(
      header + "." + payload + ".AA", as: JWSTransactionDecodedPayload.self)
    #expect(result == .failure(.invalidEncoding))
  }

  @Test func verifiesConcurrently() async throws {
    let verifier = SharedAuthority.verifier()
    let tokens = try InAppProductType.allCases.map {
      try SharedAuthority.signer.sign(Samples.transaction($0))
    }
    let verified = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<64 {
        group.addTask {
          (try? verifier.verify(tokens[index % tokens.count], as: JWSTransactionDecodedPayload.self)
            .get())?
            .isVerified ?? false
        }
      }
      var all = true
      for await ok in group { all = all && ok }
      return all
    }
    #expect(verified)
    #expect(verifier.cachedChainCount == 1)
  }

  @Test func signsConcurrently() async throws {
    let signer = SharedAuthority.signer
    let verifier = SharedAuthority.verifier()
    let tokens = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<64 {
        group.addTask {
          var payload = Samples.transaction(.consumable)
          payload.transactionId = String(3_000_000 + index)
          return try signer.sign(payload)
        }
      }
      var tokens: [String] = []
      for try await token in group { tokens.append(token) }
      return tokens
    }
    #expect(Set(tokens).count == 64)
    for token in tokens {
      #expect(try verifier.verify(token, as: JWSTransactionDecodedPayload.self).get().isVerified)
    }
  }
}
