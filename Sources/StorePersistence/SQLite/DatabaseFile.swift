import Foundation
import StoreFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File-system steps around opening a database: private directories, a private file, no surprises.
///
/// Folders and the file are created by `SafeFileWriter` (0700 and 0600, `O_EXCL | O_NOFOLLOW`),
/// so there is no moment when the ledger is readable by others, and a database path that is a
/// symbolic link is refused: SQLite would write through it. SQLite creates the `-wal` and `-shm`
/// files with the mode of the database file, so they are 0600 too.
enum DatabaseFile {
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
    do {
      try SafeFileWriter.createNew(path, [])
      return .empty
    } catch let failure where failure.code == EEXIST {
      // Someone (another storeterm process, or the user) already has something there: inspect it.
    } catch {
      throw PersistenceError.cannotCreate(path: path, reason: describe(error.code))
    }
    try refuseLink(path)
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
    try refuseLink(path)
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
    var current = directory
    while !current.isEmpty, current != "/", SafeFileWriter.kind(of: current) == .missing {
      current = (current as NSString).deletingLastPathComponent
    }
    var info = stat()
    if !current.isEmpty, !(stat(current, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) {
      throw PersistenceError.cannotCreate(path: directory, reason: "\(current) is not a directory")
    }
    do {
      try SafeFileWriter.makeDirectories(directory)
    } catch {
      throw PersistenceError.cannotCreate(path: error.path, reason: describe(error.code))
    }
  }

  /// A database path that is a symbolic link is refused: SQLite would read and write through it.
  private static func refuseLink(_ path: String) throws {
    if SafeFileWriter.kind(of: path) == .symbolicLink {
      throw PersistenceError.notADatabase(
        path: path, reason: "it is a symbolic link, and storeterm never writes through one")
    }
  }

  /// The C library's text for an `errno` value, lowercased to sit inside a sentence.
  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}
