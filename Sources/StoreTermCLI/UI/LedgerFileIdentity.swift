import Foundation

/// Which file a ledger path named when the store was opened (its device and inode), so a
/// long-running front end notices when another file takes its place.
///
/// A process holds the file it opened, not its name: when the state folder is emptied and
/// another process creates a ledger there (`storeterm purchase …` in a second terminal), the
/// UI would go on reading the deleted file, its screens empty until restarted.
struct LedgerFileIdentity: Equatable {
  /// The ledger's path.
  let path: String
  /// The file at `path` when opened; nil if none could be read.
  let file: FileID?

  /// A file by device and inode.
  struct FileID: Equatable {
    let device: UInt64
    let inode: UInt64
  }

  /// The file at `path` now.
  init(path: String) {
    self.path = path
    file = Self.file(at: path)
  }

  /// Whether another ledger file now stands at the path: one to open instead.
  ///
  /// A path with no
  /// file (deleted, not created again yet) is not a replacement: the front end never creates
  /// a ledger behind the user's back.
  var isReplaced: Bool {
    guard let now = Self.file(at: path) else { return false }
    return now != file
  }

  private static func file(at path: String) -> FileID? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}
