import StoreCore
import StoreJWS
import Synchronization

/// What the server remembers of bearer tokens it has checked: each token whose ES256 signature
/// was valid (by its exact text), and each API key parsed from its DER.
///
/// A client sends the same token with every request for minutes (Apple's libraries sign one per
/// request or per few minutes), and verifying its signature and parsing the key from DER cost the
/// server about a third of a short request. Only what cannot change is remembered: that these
/// bytes were signed by that key. The key's registration and revocation and the token's times are
/// checked again on every request. Bounded: at most `limit` tokens of at most `longestToken`
/// bytes; when full, it starts over.
final class VerifiedTokens: Sendable {
  /// A token whose signature was valid.
  struct Seen: Sendable {
    var keyID: String
    /// The key it was verified with: another key under the same ID must verify it anew.
    var publicKeyDER: [UInt8]
    var payload: JSONValue
  }

  static let limit = 1_024
  static let longestToken = 8_192

  private let tokens = Mutex<[Substring: Seen]>([:])
  private let keys = Mutex<[[UInt8]: P256PublicKey]>([:])

  /// The token `text` if its signature was checked before.
  func token(_ text: Substring) -> Seen? {
    guard text.utf8.count <= Self.longestToken else { return nil }
    return tokens.withLock { $0[text] }
  }

  /// Remembers that `text` was signed by the key `publicKeyDER` (ID `keyID`).
  func remember(_ text: Substring, keyID: String, publicKeyDER: [UInt8], payload: JSONValue) {
    guard text.utf8.count <= Self.longestToken else { return }
    let seen = Seen(keyID: keyID, publicKeyDER: publicKeyDER, payload: payload)
    tokens.withLock { tokens in
      if tokens.count >= Self.limit { tokens.removeAll(keepingCapacity: true) }
      // Its own storage: a Substring would keep the whole header string alive.
      tokens[Substring(String(text))] = seen
    }
  }

  /// The P-256 key in `der`, parsed once; nil if it is not one.
  func publicKey(der: [UInt8]) -> P256PublicKey? {
    if let known = keys.withLock({ $0[der] }) { return known }
    guard let parsed = APIKeyFiles.publicKey(der: der) else { return nil }
    keys.withLock { keys in
      if keys.count >= 64 { keys.removeAll() }
      keys[der] = parsed
    }
    return parsed
  }
}
