import CLibCrypto

/// How long libcrypto's global state lives in a storeterm process.
public enum LibCryptoLifetime {
  /// Keeps libcrypto's global state until the process ends; call it first thing in `main`.
  ///
  /// It must come before any other libcrypto use: libcrypto decides at its first initialization
  /// whether to free its state in an `atexit` handler.
  ///
  /// Work still running on other threads when `exit` runs (a nonce refill, a listener verifying a
  /// transaction) would otherwise use freed locks and crash the exiting process; the kernel frees
  /// the memory at exit anyway.
  public static func keepUntilExit() {
    _ = initialized
  }

  private static let initialized: Void = {
    _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
  }()
}
