/// A PostgreSQL failure as one sentence, with the kind a caller acts on; never the password.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as far as a caller needs to tell.
  public enum Kind: Sendable, Equatable {
    /// The connection string is not one storeterm accepts.
    case badConnectionString
    /// No server answered in time, or it refused the connection.
    case unreachable
    /// The server refused the role or its password.
    case authentication
    /// The database does not exist, or the role may not connect to it.
    case noDatabase
    /// The connection broke (a server restart, a dropped network); a change in flight was
    /// rolled back by the server or never reached it.
    case connectionLost
    /// A statement ran longer than its bound, or waited longer for a lock.
    case timeout
    /// The seat or the database refused a change (a read-only role or transaction).
    case readOnly
    /// The database is not a storeterm ledger, or a newer storeterm's.
    case foreignDatabase
    /// Any other refusal by the server (a constraint, a syntax error).
    case statement
  }

  /// The kind.
  public let kind: Kind
  /// The server's SQLSTATE code, when it sent one.
  public let sqlState: String?
  /// The sentence, without a trailing period.
  public let message: String

  /// An error of `kind` saying `message`.
  public init(_ kind: Kind, _ message: String, sqlState: String? = nil) {
    self.kind = kind
    self.message = message
    self.sqlState = sqlState
  }

  /// One sentence for the user.
  public var description: String { message }

  /// The kind a SQLSTATE code means (PostgreSQL's Appendix A).
  static func kind(sqlState: String?) -> Kind {
    guard let sqlState else { return .statement }
    switch sqlState {
    case "28000", "28P01": return .authentication
    case "3D000": return .noDatabase
    case "25006": return .readOnly
    case "57014", "55P03": return .timeout
    case "57P01", "57P02", "57P03": return .connectionLost
    default: return sqlState.hasPrefix("08") ? .connectionLost : .statement
    }
  }
}
