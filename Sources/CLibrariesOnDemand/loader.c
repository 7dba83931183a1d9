#include "libraries_on_demand.h"

#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

/// Prints why `soname` cannot serve the wallet and exits: the forwarder that asked has no
/// function to call, and its caller expects the call to happen.
__attribute__((noreturn)) static void give_up(const char *soname, const char *package, const char *reason) {
    fprintf(stderr, "Error: cannot load %s (%s): install the Debian package %s\n", soname, reason, package);
    fflush(stderr);
    _exit(127);
}

void *wallet_on_demand_function(void **handle, const char *soname, const char *package, const char *name) {
    void *library = __atomic_load_n(handle, __ATOMIC_ACQUIRE);
    if (library == NULL) {
        // RTLD_GLOBAL: the library is seen as it was when linked (GModule plug-ins, GTK's window
        // library opened later, find it loaded); opening it twice from two threads only counts
        // a second reference.
        library = dlopen(soname, RTLD_LAZY | RTLD_GLOBAL);
        if (library == NULL) {
            const char *reason = dlerror();
            give_up(soname, package, reason != NULL ? reason : "not found");
        }
        __atomic_store_n(handle, library, __ATOMIC_RELEASE);
    }
    void *function = dlsym(library, name);
    if (function == NULL) {
        char reason[160];
        snprintf(reason, sizeof reason, "it has no function %s", name);
        give_up(soname, package, reason);
    }
    return function;
}
