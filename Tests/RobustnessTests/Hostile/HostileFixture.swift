import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

/// Hostile inputs for the issue 17 cases: catalog text and signed App Store data carrying
/// escape sequences, controls and bidi controls, and helpers to check what was printed.
enum HostileFixture {
  /// A title change, a bell, a colour, a carriage return, a backspace, C1 CSI, NUL, a bidi
  /// override, DEL, a newline and a tab: everything a terminal acts on.
  static let payload = "T\u{1B}]0;pwned\u{07}\u{1B}[31mRED\r\u{08}\u{9B}\u{00}\u{202E}\u{7F}\n\tX"

  /// The raw characters that must never reach a terminal in storeterm's printed output.
  static func rawControls(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      let value = scalar.value
      if scalar == "\n" || scalar == "\t" { return false }
      return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
        || [0x061C, 0x200E, 0x200F].contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
    }
  }

  /// A fresh folder for one test's ledger.
  static func folder() throws -> URL { try TestPaths.temporaryDirectory() }

  /// A ledger with one purchase (transaction 1) in a fresh folder, and its path.
  static func ledger() async throws -> (folder: URL, db: String) {
    let folder = try folder()
    let db = folder.appending(path: "ledger.sqlite").path
    let bought = await runStoreTerm(["purchase", "dev.storeterm.demo.coins.100", "--db", db])
    #expect(bought.status == 0, "\(bought.standardError)")
    return (folder, db)
  }

  /// Runs `arguments` against `db` and expects exit `status`, exactly `error` on standard
  /// error, and an unchanged ledger.
  static func expectRefusal(
    _ arguments: [String], db: String, status: Int32 = 1, error: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let before = try? checksum(db)
    let run = await runStoreTerm(arguments + ["--db", db])
    #expect(run.status == status, sourceLocation: sourceLocation)
    #expect(run.standardError == "storeterm: " + error, sourceLocation: sourceLocation)
    let after = try? checksum(db)
    #expect(after != nil && after == before, "the ledger changed", sourceLocation: sourceLocation)
  }

  /// The permission bits of `path`.
  static func mode(_ path: String) -> Int {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    return (attributes?[.posixPermissions] as? Int ?? -1) & 0o777
  }

  /// Demo.storekit with `payload` appended to every display name and description (a product
  /// ID with a control is refused outright: `HostileBoundsTests`).
  static func hostileCatalog(in folder: URL) throws -> String {
    var text = try String(contentsOf: TestPaths.demoCatalog, encoding: .utf8)
    let escaped = JSONValue.string(payload).compactText.dropFirst().dropLast()
    for key in ["displayName", "description"] {
      let pattern = try Regex("(\"\(key)\" : \")([^\"]*)\"")
      text = text.replacing(pattern) { match in
        "\(match.output[1].substring ?? "")\(match.output[2].substring ?? "")\(escaped)\""
      }
    }
    let path = folder.appending(path: "Hostile.storekit").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Demo.storekit with one text replacement, written to `folder`.
  static func catalog(replacing old: String, with new: String, in folder: URL) throws -> String {
    let text = try String(contentsOf: TestPaths.demoCatalog, encoding: .utf8)
    #expect(text.contains(old))
    let path = folder.appending(path: "Edited.storekit").path
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(
      to: URL(fileURLWithPath: path))
    return path
  }

  /// A transaction payload for the demo app, as Apple would sign it.
  static func transaction(
    id: String = "902", original: String = "902", product: String = "dev.storeterm.demo.lifetime",
    storefront: String = "USA"
  ) -> JWSTransactionDecodedPayload {
    JWSTransactionDecodedPayload(
      originalTransactionId: original, transactionId: id, bundleId: "dev.storeterm.demo",
      productId: product, purchaseDate: 1_796_119_200_000,
      originalPurchaseDate: 1_796_119_200_000, quantity: 1, type: .nonConsumable,
      inAppOwnershipType: .purchased, signedDate: 1_796_119_200_000, environment: .xcode,
      storefront: storefront, storefrontId: "143441", transactionReason: .purchase)
  }

  /// A checksum of the ledger's content (every row of its tables, in order), to show a
  /// refusal changed nothing; the file's bytes are no measure, since a WAL checkpoint moves
  /// them without changing a row.
  static func checksum(_ database: String) throws -> UInt64 {
    // Read-write, as the commands open it: a read-only connection may not rebuild the WAL
    // index of a restored ledger and would see another state than the command does.
    let queue = try DatabaseQueue(location: .file(database))
    let queries = [
      "SELECT * FROM customers ORDER BY rowid", "SELECT * FROM transactions ORDER BY rowid",
      "SELECT * FROM counters ORDER BY rowid", "SELECT * FROM subscriptions ORDER BY rowid",
      "SELECT * FROM events ORDER BY rowid", "SELECT * FROM clock ORDER BY rowid",
    ]
    let text = try queue.read { db in
      try queries.map { try db.fetchAll($0).map(\.description).joined(separator: "\n") }
        .joined(separator: "\n--\n")
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}
