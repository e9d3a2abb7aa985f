import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The database files this process holds open through SQLite, so that storeterm's own look at a
/// file's header never drops their locks.
///
/// SQLite locks database files with POSIX advisory locks, which belong to the whole process:
/// closing *any* descriptor of a file releases every lock the process holds on it. SQLite defers
/// its own closes while other connections of the process hold locks; storeterm's raw read of the
/// header (``DatabaseProbe``) cannot, so it is skipped for a file the process already has open
/// (it was checked when first opened). Opening is serialized here, so no connection of the
/// process is half-open while a header is read. Without this, a second open in one process (the
/// test suite's in-process commands; the terminal UI's support seat) silently released the first
/// connection's locks, and another process could then reset the write-ahead log under it and a
/// committed change was lost.
enum OpenDatabaseFiles {
  /// A file, by device and inode, whatever path names it.
  struct Identity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`, or nil when nothing is there.
    init?(path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }
  }

  /// How many connections of this process have each file open.
  private static let counts = Mutex<[Identity: Int]>([:])

  /// Runs `open` with every other open and close of this process waiting, telling it whether the
  /// process already has the file at `path` open; records the connection `open` made.
  ///
  /// - Returns: the file's identity, to pass to ``closed(_:)`` once the connection is closed.
  static func opening(_ path: String, _ open: (_ alreadyOpen: Bool) throws -> Void) throws
    -> Identity?
  {
    try counts.withLock { counts in
      let before = Identity(path: path)
      try open(before.map { counts[$0, default: 0] > 0 } ?? false)
      // The file exists now (the open created or found it).
      guard let identity = Identity(path: path) else { return nil }
      counts[identity, default: 0] += 1
      return identity
    }
  }

  /// Records that a connection to `identity` was closed.
  static func closed(_ identity: Identity, _ close: () -> Void) {
    counts.withLock { counts in
      close()
      let remaining = counts[identity, default: 1] - 1
      counts[identity] = remaining > 0 ? remaining : nil
    }
  }
}
