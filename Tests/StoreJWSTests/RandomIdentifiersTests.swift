import Foundation
import Testing

@testable import StoreJWS

@Suite("Random identifiers from libcrypto: version 4 UUIDs, never repeated")
struct RandomIdentifiersTests {
  @Test("1,000 identifiers: each version 4 with the RFC variant, all distinct")
  func versionFourAndDistinct() {
    let generator = RandomIdentifiers()
    let identifiers = (0..<1_000).map { _ in generator.makeUUID() }
    for identifier in identifiers {
      let text = identifier.uuidString
      #expect(Array(text)[14] == "4", "\(text)")
      #expect("89AB".contains(Array(text)[19]), "\(text)")
    }
    #expect(Set(identifiers).count == 1_000)
  }
}
