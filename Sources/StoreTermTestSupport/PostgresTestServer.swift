import Foundation
import StorePostgres

/// The PostgreSQL server tests also run against: `STORETERM_TEST_POSTGRES`, libpq's
/// `key=value` connection string (`.ci/run` starts a throwaway cluster and sets it).
public enum PostgresTestServer {
  /// The connection string, nil when none is given.
  public static let connectionString: String? = {
    let value = ProcessInfo.processInfo.environment["STORETERM_TEST_POSTGRES"] ?? ""
    return value.isEmpty ? nil : value
  }()

  /// Whether a missing server is a failure rather than a skip (`CI=true`).
  public static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"
}

/// A database of its own for one test on the test server, dropped when the last reference goes.
public final class PostgresScratch: Sendable {
  /// The database's name.
  public let name: String
  /// libpq's `key=value` connection string for it.
  public let connectionString: String
  /// The same as a `postgresql://` URI, for `--db`.
  public let uri: String

  /// Creates the database.
  ///
  /// - Throws: `PostgresError` when no server is given or it refuses.
  public init() throws {
    guard let server = PostgresTestServer.connectionString else {
      throw PostgresError(.unreachable, "STORETERM_TEST_POSTGRES is not set")
    }
    // A name of our own making (lowercase hexadecimal), so it may stand in the statement.
    name = "storeterm_test_" + UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(20)
    try PostgresConnection(server).run(script: "CREATE DATABASE " + name)
    connectionString = server + " dbname=" + name
    uri = Self.uri(server: server, database: name)
  }

  deinit {
    if let server = PostgresTestServer.connectionString,
      let admin = try? PostgresConnection(server)
    {
      try? admin.run(script: "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
    }
  }

  /// `postgresql:///database?key=value&…` with the server's other keywords.
  public static func uri(server: String, database: String) -> String {
    let pairs = server.split(separator: " ").compactMap { pair -> (String, String)? in
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, parts[0] != "dbname" else { return nil }
      return (parts[0], parts[1])
    }
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/._-"))
    let query = pairs.map {
      $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)
    }
    return "postgresql:///" + database + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }
}
