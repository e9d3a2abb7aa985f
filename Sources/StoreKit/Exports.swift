// `import StoreKit` gives app code Foundation too (`UUID`, `Data`, `Date`, `URL`), as Apple's
// module does. The simulated App Store behind it (StoreCore, StoreJWS) is imported, never
// re-exported: an app sees Apple's names and nothing else.
@_exported import Foundation
