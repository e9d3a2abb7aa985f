import CPostgres
import CPostgresLoader
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One libpq connection: statements prepared once and run with bound values only, every wait
/// bounded (connecting, each statement, each lock), failures as one sentence.
///
/// Not thread-safe: ``PostgresDatabase`` hands it to one caller at a time.
public final class PostgresConnection {
  /// How long connecting may take, in seconds (libpq's `connect_timeout`).
  public static let connectTimeoutSeconds = 10
  /// How long one statement, or a wait for a lock, may take, in milliseconds.
  public static let statementTimeoutMilliseconds = 15_000

  let handle: OpaquePointer
  /// The database and server, for messages: `database "d" on host:port` (never a password).
  public let target: String
  /// Whether the session refuses every change (`default_transaction_read_only`).
  public let isReadOnly: Bool
  /// Prepared statements by their SQL text.
  private var prepared: [String: String] = [:]
  /// Statements whose rows nobody reads, sent with the next round trip (``executeLater(_:_:)``).
  var deferred: [PipelinedStatement] = []
  /// Round trips that came back, for ``PostgresDatabase``'s retry after a restart: when none of
  /// a transaction's did, the server never saw it begin.
  var completedRoundTrips = 0
  /// Set when a pipeline broke off with results unread: the connection cannot be used again.
  var isAbandoned = false

  /// Connects with libpq's connection string or `postgresql://` URI; the password comes from
  /// `PGPASSFILE`/`~/.pgpass` or `PGPASSWORD`, as libpq reads them.
  ///
  /// - Throws: `PostgresError` (`.badConnectionString`, `.unreachable`, `.authentication`,
  ///   `.noDatabase`).
  public init(_ connectionString: String, readOnly: Bool = false) throws {
    // libpq is loaded by the first connection, not at every command's start.
    if let failure = st_libpq_load() {
      throw PostgresError(.unreachable, String(cString: failure))
    }
    var parseError: UnsafeMutablePointer<CChar>?
    guard let parsed = PQconninfoParse(connectionString, &parseError) else {
      let reason = parseError.map { String(cString: $0) } ?? "it cannot be parsed"
      parseError.map { PQfreemem($0) }
      throw PostgresError(.badConnectionString, Self.firstLine(reason))
    }
    PQconninfoFree(parsed)
    let bound = Self.statementTimeoutMilliseconds
    var options =
      "-c statement_timeout=\(bound) -c lock_timeout=\(bound)"
      + " -c idle_in_transaction_session_timeout=\(bound * 4)"
    if readOnly { options += " -c default_transaction_read_only=on" }
    // Keywords after `dbname` override what its expansion sets: the bounds always hold.
    let keywords = [
      "dbname", "connect_timeout", "options", "application_name", "tcp_user_timeout",
      "keepalives_idle", "keepalives_interval", "keepalives_count",
    ]
    let values = [
      connectionString, String(Self.connectTimeoutSeconds), options, "storeterm", String(bound),
      "5", "5", "3",
    ]
    let connection = Self.withCStrings(keywords) { keys in
      Self.withCStrings(values) { values in PQconnectdbParams(keys, values, 1) }
    }
    guard let connection else {
      throw PostgresError(.unreachable, "libpq could not allocate a connection")
    }
    handle = connection
    isReadOnly = readOnly
    // The server's notices (`NOTICE: … already exists, skipping`) are not storeterm's output:
    // libpq's default processor would print them, unfiltered, on standard error.
    PQsetNoticeProcessor(connection, { _, _ in }, nil)
    let host = PQhost(connection).map { String(cString: $0) } ?? "localhost"
    let port = PQport(connection).map { String(cString: $0) } ?? "5432"
    let database = PQdb(connection).map { String(cString: $0) } ?? "?"
    let place = host.hasPrefix("/") ? "the socket in \(host), port \(port)" : "\(host):\(port)"
    target = "database \"\(database)\" on \(place)"
    guard PQstatus(connection) == CONNECTION_OK else {
      let reason = Self.firstLine(String(cString: PQerrorMessage(connection)))
      // `deinit` finishes the connection: every stored property is set, so it runs.
      throw PostgresError(Self.connectFailureKind(reason), Self.connectFailure(reason))
    }
  }

  deinit { PQfinish(handle) }

  /// Whether the connection broke (a server restart, a dropped network).
  public var isBroken: Bool { isAbandoned || PQstatus(handle) != CONNECTION_OK }

  /// Runs `sql` (prepared on first use) with `values` bound to `$1`, `$2`…, and returns its
  /// rows.
  ///
  /// Statements deferred with ``executeLater(_:_:)`` go first, in the same round trip.
  @discardableResult
  public func execute(_ sql: String, _ values: [PostgresValue] = []) throws -> [PostgresRow] {
    let name = try preparedName(sql)
    let texts = values.map(\.wireText)
    if !deferred.isEmpty {
      return try pipeline([PipelinedStatement(name: name, values: texts)]).last ?? []
    }
    let result = Self.withOptionalCStrings(texts) { pointers in
      PQexecPrepared(handle, name, Int32(texts.count), pointers, nil, nil, 0)
    }
    defer { PQclear(result) }
    let rows = try rows(of: result)
    completedRoundTrips += 1
    return rows
  }

  /// The first row `sql` returns, if any.
  public func fetchOne(_ sql: String, _ values: [PostgresValue] = []) throws -> PostgresRow? {
    try execute(sql, values).first
  }

  /// Runs fixed SQL that takes no values (transaction control, a migration's DDL), which may
  /// hold several statements.
  public func run(script sql: String) throws {
    if !deferred.isEmpty { _ = try pipeline([]) }
    let result = PQexec(handle, sql)
    defer { PQclear(result) }
    _ = try rows(of: result)
    completedRoundTrips += 1
  }

  /// The name of `sql`'s prepared statement, preparing it the first time.
  func preparedName(_ sql: String) throws -> String {
    if let name = prepared[sql] { return name }
    let name = "storeterm_\(prepared.count + 1)"
    let result = PQprepare(handle, name, sql, 0, nil)
    defer { PQclear(result) }
    _ = try rows(of: result)
    prepared[sql] = name
    return name
  }

  /// The rows of `result`, or the error it reports.
  func rows(of result: OpaquePointer?) throws -> [PostgresRow] {
    guard let result else { throw connectionError() }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
      return []
    case PGRES_TUPLES_OK:
      let columnCount = Int(PQnfields(result))
      let columns = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
      return (0..<Int(PQntuples(result))).map { row in
        PostgresRow(
          columns: columns,
          values: (0..<columnCount).map { column in
            PQgetisnull(result, Int32(row), Int32(column)) != 0
              ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
          })
      }
    default:
      if isBroken { throw connectionError() }
      let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
      let primary =
        PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
        ?? Self.firstLine(String(cString: PQresultErrorMessage(result)))
      let kind = PostgresError.kind(sqlState: state)
      let message: String =
        switch kind {
        case .readOnly: "the \(target) refused a change: \(primary)"
        case .timeout: "the \(target) did not answer in time: \(primary)"
        case .connectionLost: "the connection to the \(target) was lost (\(primary))"
        default: "the \(target) refused a statement: \(primary)"
        }
      throw PostgresError(kind, message, sqlState: state)
    }
  }

  /// The error for a connection that broke; prepared statements die with it.
  func connectionError() -> PostgresError {
    prepared.removeAll()
    let reason = Self.firstLine(String(cString: PQerrorMessage(handle)))
    return PostgresError(
      .connectionLost,
      "the connection to the \(target) was lost" + (reason.isEmpty ? "" : " (\(reason))"))
  }

  /// The descriptor libpq reads notifications from.
  var socket: Int32 { PQsocket(handle) }

  /// Whether the server spoke on this connection while it sat idle: a restart or an ended
  /// session leaves its last message (and the end of the stream) in the socket.
  ///
  /// Checked before a transaction is sent: a change whose commit travels in its first round
  /// trip must not go down a connection already gone, where its loss could not be told from a
  /// commit whose answer was lost. This connection listens to nothing, so anything it finds
  /// unasked (at most, rarely, a notice) is taken as the end, and the seat connects anew.
  var closedWhileIdle: Bool {
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) != 0
  }

  /// Reads whatever arrived on the socket and returns the notifications' channels.
  func consumeNotifications() throws -> [String] {
    guard PQconsumeInput(handle) == 1 else { throw connectionError() }
    var channels: [String] = []
    while let notice = PQnotifies(handle) {
      channels.append(String(cString: notice.pointee.relname))
      PQfreemem(notice)
    }
    return channels
  }

  // MARK: - Messages

  private static func connectFailureKind(_ reason: String) -> PostgresError.Kind {
    if reason.contains("password") || reason.contains("authentication")
      || reason.contains("role \"")
    {
      return .authentication
    }
    if reason.contains("database \"") && reason.contains("does not exist") { return .noDatabase }
    return .unreachable
  }

  private static func connectFailure(_ reason: String) -> String {
    switch connectFailureKind(reason) {
    case .authentication: "the PostgreSQL server refused the credentials (\(reason))"
    case .noDatabase: "the PostgreSQL server has no such database (\(reason))"
    default: "the PostgreSQL server cannot be reached (\(reason))"
    }
  }

  /// The first non-empty line of libpq's message, without its `FATAL:` or `ERROR:` prefix.
  static func firstLine(_ message: String) -> String {
    var line =
      message.split(whereSeparator: \.isNewline).first.map(String.init)?
      .trimmingCharacters(in: .whitespaces) ?? ""
    for prefix in ["FATAL:  ", "ERROR:  "] where line.hasPrefix(prefix) {
      line.removeFirst(prefix.count)
    }
    // "connection to server … failed: FATAL:  …" names the failure after the server.
    line = line.replacingOccurrences(of: "FATAL:  ", with: "")
    return line.hasSuffix(".") ? String(line.dropLast()) : line
  }

  // MARK: - C strings

  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R
  ) -> R {
    withOptionalCStrings(strings.map { $0 } + [nil], body)
  }

  static func withOptionalCStrings<R>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R
  ) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
