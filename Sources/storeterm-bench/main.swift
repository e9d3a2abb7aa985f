// storeterm-bench: throughput programs, run in release (`swift run -c release storeterm-bench jws`).
// Benchmarks are programs, never timed assertions in tests.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage =
  "usage: storeterm-bench jws [--seconds N] [--rounds N] | jws --breakdown"
  + " | purchase [--seconds N] [--rounds N] | renewals [--subscribers N] | render"

if arguments == ["render"] {
  do {
    exit(try RenderBenchmark().run() ? 0 : 1)
  } catch {
    FileHandle.standardError.write(Data("storeterm-bench: \(error)\n".utf8))
    exit(1)
  }
}
if arguments.first == "renewals" {
  var subscribers = 10_000
  if arguments.count == 3, arguments[1] == "--subscribers", let count = Int(arguments[2]), count > 0
  {
    subscribers = count
  } else if arguments.count != 1 {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
  }
  do {
    exit(try RenewalBenchmark(subscribers: subscribers).run() ? 0 : 1)
  } catch {
    FileHandle.standardError.write(Data("storeterm-bench: \(error)\n".utf8))
    exit(1)
  }
}
guard arguments.first == "jws" || arguments.first == "purchase" else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(64)
}
var seconds = 3.0
var rounds = 3
var rest = arguments.dropFirst()
if rest.first == "--breakdown", rest.count == 1 {
  try JWSBreakdown(seconds: 0.5).run()
  exit(0)
}
while let option = rest.popFirst() {
  guard let text = rest.popFirst(), let value = Double(text), value > 0 else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
  }
  switch option {
  case "--seconds": seconds = value
  case "--rounds": rounds = max(1, Int(value))
  default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
  }
}
do {
  let passed =
    arguments.first == "purchase"
    ? try PurchaseBenchmark(seconds: seconds, rounds: rounds).run()
    : try JWSBenchmark(seconds: seconds, rounds: rounds).run()
  exit(passed ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("storeterm-bench: \(error)\n".utf8))
  exit(1)
}
