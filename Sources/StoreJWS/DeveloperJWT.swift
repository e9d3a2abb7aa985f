import StoreCore

/// A compact JWS a developer signed with an App Store Connect key: an App Store Server API
/// bearer token, or an in-app request (Advanced Commerce, offers) that StoreKit passes on.
///
/// The one reading of such a token: ES256 only, `typ` `JWT` when present, no `crit` (an
/// extension this verifier would have to understand), and a `kid` naming the key. What the
/// claims must say is the caller's (each audience has its own).
public struct DeveloperJWT: Sendable {
  /// The key ID of the header (`kid`).
  public let keyID: String
  /// The decoded claims.
  public let claims: JSONValue
  private let signature: [UInt8]
  private let signingInput: [UInt8]

  /// Why a token cannot be read.
  public struct Malformed: Error, Equatable, Sendable {
    /// What is wrong.
    public var reason: String
  }

  /// Reads `token`, checking its header; the signature is checked by ``isSigned(by:)``.
  public init(parsing token: some StringProtocol) throws(Malformed) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3,
      let headerBytes = Base64.urlDecode(Array(parts[0].utf8)),
      let payloadBytes = Base64.urlDecode(Array(parts[1].utf8)),
      let signature = Base64.urlDecode(Array(parts[2].utf8)),
      let header = try? JSONParser.parse(headerBytes),
      let claims = try? JSONParser.parse(payloadBytes)
    else { throw Malformed(reason: "not a compact JWS") }
    guard case .string("ES256") = header["alg"] else {
      throw Malformed(reason: "alg is not ES256")
    }
    if let type = header["typ"], type != .string("JWT") {
      throw Malformed(reason: "typ is not JWT")
    }
    // RFC 7515: an extension the verifier does not understand must be refused, and this one
    // understands none (as `verify` refuses `crit` in signed data).
    guard header["crit"] == nil else { throw Malformed(reason: "crit is not understood") }
    guard case .string(let keyID) = header["kid"] else { throw Malformed(reason: "no kid") }
    self.keyID = keyID
    self.claims = claims
    self.signature = signature
    self.signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
  }

  /// Whether `key` made the signature.
  public func isSigned(by key: P256PublicKey) -> Bool {
    signingInput.withUnsafeBytes { key.isValidES256(signature: signature, for: $0) }
  }

  /// A NumericDate claim: whole seconds since 1970 (a fraction is accepted and dropped).
  public static func seconds(_ value: JSONValue?) -> Int64? {
    guard case .number(let text) = value else { return nil }
    if let whole = Int64(text) { return whole }
    return Double(text).flatMap { $0.isFinite ? Int64(exactly: $0.rounded(.down)) : nil }
  }
}
