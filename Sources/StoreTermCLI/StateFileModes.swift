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
    // A database and its -wal and -shm (SQLite gives those the database's mode) are one warning.
    var groups: [(files: [String], mode: mode_t, note: String)] = [
      ([authority], 0o700, ""),
      ([(authority as NSString).appendingPathComponent("leaf.key.pem")], 0o600, ""),
    ]
    for database in [paths.database, paths.appDatabase] {
      groups.append(
        ([database, database + "-wal", database + "-shm"], 0o600, " (with its -wal and -shm)"))
    }
    var warnings: [String] = []
    for group in groups {
      var loosest: mode_t = 0
      var failed = false
      for path in group.files {
        var status = stat()
        // Symbolic links and missing files are left alone: only what storeterm made is fixed.
        guard lstat(path, &status) == 0,
          status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFDIR
        else { continue }
        let current = status.st_mode & 0o777
        guard current & ~group.mode != 0 else { continue }
        loosest |= current
        if chmod(path, group.mode) != 0 { failed = true }
      }
      guard loosest != 0 else { continue }
      let path = group.files[0]
      warnings.append(
        failed
          ? "\(path): mode \(Self.octal(loosest)) lets others read it, and it cannot be changed"
          : "\(path): mode \(Self.octal(loosest)) let others read it\(group.files.count > 1 ? group.note : ""); changed to \(Self.octal(group.mode))"
      )
    }
    return warnings
  }

  private static func octal(_ mode: mode_t) -> String {
    "0" + String(mode, radix: 8)
  }
}
