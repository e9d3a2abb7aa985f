import Synchronization

/// How this process's ES256 signatures were made, for `storeterm-bench`: from a nonce the reserve
/// computed ahead of time, or in full on the signing thread (the reserve was empty).
public enum ES256SignatureCount {
  private static let reserved = Atomic<Int>(0)
  private static let full = Atomic<Int>(0)

  /// The counts since the last call, zeroed.
  public static func take() -> (reserved: Int, full: Int) {
    (reserved.exchange(0, ordering: .relaxed), full.exchange(0, ordering: .relaxed))
  }

  /// Counts one signature.
  static func count(reserved wasReserved: Bool) {
    if wasReserved {
      reserved.add(1, ordering: .relaxed)
    } else {
      full.add(1, ordering: .relaxed)
    }
  }
}
