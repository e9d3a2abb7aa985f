import Foundation

/// Reads an input file named on the command line, with one-sentence errors.
enum FileInput {
  static func read(_ path: String, limit: Int) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CommandFailure("\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw CommandFailure("\(path): is a directory") }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= limit else {
      throw CommandFailure(
        "\(path): is \(size / 1_048_576) MB, larger than \(limit / 1_048_576) MB")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure("\(path): cannot be read")
    }
    return Array(data)
  }
}
