/// A wire payload that storeterm signs as a JWS and verifies back.
///
/// Conformers are pure values with Apple's field names. Encoding and decoding go through
/// `WireJSONWriter` and `JSONParser`, so the signed bytes are stable and every decoding error
/// names its field.
public protocol SignedPayload: Sendable, Equatable {
  /// Which of the four kinds this payload is.
  static var kind: SignedPayloadKind { get }

  /// Decodes the payload from a parsed JSON object; unknown members are ignored.
  init(json: JSONValue) throws(WireDecodingError)

  /// The payload as compact JSON bytes, ready to be signed.
  func jsonBytes() -> [UInt8]

  /// The fields verification checks (date, bundle ID, environment, device verification).
  var claims: SignedPayloadClaims { get }
}

extension SignedPayload {
  /// Decodes the payload from UTF-8 JSON text.
  public init(jsonBytes bytes: some Sequence<UInt8>) throws(WireDecodingError) {
    try self.init(json: try WireJSONReader.payloadDocument(bytes))
  }

  /// The payload as a `JSONValue`, for pretty printing.
  public var jsonValue: JSONValue {
    // Our own writer's output always parses; `.null` is unreachable but keeps this total.
    (try? JSONParser.parse(jsonBytes())) ?? .null
  }
}
