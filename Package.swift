// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "StoreTerm",
  products: [],
  targets: [
    // Debian's C libraries, imported through module maps and small shims.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
    .systemLibrary(name: "CLibCrypto", providers: [.apt(["libssl-dev"])]),

    // Pure StoreKit semantics: catalog, values and rules. Foundation only.
    .target(name: "StoreCore"),

    // The SQLite layer: connection, statements, read/write queue, migrations; later the ledger.
    .target(name: "StorePersistence", dependencies: ["StoreCore", "CSQLite"]),
    .testTarget(name: "StorePersistenceTests", dependencies: ["StorePersistence"]),
  ],
  swiftLanguageModes: [.v6]
)
