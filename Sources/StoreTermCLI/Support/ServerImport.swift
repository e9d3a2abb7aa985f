import Foundation
import StoreCore
import StoreJWS

/// The options of `storeterm import --server URL`, checked before anything is fetched: the URL,
/// the `.p8` key and its IDs, and the root the fetched data must chain to.
struct ServerImport {
  /// The options that only mean something with `--server`.
  static let options = ["key", "key-id", "issuer-id", "bundle-id"]

  let client: ServerImportClient

  init(_ context: CommandContext, server: String) throws {
    guard let url = URL(string: server), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false, url.query == nil
    else {
      throw UsageError(
        "--server \(server): not an http or https URL, such as http://127.0.0.1:8090")
    }
    var missing: [String] = []
    for name in ["key", "key-id", "issuer-id"] where context.parsed.value(name) == nil {
      missing.append("--\(name)")
    }
    guard missing.isEmpty, let keyPath = context.parsed.value("key"),
      let keyID = context.parsed.value("key-id"), let issuerID = context.parsed.value("issuer-id")
    else {
      throw UsageError(
        "import --server needs \(missing.joined(separator: ", ")): the API key that signs requests")
    }
    let key: P256PrivateKey
    do {
      key = try P256PrivateKey(pem: try FileInput.read(keyPath, limit: 64 * 1024))
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure(
        "\(keyPath): not an App Store Server API key (a .p8 file: a P-256 private key in PEM)")
    }
    var base = server
    while base.hasSuffix("/") { base.removeLast() }
    client = ServerImportClient(
      base: base, key: key, keyID: keyID, issuerID: issuerID,
      bundleID: context.parsed.value("bundle-id") ?? context.identity.bundleId,
      now: { Date() })
  }

  /// The root named by `--root`, else the root of the storeterm CA beside this ledger (which
  /// must exist already: a new CA could verify nothing).
  func root(_ context: CommandContext) throws -> Certificate {
    if let path = context.parsed.value("root") { return try RootCertificateFile.load(path) }
    let directory = context.paths.stateDirectory
    let folder = (directory as NSString).appendingPathComponent(
      TestCertificateAuthority.directoryName)
    guard FileManager.default.fileExists(atPath: folder) else {
      throw CommandFailure(
        "\(directory): no storeterm CA here to verify against; name the root with --root CERT")
    }
    do {
      return try TestCertificateAuthority.loadOrCreate(stateDirectory: directory).rootCertificate
    } catch {
      throw CommandFailure("\(folder): the storeterm CA cannot be read (\(error))")
    }
  }
}
