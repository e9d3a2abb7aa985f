import StoreCore

/// Signs wire payloads as App Store–style compact JWS: ES256 with the chain in `x5c`.
///
/// The header is `{"alg":"ES256","x5c":[leaf, intermediate, root]}` with standard base64 DER, as
/// Apple's signed data has it; the signature is the raw 64-byte R‖S in base64url.
public struct ES256Signer: Signer {
  private let key: P256PrivateKey
  /// `base64url(header) + "."`, computed once: the header never changes for a signer.
  private let headerPrefix: [UInt8]
  /// SHA-256 state after `headerPrefix`; `nil` only if libcrypto failed to allocate it.
  private let prefixHash: SHA256Prefix?

  /// Creates a signer for `key`, whose certificate is `chain[0]`.
  public init(key: P256PrivateKey, chain: [Certificate]) {
    self.key = key
    let header = JWSHeader(algorithm: "ES256", certificateChain: chain.map(\.der))
    let prefix = Base64.urlEncodeBytes(header.jsonBytes()) + [UInt8(ascii: ".")]
    headerPrefix = prefix
    prefixHash = prefix.withUnsafeBytes { SHA256Prefix(prefix: $0) }
  }

  /// The payload signed as a compact JWS.
  public func sign(_ payload: some SignedPayload) throws -> String {
    try sign(payloadJSON: payload.jsonBytes())
  }

  /// Computes nonces for later signatures (``P256PrivateKey/useSpareTime()``).
  public func useSpareTime() { key.useSpareTime() }

  /// Signs arbitrary JSON bytes (tests use it to sign deliberately odd payloads).
  public func sign(payloadJSON: [UInt8]) throws(LibCryptoError) -> String {
    var token: [UInt8] = []
    token.reserveCapacity(headerPrefix.count + payloadJSON.count * 4 / 3 + 90)
    try sign(payloadJSON: payloadJSON, appendingTo: &token)
    return String(decoding: token, as: UTF8.self)
  }

  /// Signs JSON bytes and appends the compact JWS to `output`, where it goes in an answer.
  public func sign(payloadJSON: [UInt8], appendingTo output: inout [UInt8])
    throws(LibCryptoError)
  {
    let start = output.count
    output.append(contentsOf: headerPrefix)
    let encodedPayload = Base64.urlEncodeBytes(payloadJSON)
    output.append(contentsOf: encodedPayload)
    let signature: [UInt8]
    if let digest = encodedPayload.withUnsafeBytes({ prefixHash?.digest(appending: $0) }) {
      signature = try key.signES256(digest: digest)
    } else {
      signature = try output.withUnsafeBytes { all in
        Result { () throws(LibCryptoError) in
          try key.signES256(UnsafeRawBufferPointer(rebasing: all[start...]))
        }
      }.get()
    }
    output.append(UInt8(ascii: "."))
    output.append(contentsOf: Base64.urlEncodeBytes(signature))
  }
}
