import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh private directory under the system temporary directory, removed on `deinit`.
final class TemporaryDirectory {
  let path: String

  init() throws {
    let base = URL(fileURLWithPath: NSTemporaryDirectory()).path
    var template = Array((base + "/storeterm-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown)
    }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the directory (not created).
  func file(_ name: String) -> String { path + "/" + name }
}

/// The permission bits of a file or directory.
func permissions(of path: String) -> mode_t {
  var info = stat()
  guard stat(path, &info) == 0 else { return 0 }
  return info.st_mode & 0o777
}

/// The bytes of a file.
func contents(of path: String) -> Data? {
  FileManager.default.contents(atPath: path)
}
