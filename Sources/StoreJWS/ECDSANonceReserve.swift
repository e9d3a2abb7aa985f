import CLibCrypto
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// ECDSA nonces for one key, computed ahead of time on another thread and each handed out once,
/// so a signature costs well under a microsecond on the caller's thread instead of about 14.
///
/// Almost all of an ECDSA signature is the scalar multiplication `kG` for a fresh random nonce
/// `k`, and none of it depends on the message: `k⁻¹ mod n` and `r` are computed alone, 32 nonces
/// at a time (`lc_ecdsa_presign_batch` shares their inversions), and `ECDSA_do_sign_ex` finishes
/// a signature from them with two multiplications. A purchase spends most of its time waiting
/// for `fdatasync`, so the other core computes the next signatures' nonces meanwhile; a burst of
/// signatures (a clock advance renewing many subscriptions) runs on both cores.
///
/// Signing one message with two nonces is harmless; signing two messages with one nonce reveals
/// the private key. So a nonce leaves the reserve under its lock, signs exactly one digest
/// (even when that fails), and its numbers are cleared before they are freed. Nonces live only
/// in this process's memory; storeterm never forks a process that signs.
final class ECDSANonceReserve: Sendable {
  /// How many nonces the reserve refills to; a refill starts when half are used.
  ///
  /// A history page signs ten items: with 16, every page woke the refill thread (5% of a page's
  /// handler time at 1,000,000 transactions); with 128, about every sixth page does, and the 64
  /// left when it starts last six pages while the first batch is computed.
  static let depth = 128

  /// Nonces computed together (``Nonce/batch(key:count:)``); a refill is two batches.
  ///
  /// 32 a batch: about 11.6 µs a nonce against 12.8 µs for 16 (2026-12-04); a refill begins
  /// with 64 left, six pages' worth, while its first batch is computed.
  static let batch = 32

  private struct State: ~Copyable, @unchecked Sendable {
    // @unchecked: each nonce's numbers are owned by the reserve until one signer takes them.
    var ready: [Nonce] = []
    var refilling = false
  }

  private let key: ECKey
  private let state = Mutex(State())

  /// A reserve for the EC private key `privateKey` (an `EVP_PKEY`); `nil` if libcrypto cannot
  /// give its legacy form, in which case every signature takes the usual path.
  init?(privateKey: OpaquePointer) {
    guard let key = lc_ec_key_from_pkey(privateKey) else {
      LibCryptoError.clearQueue()
      return nil
    }
    self.key = ECKey(pointer: key)
  }

  /// The raw R‖S signature of the SHA-256 `digest` with a reserved nonce, if one is ready.
  ///
  /// `nil` when none is ready yet (the caller signs the usual way). Starts a refill when the
  /// reserve runs low.
  func sign(digest: [UInt8]) -> [UInt8]? {
    let (nonce, startsRefill) = state.withLock { state in
      let nonce = state.ready.popLast()
      let low = state.ready.count <= Self.depth / 2 && !state.refilling
      if low { state.refilling = true }
      return (nonce, low)
    }
    if startsRefill { refill() }
    guard let nonce else { return nil }
    var signature = [UInt8](repeating: 0, count: 64)
    let status = signature.withUnsafeMutableBufferPointer { output in
      lc_ecdsa_sign_presigned(
        key.pointer, digest, Int32(digest.count), nonce.inverse, nonce.r, output.baseAddress)
    }
    guard status == 1 else {
      LibCryptoError.clearQueue()
      return nil
    }
    return signature
  }

  /// Nonces a top-up computes (``topUp()``): about 200 µs of a thread's spare time.
  ///
  /// A batch costs about 40 µs whatever its size (two inversions and the points made affine
  /// together) and 10.4 µs a nonce: 12.8 µs a nonce in batches of 16, 11.6 in batches of 32;
  /// but top-ups of 32, twice as long, gained nothing in `storeterm-bench server` (63.2%, 65.9%
  /// against 66.7%, 65.3% of the bare peer, alternating, 2026-12-04).
  static let spareBatch = 16

  /// Computes one batch of nonces now, on the calling thread, when the reserve has room for it
  /// and no refill is running.
  ///
  /// For a thread with nothing else to do for a while, such as a server's once its response is
  /// sent: the nonces a page drew are replaced there, instead of waking the refill thread on
  /// the other core, where the client runs (2.5–4 points of History's rate against the bare
  /// peer on the 2-core guest, 2026-12-04).
  func topUp() {
    let room = state.withLock { state in
      guard state.ready.count + Self.spareBatch <= Self.depth, !state.refilling else {
        return false
      }
      state.refilling = true
      return true
    }
    guard room else { return }
    let nonces = Nonce.batch(key: key, count: Self.spareBatch)
    state.withLock { state in
      state.ready.append(contentsOf: nonces)
      state.refilling = false
    }
  }

  /// Nonces ready now (for tests).
  var readyCount: Int { state.withLock { $0.ready.count } }

  /// Computes nonces on a background thread until the reserve is full or the process exits.
  private func refill() {
    NonceWorkers.started()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      defer { NonceWorkers.finished() }
      let idle = IdlePriority()
      defer { idle.end() }
      while !NonceWorkers.isStopping {
        let nonces = Nonce.batch(key: key, count: Self.batch)
        guard !nonces.isEmpty else { break }
        let full = state.withLock { state in
          state.ready.append(contentsOf: nonces)
          return state.ready.count >= Self.depth
        }
        if full { break }
      }
      state.withLock { $0.refilling = false }
    }
  }
}

/// `k⁻¹ mod n` and `r` for one future signature, cleared when freed.
private final class Nonce {
  let inverse: OpaquePointer
  let r: OpaquePointer

  private init(inverse: OpaquePointer, r: OpaquePointer) {
    self.inverse = inverse
    self.r = r
  }

  /// `count` fresh nonces computed together (`lc_ecdsa_presign_batch`: about 14 µs a nonce on
  /// the 2026-12-04 machine against 24 µs one at a time); none if libcrypto fails.
  static func batch(key: ECKey, count: Int) -> [Nonce] {
    var inverses = [OpaquePointer?](repeating: nil, count: count)
    var rs = [OpaquePointer?](repeating: nil, count: count)
    let status = inverses.withUnsafeMutableBufferPointer { inverses in
      rs.withUnsafeMutableBufferPointer { rs in
        lc_ecdsa_presign_batch(key.pointer, Int32(count), inverses.baseAddress, rs.baseAddress)
      }
    }
    guard status == 1 else {
      LibCryptoError.clearQueue()
      return []
    }
    return zip(inverses, rs).compactMap { inverse, r in
      guard let inverse, let r else {
        // Unreachable after success; freed all the same.
        if let inverse { BN_clear_free(inverse) }
        if let r { BN_clear_free(r) }
        return nil
      }
      return Nonce(inverse: inverse, r: r)
    }
  }

  deinit {
    BN_clear_free(inverse)
    BN_clear_free(r)
  }
}

/// A legacy `EC_KEY`, freed with its reserve.
private final class ECKey: @unchecked Sendable {
  // @unchecked: libcrypto only reads the key while signing or computing nonces, from any thread.
  let pointer: OpaquePointer

  init(pointer: OpaquePointer) { self.pointer = pointer }

  deinit { lc_ec_key_free(pointer) }
}

/// The background refills of every reserve, stopped and awaited when the process exits.
///
/// libcrypto frees its random generators in its own `atexit` handler; a refill still running
/// then would use freed memory. This handler is registered after libcrypto's (a key exists
/// before any refill starts), and `atexit` handlers run last-registered first, so it stops the
/// refills before libcrypto cleans up.
enum NonceWorkers {
  private static let running = DispatchGroup()
  private static let stopping = Atomic<Bool>(false)
  private static let registration: Void = {
    atexit { NonceWorkers.stop() }
  }()

  /// Whether the process is exiting, so refills should end now.
  static var isStopping: Bool { stopping.load(ordering: .acquiring) }

  /// Records a refill about to start (before it is queued, so an exit waits for it).
  static func started() {
    _ = registration
    running.enter()
  }

  /// Records a refill that ended.
  static func finished() { running.leave() }

  /// Waits until no refill is running (tests use it to see a full reserve).
  static func waitUntilIdle() { running.wait() }

  /// Ends every refill and waits for the one in progress (a nonce takes about 14 µs).
  static func stop() {
    stopping.store(true, ordering: .releasing)
    _ = running.wait(timeout: .now() + .seconds(1))
  }
}

/// The calling thread scheduled only when a core would otherwise be idle (`SCHED_IDLE`), until
/// `end`: a refill is work for spare time, and at normal priority it took the core the client
/// or the answering thread was about to use.
private struct IdlePriority {
  /// Linux's `SCHED_IDLE`, which Glibc declares only to C code compiled with `_GNU_SOURCE`.
  private static let idlePolicy: Int32 = 5

  private var previous: (policy: Int32, parameters: sched_param)?

  init() {
    var policy: Int32 = 0
    var parameters = sched_param()
    guard pthread_getschedparam(pthread_self(), &policy, &parameters) == 0 else { return }
    var idle = sched_param()
    idle.sched_priority = 0
    guard pthread_setschedparam(pthread_self(), Self.idlePolicy, &idle) == 0 else { return }
    previous = (policy, parameters)
  }

  func end() {
    guard var previous else { return }
    _ = pthread_setschedparam(pthread_self(), previous.policy, &previous.parameters)
  }
}
