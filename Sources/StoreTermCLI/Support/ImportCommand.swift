import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StorePostgres

/// `storeterm import FILE --root CERT`: App Store data, verified and filed under customers;
/// `storeterm import --server URL … TRANSACTION_ID`: the same, fetched from an App Store Server
/// API.
enum ImportCommand {
  /// How many unverified items the summary lists one by one.
  static let unverifiedLines = 20

  static let spec = CommandSpec(
    name: "import",
    abstract: "Import App Store Server API responses, notifications or JWS lines, verified",
    arguments: ["FILE|TRANSACTION_ID"],
    options: [
      .value(
        "root", "CERT",
        help: "The root certificate to trust, DER or PEM (required for FILE; with --server the"
          + " default is this ledger's storeterm CA)"),
      .value(
        "server", "URL",
        help: "Fetch TRANSACTION_ID's customer (every history page and the subscription"
          + " statuses) from this App Store Server API"),
      .value("key", "P8", help: "With --server: the API key's private key file (.p8)"),
      .value("key-id", "ID", help: "With --server: the API key's key ID"),
      .value("issuer-id", "ID", help: "With --server: the issuer ID"),
      .value(
        "bundle-id", "ID",
        help: "With --server: the app's bundle ID in the token (default: --bundle-id's)"),
      .value(
        "data-environment", "NAME",
        help: "Production, Sandbox, Xcode or LocalTesting: where the data must come from"
          + " (default: --environment)"),
    ],
    examples: [
      "storeterm import history.json --root AppleRootCA-G3.cer --data-environment Production",
      "storeterm import notifications.jsonl --root storeterm-root.der",
      "storeterm import --server http://127.0.0.1:8090 --key key.p8 --key-id KEYID"
        + " --issuer-id ISSUER --environment Sandbox 1",
    ])

  static func run(_ context: CommandContext) async throws {
    let argument = context.parsed.arguments[0]
    let root: Certificate
    let candidates: [ImportFile.Candidate]
    let source: String
    if let server = context.parsed.value("server") {
      let fetch = try ServerImport(context, server: server)
      root = try fetch.root(context)
      candidates = try await fetch.client.candidates(transactionID: argument)
      guard !candidates.isEmpty else {
        throw CommandFailure("\(argument): the server sent no signed data for it")
      }
      source = server
    } else {
      for name in ServerImport.options where context.parsed.value(name) != nil {
        throw UsageError("--\(name) works only with --server URL")
      }
      guard let rootPath = context.parsed.value("root") else {
        throw UsageError("import needs --root CERT: the root certificate the data must chain to")
      }
      root = try RootCertificateFile.load(rootPath)
      candidates = try fileCandidates(argument)
      source = (argument as NSString).lastPathComponent
    }
    // The summary names where the data came from: the file as given, or the server.
    try store(
      candidates, root: root, source: source,
      shown: context.parsed.value("server") ?? argument, context)
  }

  private static func fileCandidates(_ path: String) throws -> [ImportFile.Candidate] {
    // The `.storekit` cap: a larger file of short lines once took minutes and gigabytes.
    let text = String(
      decoding: try FileInput.read(path, limit: ConfigurationFile.maximumSize), as: UTF8.self)
    let candidates: [ImportFile.Candidate]
    do {
      candidates = try ImportFile.candidates(in: text)
    } catch {
      throw CommandFailure("\(path): \(error.description)")
    }
    guard !candidates.isEmpty else { throw CommandFailure("\(path): no signed data to import") }
    return candidates
  }

  /// Verifies `candidates` against `root` and files them, as `import FILE` always has.
  private static func store(
    _ candidates: [ImportFile.Candidate], root: Certificate, source: String, shown path: String,
    _ context: CommandContext
  ) throws {
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
    let directory: any SupportStore =
      if let uri = context.paths.postgres {
        PostgresSupportDirectory(ledger: try StoreContext.openPostgres(uri, readOnly: false))
      } else {
        SupportDirectory(ledger: try SQLiteLedger(location: .file(context.paths.database)))
      }
    let summary = try directory.store(items, source: source, at: Date())
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
    // One line per unverified item, up to a screenful: a file of garbage lines once printed
    // hundreds of megabytes. `storeterm customer` shows each stored item.
    let unverified = items.filter { !$0.isVerified }
    for item in unverified.prefix(Self.unverifiedLines) {
      context.output.write(
        "unverified \(item.kind.rawValue) \(item.transactionID ?? "?"): \(item.failure ?? "")\n")
    }
    if unverified.count > Self.unverifiedLines {
      context.output.write(
        "… and \(unverified.count - Self.unverifiedLines) more unverified items\n")
    }
    if !summary.customers.isEmpty {
      context.output.write("customers: " + summary.customers.joined(separator: ", ") + "\n")
    }
  }
}
