// Placeholder so this test target builds before its first test lands; delete when it has one.
