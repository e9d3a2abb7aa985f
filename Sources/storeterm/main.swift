import StoreTermCLI

await StoreTermCommand.main()
