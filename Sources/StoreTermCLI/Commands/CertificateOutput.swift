import Foundation

/// Where `cert --out PATH` may write: never over storeterm's own state, never over something
/// that is not a regular file, and never over an existing file without `--force`.
///
/// A mistyped `--out` used to replace the ledger or `ca/leaf.key.pem` (after which every stored
/// JWS is unverifiable) or turn `/dev/full` into a regular file; the write itself is a
/// temporary file and a rename, so a reader never sees half a certificate.
enum CertificateOutput {
  /// Throws the refusal for writing the certificate to `path`, or returns the path to write.
  static func check(_ path: String, paths: StorePaths, force: Bool) throws -> String {
    let absolute = Self.absolute(path)
    let resolved = Self.resolved(absolute)
    for (database, name) in [
      (paths.database, "the ledger"), (paths.appDatabase, "the app's database"),
    ]
    where ["", "-wal", "-shm", "-journal"].contains(where: {
      Self.resolved(database + $0) == resolved
    }) {
      throw CommandFailure("\(path): is \(name) (or its journal); choose another --out path")
    }
    let authority = Self.resolved((paths.stateDirectory as NSString).appendingPathComponent("ca"))
    if resolved == authority || resolved.hasPrefix(authority + "/") {
      throw CommandFailure(
        "\(path): is inside the test certificate authority's folder; choose another --out path")
    }
    var status = stat()
    guard lstat(absolute, &status) == 0 else { return absolute }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw CommandFailure("\(path): is not a regular file; choose another --out path")
    }
    if !force {
      throw CommandFailure("\(path): already exists; add --force to replace it")
    }
    return absolute
  }

  /// `path` made absolute against the working directory, with `.` and `..` resolved.
  private static func absolute(_ path: String) -> String {
    let joined =
      path.hasPrefix("/")
      ? path
      : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    return (joined as NSString).standardizingPath
  }

  /// `path` with its folder's symbolic links resolved (the last component kept as named), so
  /// a link to the state folder cannot hide the ledger.
  private static func resolved(_ path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    guard let real = realpath(folder, nil) else { return path }
    defer { free(real) }
    return (String(cString: real) as NSString).appendingPathComponent(name)
  }
}
