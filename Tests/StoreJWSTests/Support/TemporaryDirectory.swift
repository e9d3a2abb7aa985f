import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    let path = (base as NSString).appendingPathComponent("storeterm-jws-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    self.path = path
  }

  func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
