import Foundation
import StoreFiles

/// Where a path the user names for storeterm to write (`cert --out`, `ui --log-file`,
/// `server-keys create --out`) may point: never at storeterm's own state (the ledger, the app
/// database, their journals, anything in `ca/` or `server-keys/`), never at a private key,
/// never at a link, a folder or a device, and over an existing file only when allowed.
///
/// The write itself then goes through `SafeFileWriter`, which never follows a link even if one
/// appears after this check. A mistyped `--out` used to replace the ledger or the CA's key, and
/// a link made `cert --out` and `--log-file` write wherever it pointed.
enum WritablePath {
  /// What may happen to a regular file already at the path.
  enum Existing {
    /// It is refused (a key is never overwritten).
    case refuse
    /// It is replaced when `force` is set (`--force`), refused otherwise.
    case replace(force: Bool)
    /// It is appended to (a log).
    case append
  }

  /// Throws the refusal for writing to `path` (given as `option`'s value), or returns the path
  /// to write, made absolute with its links left as they are.
  static func check(
    _ path: String, option: String, paths: StorePaths, existing: Existing
  ) throws -> String {
    let absolute =
      path.hasPrefix("/")
      ? path
      : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    let choose = "choose another \(option) path"
    let resolved = Self.resolved(absolute)
    for (database, name) in [
      (paths.database, "the ledger"), (paths.appDatabase, "the app's database"),
    ]
    where ["", "-wal", "-shm", "-journal"].contains(where: {
      Self.resolved(database + $0) == resolved
    }) {
      throw CommandFailure("\(path): is \(name) (or its journal); \(choose)")
    }
    for (folder, name) in [
      ("ca", "the test certificate authority's folder"), ("server-keys", "the server keys' folder"),
    ] {
      let protected = Self.resolved(
        (paths.stateDirectory as NSString).appendingPathComponent(folder))
      if resolved == protected || resolved.hasPrefix(protected + "/") {
        throw CommandFailure("\(path): is inside \(name); \(choose)")
      }
    }
    switch SafeFileWriter.kind(of: absolute) {
    case .missing: return absolute
    case .symbolicLink:
      throw CommandFailure(
        "\(path): is a symbolic link, and storeterm never writes through one; \(choose)")
    case .directory, .other: throw CommandFailure("\(path): is not a regular file; \(choose)")
    case .regular: break
    }
    if Self.holdsPrivateKey(absolute) {
      throw CommandFailure("\(path): holds a private key; \(choose)")
    }
    switch existing {
    case .append:
      // Appending writes into the file itself, so a second name for the ledger would do.
      var info = stat()
      if stat(absolute, &info) == 0, info.st_nlink > 1 {
        throw CommandFailure(
          "\(path): has other names (hard links), and one could be storeterm's own state; \(choose)"
        )
      }
    case .replace(force: true): break
    case .replace(force: false):
      throw CommandFailure("\(path): already exists; add --force to replace it")
    case .refuse: throw CommandFailure("\(path): already exists; \(choose)")
    }
    return absolute
  }

  /// `path` with its folder's symbolic links, `.` and `..` resolved (the last component kept as
  /// named), so a link to the state folder cannot hide the ledger.
  private static func resolved(_ path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    guard let real = realpath(folder, nil) else { return path }
    defer { free(real) }
    return (String(cString: real) as NSString).appendingPathComponent(name)
  }

  /// Whether the file starts like a PEM private key (a `.p8` or the CA's key moved elsewhere).
  private static func holdsPrivateKey(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = String(decoding: (try? handle.read(upToCount: 64)) ?? Data(), as: UTF8.self)
    return head.hasPrefix("-----BEGIN") && head.contains("PRIVATE KEY-----")
  }
}
