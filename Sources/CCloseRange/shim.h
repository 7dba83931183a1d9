/* close_range(2), which glibc declares only under _GNU_SOURCE (so the Glibc Swift module does not
   export it); a thin wrapper because syscall(2) is variadic. */
#include <sys/syscall.h>
#include <unistd.h>

static inline int wallet_close_range(unsigned int first, unsigned int last) {
    return (int)syscall(SYS_close_range, first, last, 0);
}
