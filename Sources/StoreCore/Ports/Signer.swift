/// Signs wire payloads as compact JWS; the engine gets one injected.
///
/// The production conformer is `ES256Signer` (StoreJWS); tests may inject a fake.
public protocol Signer: Sendable {
  /// The payload signed as a compact JWS (`header.payload.signature`).
  func sign(_ payload: some SignedPayload) throws -> String

  /// JSON text signed as it is: for a payload already written, such as a stored transaction
  /// the server signs again (``StoredTransactionPayload/serverJSON(signedDate:)``).
  func sign(payloadJSON: [UInt8]) throws -> String

  /// JSON text signed as it is, the compact JWS appended to `output`: its bytes are base64url
  /// characters and dots, which a JSON string holds as they are.
  func sign(payloadJSON: [UInt8], appendingTo output: inout [UInt8]) throws

  /// Work for later signatures done now, on the calling thread, which has nothing else to do
  /// for a while (a server's, once its response is sent).
  func useSpareTime()
}

extension Signer {
  /// Nothing to do ahead.
  public func useSpareTime() {}

  /// The JWS ``sign(payloadJSON:)`` makes, appended; escaped as inside a JSON string should a
  /// signer return anything but base64url characters and dots, so the promise holds for all.
  public func sign(payloadJSON: [UInt8], appendingTo output: inout [UInt8]) throws {
    let token = try sign(payloadJSON: payloadJSON)
    if token.utf8.allSatisfy(Base64.isURLCharacterOrDot) {
      output.append(contentsOf: Array(token.utf8))
    } else {
      output.append(contentsOf: JSONValue.string(token).compactUTF8.dropFirst().dropLast())
    }
  }
}
