import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// File operations that create private files and directories with their final modes at once.
///
/// Modes are passed to `open(2)`/`mkdir(2)` rather than set by `chmod` afterwards, so a key is
/// never readable by others, not even for an instant.
enum SecureFiles {
  /// Why a file operation failed, naming the path.
  struct Failure: Error, Sendable, CustomStringConvertible {
    var path: String
    var operation: String
    var code: Int32

    var description: String {
      "could not \(operation) \(path): \(SecureFiles.message(code))"
    }
  }

  /// Creates `path` and any missing parents with mode 0700; existing directories are kept.
  static func makeDirectory(_ path: String) throws(Failure) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try makeDirectory(parent) }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw Failure(path: path, operation: "create the directory", code: errno)
    }
  }

  /// Creates a fresh, uniquely named 0700 directory inside `parent`.
  static func makeTemporaryDirectory(in parent: String, prefix: String) throws(Failure) -> String {
    var template = Array("\(parent)/\(prefix).XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
      throw Failure(path: parent, operation: "create a temporary directory in", code: errno)
    }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Writes a new file (which must not exist) created with `mode`.
  static func writeNewFile(_ path: String, _ bytes: [UInt8], mode: mode_t) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw Failure(path: path, operation: "create", code: errno) }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(path: path, operation: "write", code: errno)
      }
      offset += written
    }
    guard fsync(descriptor) == 0 else { throw Failure(path: path, operation: "sync", code: errno) }
  }

  /// Writes `path` whole, replacing any existing file atomically (temporary file + rename).
  static func replaceFile(_ path: String, _ bytes: [UInt8], mode: mode_t) throws(Failure) {
    let temporary = path + ".tmp-\(getpid())"
    unlink(temporary)
    try writeNewFile(temporary, bytes, mode: mode)
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw Failure(path: path, operation: "replace", code: code)
    }
  }

  /// The whole content of a file.
  static func read(_ path: String) throws(Failure) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(path: path, operation: "read", code: errno == 0 ? ENOENT : errno)
    }
    return Array(data)
  }

  /// The C library's text for an errno value.
  static func message(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let length = strlen(text)
    return text.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }

  /// Removes a directory tree, ignoring errors (used to clean up a lost creation race).
  static func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
