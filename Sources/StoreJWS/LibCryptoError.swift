import CLibCrypto

/// A libcrypto call that failed, with the operation and OpenSSL's error queue as text.
public struct LibCryptoError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What storeterm was doing, such as `generate a P-256 key`.
  public var operation: String
  /// OpenSSL's error strings, oldest first (may be empty).
  public var details: [String]

  /// Captures and clears the thread's OpenSSL error queue.
  public init(_ operation: String) {
    self.operation = operation
    var details: [String] = []
    while true {
      let code = ERR_get_error()
      if code == 0 { break }
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      details.append(
        String(
          decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.details = details
  }

  /// `could not <operation>: <details>`.
  public var description: String {
    details.isEmpty
      ? "could not \(operation)" : "could not \(operation): \(details.joined(separator: "; "))"
  }

  /// Clears the thread's OpenSSL error queue after an expected failure such as a bad signature.
  static func clearQueue() { ERR_clear_error() }
}
