import StoreServer
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The CPU time the server's handler spends on each request, on the thread that answers it.
///
/// Wall-clock latency on a shared two-core machine moves with everything else running; the
/// handler's own CPU time barely does, so it compares one build of the server with another, and
/// a series with held connections with one without, where latency cannot.
final class HandlerMeter: Sendable {
  private let samples = Mutex<[Double]>([])

  /// `handler`, timed.
  func wrap(_ handler: @escaping HTTPServer.Handler) -> HTTPServer.Handler {
    { [self] request in
      let before = Self.threadMicroseconds()
      let response = handler(request)
      let spent = Self.threadMicroseconds() - before
      samples.withLock { $0.append(spent) }
      return response
    }
  }

  /// The samples since the last call, emptied.
  func take() -> [Double] {
    samples.withLock { samples in
      defer { samples.removeAll(keepingCapacity: true) }
      return samples
    }
  }

  /// The calling thread's CPU time, in microseconds.
  static func threadMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
  }
}
