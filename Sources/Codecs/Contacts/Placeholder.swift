// Placeholder so the Contacts module builds before its first real file lands; delete when it has one.
