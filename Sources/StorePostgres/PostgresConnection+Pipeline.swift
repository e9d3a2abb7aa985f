import CPostgres
import CPostgresLoader

/// A prepared statement waiting to be sent in a pipeline, with its values as libpq's text.
struct PipelinedStatement {
  /// The prepared statement's name.
  var name: String
  /// The bound values.
  var values: [String?]
}

extension PostgresConnection {
  /// How many statements may wait before they are sent anyway: a pipeline's results stay small,
  /// so neither side can block writing while the other is still writing too.
  static let deferredLimit = 64

  /// Sends `sql` with `values` in the next round trip instead of now (a statement whose rows
  /// nobody reads: transaction control, an `INSERT` in a change).
  ///
  /// A failure is thrown by the call that sends it, and the transaction then rolls back whole.
  /// Every statement is prepared once per connection, transaction control too (parsing it each
  /// time was a tenth of a change's time on the server).
  public func executeLater(_ sql: String, _ values: [PostgresValue] = []) throws {
    deferred.append(PipelinedStatement(name: try preparedName(sql), values: values.map(\.wireText)))
    if deferred.count >= Self.deferredLimit { _ = try pipeline([]) }
  }

  /// Sends the deferred statements and then `statements` in libpq's pipeline mode, one sync at
  /// the end, and returns every statement's rows in order.
  ///
  /// - Throws: the first statement's failure (the server skips the rest of the pipeline), or
  ///   `connectionLost` — and a pipeline broken off with results unread leaves the connection
  ///   unusable (``isBroken``), so ``PostgresDatabase`` connects again.
  func pipeline(_ statements: [PipelinedStatement]) throws -> [[PostgresRow]] {
    let all = deferred + statements
    deferred.removeAll()
    guard !all.isEmpty else { return [] }
    guard PQenterPipelineMode(handle) == 1 else { throw connectionError() }
    for statement in all {
      let sent = Self.withOptionalCStrings(statement.values) { pointers in
        PQsendQueryPrepared(
          handle, statement.name, Int32(statement.values.count), pointers, nil, nil, 0)
      }
      guard sent == 1 else { throw abandon() }
    }
    guard PQpipelineSync(handle) == 1 else { throw abandon() }
    var rows: [[PostgresRow]] = []
    var failure: (any Error)?
    for _ in all {
      guard let result = PQgetResult(handle) else { throw abandon() }
      if PQresultStatus(result) == PGRES_PIPELINE_ABORTED {
        rows.append([])
      } else {
        do {
          rows.append(try self.rows(of: result))
        } catch {
          failure = failure ?? error
          rows.append([])
        }
      }
      PQclear(result)
      if isBroken { throw abandon() }
      // Each statement's results end with a null result.
      while let extra = PQgetResult(handle) { PQclear(extra) }
    }
    guard let sync = PQgetResult(handle) else { throw abandon() }
    let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
    PQclear(sync)
    guard synced, PQexitPipelineMode(handle) == 1 else { throw abandon() }
    if let failure { throw failure }
    completedRoundTrips += 1
    return rows
  }

  /// Gives the connection up after a pipeline broke off (results may be left unread).
  private func abandon() -> PostgresError {
    isAbandoned = true
    return connectionError()
  }
}
