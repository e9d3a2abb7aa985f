// `import StoreKit` gives code everything StoreKit 2 names: `Product`, `VerificationResult`,
// `StoreKitError` and the rest live in StoreCore and are re-exported here.
@_exported import StoreCore
