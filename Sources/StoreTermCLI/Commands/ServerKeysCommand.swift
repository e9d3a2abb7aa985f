import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// `storeterm server-keys create | list | revoke KEY_ID`: the App Store Server API keys that
/// `storeterm serve` accepts, as App Store Connect's In-App Purchase keys.
enum ServerKeysCommand {
  static let actions = ["create", "list", "revoke"]

  static let spec = CommandSpec(
    name: "server-keys",
    abstract: "App Store Server API keys for storeterm serve: create (writes a .p8), list, revoke",
    arguments: ["ACTION", "[KEY_ID]"],
    options: [
      .value(
        "out", "PATH",
        help: "create: where to write the private key (default: server-keys/ beside the ledger)")
    ],
    examples: [
      "storeterm server-keys create --out SubscriptionKey.p8", "storeterm server-keys list",
    ])

  static func run(_ context: CommandContext) throws {
    let action = context.parsed.arguments[0]
    guard actions.contains(action) else {
      throw UsageError("'\(action)' is not a server-keys action (create, list, revoke)")
    }
    let keyArgument = context.parsed.arguments.dropFirst().first
    if action == "revoke", keyArgument == nil {
      throw UsageError("server-keys revoke needs the key ID to revoke")
    }
    if action != "revoke", let keyArgument {
      throw UsageError("server-keys \(action) takes no key ID (got '\(keyArgument)')")
    }
    if action != "create", context.parsed.value("out") != nil {
      throw UsageError("--out is for server-keys create")
    }
    let directory = try context.openServerStores().keys
    switch action {
    case "create": try create(context, directory)
    case "list": try list(context, directory)
    default: try revoke(keyArgument ?? "", context, directory)
    }
  }

  private static func create(_ context: CommandContext, _ directory: any ServerKeyStore) throws {
    let key = try P256PrivateKey.generate()
    let keyID = newKeyID()
    // A path the user names is checked like every other output; the default is storeterm's own.
    if let out = context.parsed.value("out") {
      _ = try WritablePath.check(out, option: "--out", paths: context.paths, existing: .refuse)
    }
    let path =
      context.parsed.value("out")
      ?? (context.paths.stateDirectory as NSString).appendingPathComponent(
        "server-keys/SubscriptionKey_\(keyID).p8")
    do {
      try APIKeyFiles.writePrivateKey(key, to: path)
    } catch {
      throw CommandFailure("\(path): the private key cannot be written (\(error))")
    }
    let stored: ServerKey
    do {
      stored = try directory.addKey(
        keyID: keyID, publicKeyDER: try APIKeyFiles.publicKeyDER(key), date: Date(),
        makeIssuerID: { RandomIdentifiers().makeUUID().uuidString.lowercased() })
    } catch {
      unlink(path)
      throw error
    }
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("keyId", .string(stored.keyID)),
          JSONMember("issuerId", .string(stored.issuerID)),
          JSONMember("privateKeyPath", .string(path)),
        ]).prettyText + "\n")
    } else {
      context.output.write(
        """
        key ID       \(stored.keyID)
        issuer ID    \(stored.issuerID)
        private key  \(path) (mode 0600; storeterm keeps only the public key)

        """)
    }
  }

  private static func list(_ context: CommandContext, _ directory: any ServerKeyStore) throws {
    let keys = try directory.keys()
    if context.json {
      context.output.write(
        JSONValue.array(
          keys.map { key in
            .object([
              JSONMember("keyId", .string(key.keyID)),
              JSONMember("issuerId", .string(key.issuerID)),
              JSONMember("createdDate", .number(String(key.createdDate.epochMilliseconds))),
              JSONMember(
                "revokedDate",
                key.revokedDate.map { .number(String($0.epochMilliseconds)) } ?? .null),
            ])
          }
        ).prettyText + "\n")
      return
    }
    guard !keys.isEmpty else {
      context.output.write("no server keys yet: storeterm server-keys create\n")
      return
    }
    var table = TextTable(headers: ["KEY ID", "ISSUER ID", "CREATED", "STATE"])
    for key in keys {
      table.rows.append([
        key.keyID, key.issuerID, timestamp(key.createdDate),
        key.revokedDate.map { "revoked \(timestamp($0))" } ?? "active",
      ])
    }
    context.output.write(table.render())
  }

  private static func revoke(
    _ keyID: String, _ context: CommandContext, _ directory: any ServerKeyStore
  ) throws {
    guard try directory.revokeKey(keyID, date: Date()) else {
      throw CommandFailure(
        "\(keyID): no such server key (see storeterm server-keys list)")
    }
    context.output.write("revoked server key \(keyID): tokens it signs now get 401\n")
  }

  /// Ten characters from A–Z and 0–9, as App Store Connect's key IDs.
  private static func newKeyID() -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    let uuid = RandomIdentifiers().makeUUID().uuid
    // Bytes 6 and 8 carry the UUID's version and variant bits; the other fourteen are random.
    let bytes = withUnsafeBytes(of: uuid) { Array($0) }
    let random = [0, 1, 2, 3, 4, 5, 7, 9, 10, 11].map { bytes[$0] }
    return String(random.map { alphabet[Int($0) % alphabet.count] })
  }

  private static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}
