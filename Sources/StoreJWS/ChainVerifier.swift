import CLibCrypto
import Foundation
import Synchronization

/// Verifies `x5c` chains to trusted roots with libcrypto, strictly, and caches the result.
///
/// The check is the one Apple's library makes: `X509_verify_cert` with `X509_V_FLAG_X509_STRICT`
/// at the payload's signing date, a chain of exactly leaf → intermediate → trusted root, Apple's
/// marker OIDs on the leaf and the intermediate, and a P-256 leaf key.
///
/// A verified chain is cached under the leaf's DER bytes with the window in which all three
/// certificates are valid, so the next token from the same signer costs a dictionary lookup and
/// a date comparison instead of three signature checks.
final class ChainVerifier: Sendable {
  /// A chain that failed, with the reason in words.
  struct Failure: Error, Equatable {
    var reason: String
  }

  private struct CachedChain {
    var intermediate: [UInt8]
    var validFrom: Int64
    var validUntil: Int64
    var key: P256PublicKey
  }

  /// Upper bound on cached chains; a real store has one signing leaf, so this is never reached
  /// except under hostile input, where dropping the cache is the safe response.
  private static let cacheLimit = 64

  /// A leaf's DER bytes as a dictionary key, hashed and compared in bulk (an `[UInt8]` key
  /// would be hashed byte by byte on every verification).
  private struct LeafKey: Hashable {
    var bytes: [UInt8]

    static func == (left: LeafKey, right: LeafKey) -> Bool { bytesEqual(left.bytes, right.bytes) }

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  private let store: TrustStore
  private let cache = Mutex<[LeafKey: CachedChain]>([:])

  /// Creates a verifier trusting `roots`.
  init(trustedRoots roots: [Certificate]) {
    store = TrustStore(roots: roots)
  }

  /// The number of chains in the cache (for tests).
  var cachedChainCount: Int { cache.withLock { $0.count } }

  /// The leaf's public key if `leaf` ← `intermediate` ← a trusted root is valid at `date`.
  func verify(leaf: [UInt8], intermediate: [UInt8], at date: Int64) -> Result<
    P256PublicKey, Failure
  > {
    let cached = cache.withLock { $0[LeafKey(bytes: leaf)] }
    if let cached, bytesEqual(cached.intermediate, intermediate) {
      guard date >= cached.validFrom, date <= cached.validUntil else {
        return .failure(Failure(reason: "certificate is not valid at the signing date"))
      }
      return .success(cached.key)
    }
    guard let leafCertificate = Certificate(der: leaf) else {
      return .failure(Failure(reason: "x5c[0] is not a DER certificate"))
    }
    guard let intermediateCertificate = Certificate(der: intermediate) else {
      return .failure(Failure(reason: "x5c[1] is not a DER certificate"))
    }
    switch store.verify(leaf: leafCertificate, intermediate: intermediateCertificate, at: date) {
    case .failure(let failure): return .failure(failure)
    case .success(let chain):
      guard chain.count == 3 else {
        return .failure(Failure(reason: "the chain has \(chain.count) certificates, not 3"))
      }
      guard chain[0].hasExtension(oid: AppleOID.receiptSigningLeaf) else {
        return .failure(Failure(reason: "the leaf lacks extension \(AppleOID.receiptSigningLeaf)"))
      }
      guard chain[1].hasExtension(oid: AppleOID.wwdrIntermediate) else {
        return .failure(
          Failure(reason: "the intermediate lacks extension \(AppleOID.wwdrIntermediate)"))
      }
      guard let key = leafCertificate.p256PublicKey else {
        return .failure(Failure(reason: "the leaf key is not a P-256 key"))
      }
      let entry = CachedChain(
        intermediate: intermediate, validFrom: chain.map(\.notBefore).max() ?? 0,
        validUntil: chain.map(\.notAfter).min() ?? 0, key: key)
      cache.withLock { cache in
        if cache.count >= Self.cacheLimit { cache.removeAll() }
        cache[LeafKey(bytes: leaf)] = entry
      }
      return .success(key)
    }
  }
}

/// Whether two byte arrays are equal, compared with `memcmp`.
func bytesEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
  guard left.count == right.count else { return false }
  return left.withUnsafeBufferPointer { a in
    right.withUnsafeBufferPointer { b in
      guard let a = a.baseAddress, let b = b.baseAddress else { return true }
      return memcmp(a, b, left.count) == 0
    }
  }
}
