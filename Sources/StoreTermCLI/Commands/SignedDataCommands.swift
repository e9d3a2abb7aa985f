import Foundation
import StoreCore
import StoreJWS

/// `storeterm jws`, `storeterm verify` and `storeterm cert`: the signed data and its trust root.
enum SignedDataCommands {
  static let jwsSpec = CommandSpec(
    name: "jws", abstract: "Print a transaction's signed JWS", arguments: ["TRANSACTION_ID"],
    examples: ["storeterm jws 1 | storeterm verify"])
  static let verifySpec = CommandSpec(
    name: "verify",
    abstract: "Verify JWS lines from FILE or standard input; one JSON result per line",
    arguments: ["[FILE|-]"],
    examples: ["storeterm jws 1 | storeterm verify", "storeterm verify tokens.txt"])
  static let certSpec = CommandSpec(
    name: "cert", abstract: "Export the test root certificate to trust in a verifier",
    options: [
      .flag("der", help: "Binary DER (as Xcode's Save Public Certificate writes)"),
      .flag("pem", help: "PEM text (the default)"),
      .value("out", "PATH", help: "Write to PATH instead of standard output"),
      .flag("force", help: "With --out, replace an existing file"),
    ], examples: ["storeterm cert --der --out storeterm-root.der"])

  static func jws(_ context: CommandContext) async throws {
    let text = context.parsed.arguments[0]
    guard let id = UInt64(text) else {
      throw UsageError("\(text): a transaction ID is a whole number, such as 3")
    }
    let store = try context.openStore()
    let record = try store.engine.record(id)
    guard let signed = record.signed else {
      throw CommandFailure("transaction \(id) has no signed data yet: it is \(record.state.phrase)")
    }
    context.output.write(signed.jws + "\n")
  }

  static func verify(_ context: CommandContext) throws -> Bool {
    let source = context.parsed.arguments.first ?? "-"
    let bytes: [UInt8]
    if source == "-" {
      bytes = context.output.readStandardInput()
    } else {
      bytes = try FileInput.read(source, limit: 256 * 1024 * 1024)
    }
    let authority = try authority(context)
    // `exp` and `nbf` are checked against the real clock too, as Apple's library does.
    let verifier = JWSLineVerifier(
      verifier: SignedDataVerifier(
        trustedRoots: [authority.rootCertificate], configuration: context.identity,
        now: { Date().timeIntervalSince1970 }))
    let text = String(decoding: bytes, as: UTF8.self)
    let run = verifier.verify(lines: text.split(separator: "\n", omittingEmptySubsequences: false))
    for line in run.outputLines { context.output.write(line + "\n") }
    if run.outputLines.isEmpty {
      throw CommandFailure("\(source == "-" ? "standard input" : source): no JWS lines to verify")
    }
    return run.allVerified
  }

  static func cert(_ context: CommandContext) throws {
    if context.parsed.flag("der"), context.parsed.flag("pem") {
      throw UsageError("--der and --pem cannot be used together")
    }
    let format: RootCertificateExport.Format = context.parsed.flag("der") ? .der : .pem
    // The target is checked before anything is created, so a refusal leaves no trace.
    let target = try context.parsed.value("out").map {
      try WritablePath.check(
        $0, option: "--out", paths: context.paths,
        existing: .replace(force: context.parsed.flag("force")))
    }
    let bytes = RootCertificateExport.export(try authority(context).rootCertificate, format: format)
    if let path = context.parsed.value("out"), let target {
      do {
        try RootCertificateExport.write(bytes, to: target)
      } catch {
        throw CommandFailure("\(path): cannot be written (\(error))")
      }
      context.output.write(
        "wrote the test root certificate (\(format.rawValue.uppercased())) to \(path)\n")
    } else if format == .pem {
      context.output.write(String(decoding: bytes, as: UTF8.self))
    } else {
      context.output.write(bytes: bytes)
    }
  }

  private static func authority(_ context: CommandContext) throws -> TestCertificateAuthority {
    let directory = context.paths.stateDirectory
    do {
      return try TestCertificateAuthority.loadOrCreate(stateDirectory: directory)
    } catch {
      throw CommandFailure(
        "\(directory): the test certificate authority cannot be set up (\(error))")
    }
  }
}
