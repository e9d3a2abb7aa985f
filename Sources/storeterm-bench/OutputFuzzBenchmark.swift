import Foundation
import StoreCore
import StoreJWS
import StoreTermCLI
import StoreTermTestSupport

/// The output half of `storeterm-bench fuzz`: hostile characters in, none printed raw.
///
/// Control, escape and bidi characters are injected into every string field of a catalog or a
/// signed payload, and each command's printed output (both streams) is checked for any of them
/// sent raw. The goal is 0 in every run.
struct OutputFuzzBenchmark {
  var cases: Int
  var seed: UInt64 = 20_261_202

  /// What the injector draws from: C0, DEL, C1, bidi controls and whole escape sequences.
  static let hostile: [String] = {
    var pieces = (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) }
    pieces += (0x7F...0x9F).map { String(Unicode.Scalar(UInt32($0))!) }
    pieces += [
      0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067,
      0x2068, 0x2069,
    ].map { String(Unicode.Scalar(UInt32($0))!) }
    pieces += ["\u{1B}]0;pwned\u{07}", "\u{1B}[31m", "\u{1B}[2J", "\u{1B}P+q\u{1B}\\", "\r\u{08}"]
    return pieces
  }()

  /// `value` with one to three hostile pieces inserted into every string (keys stay).
  static func inject(_ value: JSONValue, using random: inout SeededGenerator) -> JSONValue {
    switch value {
    case .string(let text):
      var scalars = Array(text.unicodeScalars)
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let at = Int.random(in: 0...scalars.count, using: &random)
        scalars.insert(contentsOf: hostile.randomElement(using: &random)!.unicodeScalars, at: at)
      }
      var result = String.UnicodeScalarView()
      result.append(contentsOf: scalars)
      return .string(String(result))
    case .array(let elements): return .array(elements.map { inject($0, using: &random) })
    case .object(let members):
      return .object(members.map { JSONMember($0.key, inject($0.value, using: &random)) })
    default: return value
    }
  }

  /// Raw characters a terminal would act on, other than newline and tab.
  static func rawControls(in text: String) -> Int {
    text.unicodeScalars.reduce(0) { count, scalar in
      let value = scalar.value
      let bad =
        scalar != "\n" && scalar != "\t"
        && (value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C
          || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
          || (0x2066...0x2069).contains(value))
      return count + (bad ? 1 : 0)
    }
  }

  func run() async throws -> Bool {
    let folder = try TestPaths.temporaryDirectory()
    let db = folder.appending(path: "ledger.sqlite").path
    let environment = ["XDG_STATE_HOME": folder.path]
    let demo = try JSONParser.parse(Array(try Data(contentsOf: TestPaths.demoCatalog)))
    for product in ["dev.storeterm.demo.coins.100", "dev.storeterm.demo.plus.monthly"] {
      _ = await StoreTermCommand.run(
        ["purchase", product, "--db", db], output: CapturedOutput(), environment: environment)
    }
    let root = folder.appending(path: "root.pem").path
    _ = await StoreTermCommand.run(
      ["cert", "--out", root, "--db", db], output: CapturedOutput(), environment: environment)
    let signer = try TestCertificateAuthority.loadOrCreate(stateDirectory: folder.path)
      .makeSigner()
    let payload = try JSONParser.parse(JWSBenchmark.samplePayload().jsonBytes())
    var random = SeededGenerator(seed: seed)
    var raw = 0
    var badJSON = 0
    var support = folder.appending(path: "support-0.sqlite").path
    let started = Date()
    for index in 0..<cases {
      let config = folder.appending(path: "Fuzz.storekit").path
      var arguments: [String]
      var input: [UInt8] = []
      let kind = index % 8
      if kind < 5 {
        try Data(Self.inject(demo, using: &random).prettyText.utf8).write(
          to: URL(fileURLWithPath: config))
        let commands = [
          ["products"], ["products", "--json"], ["balances"], ["transactions"], ["status"],
        ]
        arguments = commands[kind] + ["--config", config, "--db", db, "--verbose"]
      } else {
        let token = try signer.sign(
          payloadJSON: Array(Self.inject(payload, using: &random).compactText.utf8))
        let file = folder.appending(path: "import.txt").path
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: file))
        if index % 5_000 == 5 { support = folder.appending(path: "support-\(index).sqlite").path }
        switch kind {
        case 5:
          arguments = ["verify", "--db", db]
          input = Array((token + "\n").utf8)
        case 6: arguments = ["import", file, "--root", root, "--db", support]
        default: arguments = ["customers", "--db", support]
        }
      }
      let output = CapturedOutput(input: input)
      let status = await StoreTermCommand.run(arguments, output: output, environment: environment)
      let found = Self.rawControls(in: output.standardOutput + output.standardError)
      if found > 0 && raw < 3 {
        print(
          "raw control in \(arguments[0]): \(output.standardOutput.debugDescription.prefix(300))")
      }
      raw += found
      // A catalog the injection made invalid is refused (on standard error); the JSON is checked
      // whenever there is one.
      if status == 0, arguments.contains("--json"),
        (try? JSONParser.parse(output.standardOutput)) == nil
      {
        badJSON += 1
      }
    }
    let seconds = Date().timeIntervalSince(started)
    print(
      "fuzz output: \(cases) cases (seed \(seed)) in \(String(format: "%.1f", seconds)) s:"
        + " \(raw) raw controls printed, \(badJSON) --json outputs not JSON")
    try? FileManager.default.removeItem(at: folder)
    return raw == 0 && badJSON == 0
  }
}
