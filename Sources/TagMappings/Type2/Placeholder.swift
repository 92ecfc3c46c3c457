// Placeholder so the Type2 module builds before its first real file lands; delete when it has one.
