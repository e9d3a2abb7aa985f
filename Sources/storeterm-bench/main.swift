// storeterm-bench: throughput programs, run in release (`swift run -c release storeterm-bench jws`).
// Benchmarks are programs, never timed assertions in tests.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: storeterm-bench jws [--seconds N]"

guard arguments.first == "jws" else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(64)
}
var seconds = 3.0
if arguments.count == 3, arguments[1] == "--seconds", let value = Double(arguments[2]), value > 0 {
  seconds = value
} else if arguments.count == 2, arguments[1] == "--breakdown" {
  try JWSBreakdown(seconds: 0.5).run()
  exit(0)
} else if arguments.count != 1 {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(64)
}
do {
  let passed = try JWSBenchmark(seconds: seconds).run()
  exit(passed ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("storeterm-bench: \(error)\n".utf8))
  exit(1)
}
