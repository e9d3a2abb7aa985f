import CLibCrypto
import Synchronization

/// Initialized `EVP_PKEY_CTX`s for one key, reused across signatures or verifications.
///
/// Creating and initializing a context costs about as much as hashing a token; libcrypto allows
/// repeated `EVP_PKEY_sign`/`EVP_PKEY_verify` calls on one initialized context, so contexts are
/// borrowed from this pool (one per concurrent caller) and returned after use.
final class PKeyContextPool: Sendable {
  enum Operation {
    case sign
    case verify
  }

  private struct Contexts: ~Copyable, @unchecked Sendable {
    // @unchecked: each context is used by one borrower at a time, enforced by the mutex.
    var free: [OpaquePointer] = []
  }

  private static let limit = 16
  private let key: UnsafeSendableKey
  private let operation: Operation
  private let contexts = Mutex(Contexts())

  init(key: OpaquePointer, operation: Operation) {
    self.key = UnsafeSendableKey(pointer: key)
    self.operation = operation
  }

  deinit {
    contexts.withLock { contexts in
      for context in contexts.free { EVP_PKEY_CTX_free(context) }
    }
  }

  /// Runs `body` with an initialized context; `nil` if libcrypto could not make one.
  func withContext<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
    let reused = contexts.withLock { $0.free.popLast() }
    guard let context = reused ?? makeContext() else { return nil }
    let result = body(context)
    let kept = contexts.withLock { contexts in
      guard contexts.free.count < Self.limit else { return false }
      contexts.free.append(context)
      return true
    }
    if !kept { EVP_PKEY_CTX_free(context) }
    return result
  }

  private func makeContext() -> OpaquePointer? {
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else { return nil }
    let status =
      switch operation {
      case .sign: EVP_PKEY_sign_init(context)
      case .verify: EVP_PKEY_verify_init(context)
      }
    guard status == 1 else {
      EVP_PKEY_CTX_free(context)
      LibCryptoError.clearQueue()
      return nil
    }
    return context
  }
}

/// An `EVP_PKEY` pointer owned (and kept alive) by the key object that owns the pool.
struct UnsafeSendableKey: @unchecked Sendable {
  // @unchecked: the key is immutable once created; the owning P256 key outlives its pools.
  let pointer: OpaquePointer
}
