import CLibCrypto
import Foundation
import StoreCore

/// Random version 4 UUIDs from libcrypto's generator: the edge where randomness enters the store.
///
/// `UUID()` on Linux opens, reads and closes `/dev/urandom` for every identifier, three system
/// calls in each purchase; `RAND_bytes` draws from a generator seeded once per process.
public struct RandomIdentifiers: IdentifierGenerator {
  /// Creates a generator.
  public init() {}

  /// A new random UUID (RFC 9562 version 4).
  public func makeUUID() -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    guard RAND_bytes(&bytes, 16) == 1 else {
      LibCryptoError.clearQueue()
      return UUID()
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
