import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StorePostgres

/// `storeterm db copy FROM TO`: a ledger copied between a SQLite file and a PostgreSQL database,
/// in one transaction on the destination, then verified by counts and every JWS re-verified.
enum DatabaseCommand {
  static let spec = CommandSpec(
    name: "db",
    abstract: "Copy a ledger between a SQLite file and PostgreSQL, verified (db copy FROM TO)",
    arguments: ["ACTION", "FROM", "TO"],
    examples: [
      "storeterm db copy ~/.local/state/storeterm/ledger.sqlite"
        + " postgresql://tester@db.example.com/storeterm"
    ])

  static func run(_ context: CommandContext) throws {
    // A broken --config is refused first, as by every command.
    _ = try context.loadCatalog(reportingWarnings: false)
    let arguments = context.parsed.arguments
    guard arguments[0] == "copy" else {
      throw UsageError("'\(arguments[0])' is not a db action (copy)")
    }
    if context.json { throw UsageError("--json: db copy reports in text only") }
    let (from, to) = (arguments[1], arguments[2])
    for uri in [from, to] where PostgresURI.isPostgres(uri) {
      if let refusal = PostgresURI.refusal(uri) { throw UsageError(refusal) }
    }
    guard PostgresURI.isPostgres(from) != PostgresURI.isPostgres(to) else {
      throw UsageError(
        "db copy \(PostgresURI.display(from)) \(PostgresURI.display(to)): one of FROM and TO is"
          + " a SQLite file, the other a postgresql:// URI")
    }
    let fromPaths = StorePaths(databaseOption: from, environment: context.environment)
    let toPaths = StorePaths(databaseOption: to, environment: context.environment)
    let verifier = try Self.verifier(for: fromPaths, from: from, context: context)
    let snapshot = try Self.source(fromPaths)
    // Every JWS verifies before anything is written.
    let checked = try Self.verify(snapshot, with: verifier, naming: PostgresURI.display(from))
    let destination = try Self.destination(toPaths)
    do {
      switch destination {
      case .sqlite(let ledger): try ledger.restore(snapshot)
      case .postgres(let ledger, _): try ledger.restore(snapshot)
      }
    } catch let error as LedgerError {
      throw CommandFailure("\(PostgresURI.display(to)): \(error)")
    }
    let copy: LedgerSnapshot =
      switch destination {
      case .sqlite(let ledger): try ledger.snapshot()
      case .postgres(let ledger, _): try ledger.snapshot()
      }
    let target = PostgresURI.display(to)
    guard copy.customers.count == snapshot.customers.count,
      copy.records.count == snapshot.records.count,
      copy.subscriptions.count == snapshot.subscriptions.count,
      copy.events.count == snapshot.events.count,
      copy.records.map(\.signed?.jws) == snapshot.records.map(\.signed?.jws)
    else {
      throw CommandFailure("\(target): the copy does not read back as the source wrote it")
    }
    let rechecked = try Self.verify(copy, with: verifier, naming: target)
    context.output.write(
      "copied \(PostgresURI.display(from)) to \(target): \(copy.customers.count) customers,"
        + " \(copy.records.count) transactions, \(copy.subscriptions.count) subscriptions,"
        + " \(copy.events.count) events; every JWS verified again (\(rechecked) of \(checked))\n"
        + "not copied: the notification outbox, server keys and imported support data, which"
        + " stay with \(PostgresURI.display(from)); copy its ca/ folder to the seats of \(target)\n"
    )
  }

  /// The source's ledger, read whole; it must exist (a copy creates nothing at its source).
  private static func source(_ paths: StorePaths) throws -> LedgerSnapshot {
    if let uri = paths.postgres {
      return try StoreContext.openPostgres(uri, readOnly: true).snapshot()
    }
    guard FileManager.default.fileExists(atPath: paths.database) else {
      throw CommandFailure("\(paths.database): no such ledger to copy")
    }
    return try SQLiteLedger(readOnlyAt: paths.database).snapshot()
  }

  private static func destination(_ paths: StorePaths) throws -> StoreLedger {
    if let uri = paths.postgres {
      return .postgres(try StoreContext.openPostgres(uri, readOnly: false), uri: uri)
    }
    return .sqlite(try SQLiteLedger(location: .file(paths.database)))
  }

  /// A verifier trusting the source's test CA, which must exist: a copy that cannot be checked
  /// is not made.
  private static func verifier(for paths: StorePaths, from: String, context: CommandContext)
    throws -> SignedDataVerifier
  {
    let folder = (paths.stateDirectory as NSString)
      .appendingPathComponent(TestCertificateAuthority.directoryName)
    guard FileManager.default.fileExists(atPath: folder) else {
      throw CommandFailure(
        "\(PostgresURI.display(from)): no test CA in \(folder) to verify its transactions with,"
          + " so nothing was copied")
    }
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: paths.stateDirectory)
    return authority.makeVerifier(configuration: context.identity)
  }

  /// Verifies every transaction's and renewal info's JWS, returning how many there were.
  private static func verify(
    _ snapshot: LedgerSnapshot, with verifier: SignedDataVerifier, naming name: String
  ) throws -> Int {
    var count = 0
    for record in snapshot.records {
      guard let jws = record.signed?.jws else { continue }
      guard
        (try? verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get())?.isVerified
          == true
      else {
        throw CommandFailure(
          "\(name): transaction \(record.id) does not verify, so nothing was copied")
      }
      count += 1
    }
    for subscription in snapshot.subscriptions {
      guard let jws = subscription.renewalInfo?.jws else { continue }
      guard
        (try? verifier.verify(jws, as: JWSRenewalInfoDecodedPayload.self).get())?.isVerified
          == true
      else {
        throw CommandFailure(
          "\(name): the renewal info of subscription \(subscription.state.originalID) does not"
            + " verify, so nothing was copied")
      }
      count += 1
    }
    return count
  }
}
