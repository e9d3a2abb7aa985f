import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File-system steps around opening a database: private directories, a private file, no surprises.
///
/// Permissions are set by the calls that create things (`mkdir(2)` with 0700, `open(2)` with
/// `O_CREAT | O_EXCL` and 0600) rather than fixed with `chmod` afterwards, so there is no moment
/// when the ledger is readable by others. SQLite creates the `-wal` and `-shm` files with the mode
/// of the database file, so they are 0600 too.
enum DatabaseFile {
  /// The mode of directories storeterm creates for its state.
  static let directoryMode: mode_t = 0o700
  /// The mode of database files storeterm creates.
  static let fileMode: mode_t = 0o600

  /// What `prepare` found at the path.
  enum State: Equatable {
    /// The file was missing or empty: SQLite will start a new database in it.
    case empty
    /// The file has content, which must be checked before it is trusted.
    case existing(size: Int64)
  }

  /// Creates missing parent directories (0700) and a missing database file (0600).
  ///
  /// Existing directories and files are left exactly as they are, permissions included.
  static func prepare(path: String) throws -> State {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty { try makeDirectories(directory) }

    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
    if descriptor >= 0 {
      close(descriptor)
      return .empty
    }
    let openError = errno
    // Someone (another storeterm process, or the user) already has a file there: inspect it.
    guard openError == EEXIST else {
      throw PersistenceError.cannotCreate(path: path, reason: describe(openError))
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw PersistenceError.cannotCreate(path: path, reason: describe(errno))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw PersistenceError.notADatabase(path: path, reason: "it is not a regular file")
    }
    return info.st_size == 0 ? .empty : .existing(size: Int64(info.st_size))
  }

  /// The size of the existing regular file at `path`, for opening it read-only.
  ///
  /// - Throws: `PersistenceError.missingDatabase` when nothing is there (read-only creates
  ///   nothing), `PersistenceError.notADatabase` for a directory or an empty file.
  static func existingSize(path: String) throws -> Int64 {
    var info = stat()
    guard stat(path, &info) == 0 else { throw PersistenceError.missingDatabase(path: path) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw PersistenceError.notADatabase(path: path, reason: "it is not a regular file")
    }
    guard info.st_size > 0 else { throw PersistenceError.missingDatabase(path: path) }
    return Int64(info.st_size)
  }

  /// Creates `directory` and every missing ancestor with mode 0700, outermost first.
  private static func makeDirectories(_ directory: String) throws {
    var missing: [String] = []
    var current = directory
    while !current.isEmpty, current != "/", !exists(current) {
      missing.append(current)
      current = (current as NSString).deletingLastPathComponent
    }
    if !current.isEmpty, !isDirectory(current) {
      throw PersistenceError.cannotCreate(path: directory, reason: "\(current) is not a directory")
    }
    for path in missing.reversed() {
      // EEXIST means a concurrent process made it first, which is fine if it is a directory.
      if mkdir(path, directoryMode) != 0, !(errno == EEXIST && isDirectory(path)) {
        throw PersistenceError.cannotCreate(path: path, reason: describe(errno))
      }
    }
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  private static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The C library's text for an `errno` value, lowercased to sit inside a sentence.
  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}
