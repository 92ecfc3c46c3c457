// The system SQLite (libsqlite3 on Linux, the SDK's on Apple platforms).
#include <sqlite3.h>
