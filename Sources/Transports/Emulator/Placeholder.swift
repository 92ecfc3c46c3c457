// Placeholder so the Emulator module builds before its first real file lands; delete when it has one.
