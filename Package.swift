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

    // Signed data: base64url, compact JWS, ES256 over libcrypto, the local test CA.
    .target(name: "StoreJWS", dependencies: ["StoreCore", "CLibCrypto"]),
    .testTarget(name: "StoreJWSTests", dependencies: ["StoreJWS", "StoreCore"]),
    .executableTarget(name: "storeterm-bench", dependencies: ["StoreJWS", "StoreCore"]),
  ],
  swiftLanguageModes: [.v6]
)
