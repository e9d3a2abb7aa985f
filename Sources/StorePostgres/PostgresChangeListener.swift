import Foundation
import StoreCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Hears every seat's commits on a PostgreSQL ledger through `LISTEN`: each write transaction
/// sends `NOTIFY` on ``PostgresDatabase/changeChannel`` before it commits, and the server
/// delivers it to every listening session when (and only if) the commit lands.
///
/// One connection of its own, read by one thread that waits on the socket (`poll`, bounded);
/// a lost connection is opened again after ``reconnectDelay``, and the reader is woken then,
/// since commits may have passed unheard meanwhile (the reader's fallback poll covers the gap).
public final class PostgresChangeListener: LedgerChangeSignal, @unchecked Sendable {
  /// How long the thread waits between attempts to connect again.
  public static let reconnectDelay: Duration = .seconds(1)

  private let loop: Loop

  /// Starts listening on a connection of its own to `connectionString` (connecting on the
  /// listener's thread, so a server that is down delays nothing here).
  public init(connectionString: String) {
    loop = Loop(connectionString: connectionString)
    let loop = loop
    let thread = Thread { loop.run() }
    thread.name = "storeterm LISTEN"
    thread.start()
  }

  deinit { loop.stopped.store(true, ordering: .relaxed) }

  /// Whether the listening connection is up (false before it connected and after it broke).
  public var isListening: Bool { loop.listening.load(ordering: .relaxed) }

  /// Waits for the next commit's notification (or one that came since the last wait), or
  /// `timeout`; true when one came.
  public func wait(upTo timeout: Duration) async -> Bool {
    let id = loop.waiters.withLock { state -> Int? in
      if state.pending {
        state.pending = false
        return nil
      }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return true }
    let loop = loop
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let fired = loop.waiters.withLock { state -> Bool in
          if state.pending {
            state.pending = false
            return true
          }
          state.waiting[id] = continuation
          return false
        }
        if fired { return continuation.resume(returning: true) }
        Task {
          try? await Task.sleep(for: timeout)
          loop.resume(id, with: false)
        }
      }
    } onCancel: {
      loop.resume(id, with: false)
    }
  }

  /// The listening connection and who waits on it, shared with its thread.
  final class Loop: Sendable {
    struct Waiters {
      var nextID = 0
      /// A signal arrived while nobody waited: the next wait returns at once.
      var pending = false
      var waiting: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    let connectionString: String
    let waiters = Mutex(Waiters())
    let stopped = Atomic<Bool>(false)
    let listening = Atomic<Bool>(false)

    init(connectionString: String) { self.connectionString = connectionString }

    func resume(_ id: Int, with value: Bool) {
      waiters.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: value)
    }

    /// Wakes every waiter, or the next one to wait.
    func signal() {
      let woken = waiters.withLock { state -> [CheckedContinuation<Bool, Never>] in
        let all = Array(state.waiting.values)
        state.waiting.removeAll()
        if all.isEmpty { state.pending = true }
        return all
      }
      for waiter in woken { waiter.resume(returning: true) }
    }

    /// Connects, listens and waits on the socket until the listener goes.
    func run() {
      var first = true
      while !stopped.load(ordering: .relaxed) {
        guard let connection = try? PostgresConnection(connectionString),
          (try? connection.run(script: "LISTEN \(PostgresDatabase.changeChannel)")) != nil
        else {
          Thread.sleep(forTimeInterval: Self.seconds(PostgresChangeListener.reconnectDelay))
          continue
        }
        listening.store(true, ordering: .relaxed)
        // Commits made while no connection listened were not heard: look once.
        if !first { signal() }
        first = false
        listen(on: connection)
        listening.store(false, ordering: .relaxed)
        signal()
      }
    }

    /// Waits on `connection`'s socket (a quarter second at a time, so the thread notices the
    /// listener is gone) until it breaks.
    private func listen(on connection: PostgresConnection) {
      while !stopped.load(ordering: .relaxed) {
        var descriptor = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 250)
        if ready < 0, errno == EINTR { continue }
        guard ready >= 0 else { return }
        if ready == 0 { continue }
        guard let channels = try? connection.consumeNotifications() else { return }
        if !channels.isEmpty { signal() }
        if connection.isBroken { return }
      }
    }

    private static func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
  }
}
