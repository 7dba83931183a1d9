/* glibc's allocator controls (malloc_trim), which the Glibc Swift module does not export. */
#include <malloc.h>
