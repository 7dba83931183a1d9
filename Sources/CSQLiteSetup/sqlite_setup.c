#include "sqlite_setup.h"

#include <sqlite3.h>

int wallet_sqlite_skip_bulk_page_cache(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
