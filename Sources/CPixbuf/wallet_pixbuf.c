#include "wallet_pixbuf.h"
#include <dlfcn.h>

const char *wallet_pixbuf_fill(wallet_pixbuf *api, void *handle) {
#define WALLET_PIXBUF_LOOKUP(name) \
    if ((api->name = (__typeof__(&name))dlsym(handle, #name)) == NULL) return #name;
    WALLET_PIXBUF_FUNCTIONS(WALLET_PIXBUF_LOOKUP)
#undef WALLET_PIXBUF_LOOKUP
    return NULL;
}
