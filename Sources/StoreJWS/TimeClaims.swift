import StoreCore

/// The JWT time claims a payload may carry, `exp` and `nbf`, checked as Apple's App Store
/// Server Library checks them (through PyJWT, with no leeway): a token whose `exp` is at or
/// before the reference time has expired, one whose `nbf` is after it is not yet valid.
///
/// App Store data never carries either claim; a token that does was made by someone else, and
/// must not verify past the limits it names.
struct TimeClaims {
  /// `exp`, in seconds since 1970.
  var expiration: Double?
  /// `nbf`, in seconds since 1970.
  var notBefore: Double?

  /// Reads the claims; throws the reason when one is not a number.
  ///
  /// Most payloads mention neither name, so the bytes are searched before any parsing; a
  /// payload with escapes is parsed in full, since `"\u0065xp"` is `exp` too.
  init(payloadJSON bytes: [UInt8]) throws(Reason) {
    guard Self.mayHoldClaims(bytes) else { return }
    guard let json = try? JSONParser.parse(bytes) else { return }
    expiration = try Self.numericDate(json["exp"], name: "exp")
    notBefore = try Self.numericDate(json["nbf"], name: "nbf")
  }

  /// Why the claims refuse the token at `seconds` since 1970, or nil when they allow it.
  func refusal(at seconds: Double, clock: String) -> String? {
    if let expiration, expiration <= seconds {
      return "the token expired (exp \(Self.text(expiration))) before \(clock)"
    }
    if let notBefore, notBefore > seconds {
      return "the token is not valid until nbf \(Self.text(notBefore)), after \(clock)"
    }
    return nil
  }

  /// A claim that is not a NumericDate.
  struct Reason: Error {
    let text: String
  }

  private static func numericDate(_ value: JSONValue?, name: String) throws(Reason) -> Double? {
    guard let value else { return nil }
    guard case .number(let text) = value, let seconds = Double(text), seconds.isFinite else {
      throw Reason(text: "\(name) is not a NumericDate (seconds since 1970)")
    }
    return seconds
  }

  private static func text(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
  }

  private static func mayHoldClaims(_ bytes: [UInt8]) -> Bool {
    // A byte-by-byte Swift loop here was a twentieth of a debug build's verifying.
    ["\"exp\"", "\"nbf\"", "\\u"].contains { needle in
      var needle = needle
      return needle.withUTF8 { needle in
        bytes.withUnsafeBytes { ByteSearch.contains(UnsafeRawBufferPointer(needle), in: $0) }
      }
    }
  }
}
