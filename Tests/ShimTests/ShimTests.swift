import CLibCrypto
import CNCurses
import CSQLite
import Testing

/// The C shims expose what Swift cannot import from the headers directly.
@Suite struct ShimTests {
  @Test func ncursesMacroWrappers() {
    #expect(cn_color_pair(1) == 256)
    #expect(cn_a_normal() == 0)
    #expect(cn_a_bold() != 0)
  }

  @Test func sqliteTransientCopiesBoundText() {
    var database: OpaquePointer?
    #expect(sqlite3_open(":memory:", &database) == SQLITE_OK)
    defer { sqlite3_close(database) }
    var statement: OpaquePointer?
    #expect(sqlite3_prepare_v2(database, "SELECT ?", -1, &statement, nil) == SQLITE_OK)
    defer { sqlite3_finalize(statement) }
    do {
      // The buffer dies right after binding; SQLITE_TRANSIENT must have made SQLite copy it.
      let text = String("transient-" + "value")
      _ = text.withCString { sqlite3_bind_text(statement, 1, $0, -1, cs_sqlite_transient()) }
    }
    #expect(sqlite3_step(statement) == SQLITE_ROW)
    #expect(String(cString: sqlite3_column_text(statement, 0)) == "transient-value")
  }

  @Test func openSSLFreeReleasesLibraryMemory() {
    let digest = EVP_sha256()
    #expect(EVP_MD_get_size(digest) == 32)
    let buffer = CRYPTO_malloc(16, #fileID, #line)
    #expect(buffer != nil)
    lc_openssl_free(buffer)
  }
}
