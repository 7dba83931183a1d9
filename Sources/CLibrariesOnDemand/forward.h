#ifndef WALLET_FORWARD_H
#define WALLET_FORWARD_H

#include <stddef.h>

#include "libraries_on_demand.h"

// Included once by each library's file, after it defines WALLET_LIBRARY (the soname) and
// WALLET_PACKAGE (the Debian package that installs it).

/// The file's library, opened by its first forwarded call.
static void *wallet_library_handle;

/// Declares `function`, the library's own `name`, looked up on the forwarder's first call and
/// kept in a static of the forwarder.
#define WALLET_REAL_FUNCTION(name) \
    static __typeof__(&name) real; \
    __typeof__(&name) function = __atomic_load_n(&real, __ATOMIC_ACQUIRE); \
    if (function == NULL) { \
        function = (__typeof__(&name))wallet_on_demand_function( \
            &wallet_library_handle, WALLET_LIBRARY, WALLET_PACKAGE, #name); \
        __atomic_store_n(&real, function, __ATOMIC_RELEASE); \
    }

/// Defines `result name parameters` (hidden: not exported) to call the library's own `name`
/// with `arguments`. The header's declaration makes the compiler check `result` and
/// `parameters` against the library's.
#define WALLET_FORWARD(result, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) result name parameters { \
        WALLET_REAL_FUNCTION(name) \
        return function arguments; \
    }

/// WALLET_FORWARD for a function that never returns (libpng's png_longjmp).
#define WALLET_FORWARD_NORETURN(name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        WALLET_REAL_FUNCTION(name) \
        function arguments; \
        __builtin_unreachable(); \
    }

#endif
