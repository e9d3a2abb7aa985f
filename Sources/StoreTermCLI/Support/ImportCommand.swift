import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// `storeterm import FILE --root CERT`: App Store data, verified and filed under customers.
enum ImportCommand {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Import App Store Server API responses, notifications or JWS lines, verified",
    arguments: ["FILE"],
    options: [
      .value("root", "CERT", help: "The root certificate to trust, DER or PEM (required)"),
      .value(
        "data-environment", "NAME",
        help: "Production, Sandbox, Xcode or LocalTesting: where the data must come from"
          + " (default: --environment)"),
    ],
    examples: [
      "storeterm import history.json --root AppleRootCA-G3.cer --data-environment Production",
      "storeterm import notifications.jsonl --root storeterm-root.der",
    ])

  static func run(_ context: CommandContext) throws {
    let path = context.parsed.arguments[0]
    guard let rootPath = context.parsed.value("root") else {
      throw UsageError("import needs --root CERT: the root certificate the data must chain to")
    }
    let root = try RootCertificateFile.load(rootPath)
    let text = String(decoding: try FileInput.read(path, limit: 256 * 1024 * 1024), as: UTF8.self)
    let candidates: [ImportFile.Candidate]
    do {
      candidates = try ImportFile.candidates(in: text)
    } catch {
      throw CommandFailure("\(path): \(error.description)")
    }
    guard !candidates.isEmpty else { throw CommandFailure("\(path): no signed data to import") }
    var expected = context.identity
    if let name = context.parsed.value("data-environment") {
      // Apple's own data says Production; the simulator never signs as Production, so only
      // import accepts it.
      guard let environment = AppStoreEnvironment(rawValue: name) else {
        throw UsageError(
          "--data-environment \(name): one of Production, Sandbox, Xcode, LocalTesting")
      }
      expected.environment = environment
    }
    let verification = ImportVerification(
      verifier: SignedDataVerifier(
        trustedRoots: [root], configuration: expected,
        now: { Date().timeIntervalSince1970 }))
    let items = verification.items(candidates)
    let ledger = try SQLiteLedger(location: .file(context.paths.database))
    let summary = try SupportDirectory(ledger: ledger).store(
      items, source: (path as NSString).lastPathComponent, at: Date())
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("verified", .number(String(summary.verified))),
          JSONMember("unverified", .number(String(summary.unverified))),
          JSONMember("alreadyImported", .number(String(summary.duplicates))),
          JSONMember("customers", .array(summary.customers.map(JSONValue.string))),
        ]).prettyText + "\n")
      return
    }
    let count = summary.verified + summary.unverified
    context.output.write(
      "imported \(count) \(count == 1 ? "item" : "items") from \(path): "
        + "\(summary.verified) verified, \(summary.unverified) unverified, "
        + "\(summary.duplicates) already imported\n")
    for item in items where !item.isVerified {
      context.output.write(
        "unverified \(item.kind.rawValue) \(item.transactionID ?? "?"): \(item.failure ?? "")\n")
    }
    if !summary.customers.isEmpty {
      context.output.write("customers: " + summary.customers.joined(separator: ", ") + "\n")
    }
  }
}
