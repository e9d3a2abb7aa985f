import StoreCore

/// The protected header of an App Store JWS: the algorithm and the `x5c` certificate chain.
public struct JWSHeader: Sendable, Equatable {
  /// `alg`; App Store data always says `ES256`.
  public var algorithm: String?
  /// `x5c` as decoded DER certificates, leaf first; `nil` when absent or not an array of strings.
  public var certificateChain: [[UInt8]]?
  /// Whether `x5c` was present but held an entry that is not strict standard base64.
  public var hasMalformedCertificate: Bool
  /// Whether the header has a `crit` member: RFC 7515 §4.1.11 says a recipient that does not
  /// understand every listed extension must reject the JWS, and this verifier understands none.
  public var hasCriticalExtensions = false

  /// Creates a header.
  public init(
    algorithm: String?, certificateChain: [[UInt8]]?, hasMalformedCertificate: Bool = false
  ) {
    self.algorithm = algorithm
    self.certificateChain = certificateChain
    self.hasMalformedCertificate = hasMalformedCertificate
  }

  /// Reads a header from its JSON; `nil` when it is not a JSON object.
  ///
  /// Only the first two `x5c` entries are decoded, as Apple's library reads only those; the
  /// third (the root) is never trusted from the token.
  public init?(jsonBytes: some Sequence<UInt8>) {
    guard let json = try? JSONParser.parse(jsonBytes), case .object = json else { return nil }
    if case .string(let algorithm) = json["alg"] ?? .null {
      self.algorithm = algorithm
    } else {
      self.algorithm = nil
    }
    hasMalformedCertificate = false
    hasCriticalExtensions = json["crit"] != nil
    guard case .array(let entries) = json["x5c"] ?? .null else {
      certificateChain = nil
      return
    }
    var chain: [[UInt8]] = []
    for (index, entry) in entries.enumerated() {
      guard case .string(let text) = entry else {
        certificateChain = nil
        return
      }
      if index >= 2 {
        chain.append([])
        continue
      }
      guard let der = Base64.decode(text.utf8) else {
        hasMalformedCertificate = true
        chain.append([])
        continue
      }
      chain.append(der)
    }
    certificateChain = chain
  }

  /// The header as compact JSON, `alg` then `x5c`, with nothing else (as Apple sends it).
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter(capacity: 2048)
    writer.write("alg", algorithm)
    writer.write("x5c", certificateChain?.map { Base64.encode($0) })
    return writer.finish()
  }
}
