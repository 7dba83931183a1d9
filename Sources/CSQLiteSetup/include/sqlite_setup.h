#ifndef WALLET_SQLITE_SETUP_H
#define WALLET_SQLITE_SETUP_H

/// Turns off SQLite's initial bulk allocation of page-cache memory (SQLITE_CONFIG_PAGECACHE with
/// no buffer and no lines): each connection then allocates cache pages as it reads them, instead
/// of 20 pages (87 KB) up front per page cache that a short read never uses. Must run before
/// SQLite initialises, that is before the first database is opened; returns SQLITE_OK, or
/// SQLITE_MISUSE when SQLite is already initialised (the setting is then left as it was).
/// sqlite3_config is variadic, which Swift cannot call: hence this function.
int wallet_sqlite_skip_bulk_page_cache(void);

#endif
