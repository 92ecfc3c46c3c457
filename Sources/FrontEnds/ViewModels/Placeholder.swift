// Placeholder so the ViewModels module builds before its first real file lands; delete when it has one.
