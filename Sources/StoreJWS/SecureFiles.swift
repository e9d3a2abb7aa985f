import Foundation
import StoreFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The CA's folder steps beside `SafeFileWriter`'s rule: a private staging folder, reading a
/// file whole, and cleaning up a lost creation race.
enum SecureFiles {
  /// Why a file operation failed, naming the path.
  typealias Failure = SafeFileWriter.Failure

  /// Creates a fresh, uniquely named 0700 directory inside `parent`.
  static func makeTemporaryDirectory(in parent: String, prefix: String) throws(Failure) -> String {
    var template = Array("\(parent)/\(prefix).XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
      throw Failure(path: parent, operation: "create a temporary directory in", code: errno)
    }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The whole content of a file.
  static func read(_ path: String) throws(Failure) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(path: path, operation: "read", code: errno == 0 ? ENOENT : errno)
    }
    return Array(data)
  }

  /// Removes a directory tree, ignoring errors (used to clean up a lost creation race).
  static func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
