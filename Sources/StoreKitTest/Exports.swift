// `import StoreKitTest` gives test code StoreKit's types too (`Product`, `Transaction`), as
// Apple's module does. The simulated App Store behind it is imported, never re-exported.
@_exported import StoreKit
