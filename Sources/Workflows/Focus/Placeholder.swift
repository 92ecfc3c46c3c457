// Placeholder so the Focus module builds before its first real file lands; delete when it has one.
