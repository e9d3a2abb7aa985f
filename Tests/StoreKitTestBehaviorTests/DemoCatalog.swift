// The catalog most behaviour tests buy from, and a clean session on it. Only StoreKitTest is
// imported, as in Apple's Xcode test template.

import Foundation
import StoreKitTest

/// The repository's demo catalog and the products the behaviour tests buy.
enum DemoCatalog {
  /// `Fixtures/Demo.storekit`.
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/Demo.storekit")
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let monthly = "dev.storeterm.demo.plus.monthly"

  /// A session on the demo catalog with the default settings and no transactions.
  @MainActor static func freshSession() throws -> SKTestSession {
    let session = try SKTestSession(contentsOf: url)
    session.resetToDefaultState()
    session.clearTransactions()
    return session
  }
}
