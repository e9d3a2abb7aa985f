import Foundation
import Testing

@testable import StoreJWS

@Suite("ECDSA nonces computed ahead: every signature verifies, no nonce signs twice")
struct NonceReserveTests {
  /// SHA-256 of `message`, as the signer hashes a JWS signing input.
  private func digest(_ message: [UInt8]) throws -> [UInt8] {
    let empty = [UInt8]()
    let state = try #require(empty.withUnsafeBytes { SHA256Prefix(prefix: $0) })
    return try #require(message.withUnsafeBytes { state.digest(appending: $0) })
  }

  private func verifies(_ signature: [UInt8], _ message: [UInt8], _ key: P256PublicKey) -> Bool {
    message.withUnsafeBytes { key.isValidES256(signature: signature, for: $0) }
  }

  @Test("a new key's reserve is empty; its first signature starts a refill to the full depth")
  func firstSignatureFillsTheReserve() throws {
    let key = try P256PrivateKey.generate()
    let reserve = try #require(key.nonces)
    #expect(reserve.readyCount == 0)
    #expect(reserve.sign(digest: try digest(Array("first".utf8))) == nil)
    NonceWorkers.waitUntilIdle()
    #expect(reserve.readyCount == ECDSANonceReserve.depth)
  }

  @Test("each reserved nonce signs one digest: the signatures verify and their r values differ")
  func reservedSignaturesVerify() throws {
    let key = try P256PrivateKey.generate()
    let reserve = try #require(key.nonces)
    _ = reserve.sign(digest: try digest([0]))
    NonceWorkers.waitUntilIdle()
    let message = Array("the same message every time".utf8)
    var rValues = Set<[UInt8]>()
    for _ in 0..<ECDSANonceReserve.depth {
      let signature = try #require(reserve.sign(digest: try digest(message)))
      #expect(verifies(signature, message, key.publicKey))
      rValues.insert(Array(signature.prefix(32)))
    }
    #expect(rValues.count == ECDSANonceReserve.depth)
  }

  @Test("a top-up adds one batch on the calling thread while there is room, none when full")
  func topUpsFillToTheDepthAndStop() throws {
    let key = try P256PrivateKey.generate()
    let reserve = try #require(key.nonces)
    key.useSpareTime()
    #expect(reserve.readyCount == ECDSANonceReserve.spareBatch)
    for _ in 1..<(ECDSANonceReserve.depth / ECDSANonceReserve.spareBatch) { key.useSpareTime() }
    #expect(reserve.readyCount == ECDSANonceReserve.depth)
    key.useSpareTime()
    #expect(reserve.readyCount == ECDSANonceReserve.depth)
    // Nonces from top-ups sign as the refill's do.
    let message = Array("topped up".utf8)
    let signature = try #require(reserve.sign(digest: try digest(message)))
    #expect(verifies(signature, message, key.publicKey))
    #expect(reserve.readyCount == ECDSANonceReserve.depth - 1)
    NonceWorkers.waitUntilIdle()
  }

  @Test("a signature over the wrong message does not verify (the check can fail)")
  func wrongMessageFails() throws {
    let key = try P256PrivateKey.generate()
    let reserve = try #require(key.nonces)
    _ = reserve.sign(digest: try digest([0]))
    NonceWorkers.waitUntilIdle()
    let signature = try #require(reserve.sign(digest: try digest(Array("signed".utf8))))
    #expect(!verifies(signature, Array("not signed".utf8), key.publicKey))
  }

  @Test("eight threads signing at once: 800 signatures verify, 800 distinct r values")
  func concurrentSigningNeverSharesANonce() async throws {
    let key = try P256PrivateKey.generate()
    let message = Array("concurrent".utf8)
    let hashed = try digest(message)
    let signatures = try await withThrowingTaskGroup(of: [[UInt8]].self) { group in
      for _ in 0..<8 {
        group.addTask { try (0..<100).map { _ in try key.signES256(digest: hashed) } }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(signatures.count == 800)
    #expect(signatures.allSatisfy { verifies($0, message, key.publicKey) })
    #expect(Set(signatures.map { Array($0.prefix(32)) }).count == 800)
  }
}
