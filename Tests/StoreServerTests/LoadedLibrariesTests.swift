import Foundation
import StoreTermTestSupport
import Testing

/// A command loads what it uses (issue 27): libpq, libmicrohttpd and libcurl, and the dozens of
/// libraries under them (Kerberos, LDAP, GnuTLS), are loaded when a PostgreSQL ledger, a server
/// or a peer is first used, never at a command's start; Foundation's networking is not linked.
@Suite struct LoadedLibrariesTests {
  /// The shared objects whose initialisers the dynamic linker ran for `arguments`
  /// (glibc's `LD_DEBUG=libs`).
  func loaded(_ arguments: [String]) throws -> String {
    let state = TestPaths.processStateDirectory.path
    let outcome = try Subprocess.run(
      StoreTermProcess.path, arguments,
      environment: ["PATH=/usr/bin:/bin", "XDG_STATE_HOME=\(state)", "LD_DEBUG=libs"])
    #expect(outcome.status == 0)
    return outcome.error.split(separator: "\n").filter { $0.contains("calling init:") }
      .joined(separator: "\n")
  }

  @Test(arguments: [["--version"], ["products", "--db", "/nonexistent/storeterm/ledger.sqlite"]])
  func aCommandLoadsNoPeerLibrary(_ arguments: [String]) throws {
    let libraries = try loaded(arguments)
    // glibc names every library it initialises; libcrypto and SQLite are always among them.
    #expect(libraries.contains("libsqlite3"))
    for name in ["libpq.so", "libmicrohttpd", "libcurl", "libFoundationNetworking", "libgnutls"] {
      #expect(!libraries.contains(name), "\(name) was loaded")
    }
  }
}
