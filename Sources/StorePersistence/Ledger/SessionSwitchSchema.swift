import StoreCore

/// A forward-only migration that keeps the session's switches (Ask to Buy, interrupted
/// purchases, billing issues, grace period) in the ledger, so a switch turned in the terminal UI
/// holds for every process that opens the same ledger, as the simulated clock does.
///
/// `session_switches` has one row per switch changed since the ledger was made; a switch with
/// no row keeps the value the configuration file gives it.
enum SessionSwitchSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "keep the session's switches"

  /// Adds the migration to `migrator`, after the JWS header store's.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE session_switches (
          name TEXT PRIMARY KEY,
          enabled INTEGER NOT NULL
        );
        """)
    }
  }
}

extension SQLiteLedger {
  /// The switches stored in the ledger; a switch not listed keeps the configuration's value.
  public func sessionSwitches() throws -> [StoreSession.Switch: Bool] {
    try queue.read { db in
      var switches: [StoreSession.Switch: Bool] = [:]
      for row in try db.fetchAll("SELECT name, enabled FROM session_switches", []) {
        guard let name = StoreSession.Switch(rawValue: try row.get(String.self, "name")) else {
          continue
        }
        switches[name] = try row.get(Int64.self, "enabled") != 0
      }
      return switches
    }
  }

  /// Stores one switch, for every process that opens this ledger.
  public func setSessionSwitch(_ name: StoreSession.Switch, _ enabled: Bool) throws {
    try queue.write { db in
      try db.execute(
        """
        INSERT INTO session_switches (name, enabled) VALUES (?, ?)
        ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled
        """, [.text(name.rawValue), .integer(enabled ? 1 : 0)])
    }
  }
}
