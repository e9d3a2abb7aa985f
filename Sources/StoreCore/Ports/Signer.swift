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

  /// The JWS ``sign(payloadJSON:)`` makes, appended.
  public func sign(payloadJSON: [UInt8], appendingTo output: inout [UInt8]) throws {
    output.append(contentsOf: Array(try sign(payloadJSON: payloadJSON).utf8))
  }
}
