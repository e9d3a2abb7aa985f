import StoreTermCLI

StoreTermCommand.main()
