import Foundation

/// storeterm's private files keep private modes: the signing key at 0600, the `ca/` folder at
/// 0700, the ledger and the app database at 0600.
///
/// They are created that way; a copy, an archive tool or a hand `chmod` can loosen them, after
/// which anyone on the machine could sign "App Store" data or read every customer's history.
/// Opening the store tightens them again and says so, rather than refusing: the files are the
/// user's own and the fix is unambiguous.
enum StateFileModes {
  /// Tightens every loose mode under `paths` and returns one warning per file it changed.
  static func repair(_ paths: StorePaths) -> [String] {
    let authority = (paths.stateDirectory as NSString).appendingPathComponent("ca")
    var expected: [(path: String, mode: mode_t)] = [
      (authority, 0o700), ((authority as NSString).appendingPathComponent("leaf.key.pem"), 0o600),
    ]
    for database in [paths.database, paths.appDatabase] {
      for suffix in ["", "-wal", "-shm"] { expected.append((database + suffix, 0o600)) }
    }
    var warnings: [String] = []
    for (path, mode) in expected {
      var status = stat()
      // Symbolic links and missing files are left alone: only what storeterm made is fixed.
      guard lstat(path, &status) == 0,
        status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFDIR
      else { continue }
      let current = status.st_mode & 0o777
      guard current & ~mode != 0 else { continue }
      guard chmod(path, mode) == 0 else {
        warnings.append(
          "\(path): mode \(Self.octal(current)) lets others read it, and it cannot be changed")
        continue
      }
      warnings.append(
        "\(path): mode \(Self.octal(current)) let others read it; changed to \(Self.octal(mode))")
    }
    return warnings
  }

  private static func octal(_ mode: mode_t) -> String {
    "0" + String(mode, radix: 8)
  }
}
