import Foundation

// Build tool: writes a Swift file declaring `let NAME: String` with the contents of a text file,
// as a raw string literal whose delimiter cannot occur in the text.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: EmbedFile INPUT OUTPUT NAME\n".utf8))
  exit(64)
}
let text = try String(contentsOf: URL(fileURLWithPath: arguments[1]), encoding: .utf8)
var hashes = "#"
while text.contains("\"" + hashes) { hashes += "#" }
let source = """
  // Generated at build time from \(URL(fileURLWithPath: arguments[1]).lastPathComponent); do not edit.
  let \(arguments[3]): String = \(hashes)\"\"\"
  \(text)
  \"\"\"\(hashes)

  """
try source.write(to: URL(fileURLWithPath: arguments[2]), atomically: true, encoding: .utf8)
