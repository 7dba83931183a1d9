#ifndef WALLET_RESIDENT_PAGES_H
#define WALLET_RESIDENT_PAGES_H

#include <stddef.h>

/* Which clean, file-backed pages wallet_release_clean_pages drops. */
enum wallet_clean_pages {
    /* Executable segments (code) of the main executable. */
    WALLET_CLEAN_EXECUTABLE_CODE = 1,
    /* Read-only, non-executable segments of the main executable (.rodata, .eh_frame, ...). */
    WALLET_CLEAN_EXECUTABLE_RODATA = 2,
    /* The same two kinds in every loaded shared library. */
    WALLET_CLEAN_LIBRARY_CODE = 4,
    WALLET_CLEAN_LIBRARY_RODATA = 8,
};

/* Drops this process's resident pages of the loaded segments `which` names that are never
   written (PT_LOAD without PF_W, whole pages inside the segment only) with
   madvise(MADV_DONTNEED): they stay in the page cache, and a later access maps them back (a
   minor fault). Writable segments, and so relocated data (RELRO) and anything copied on
   write, are never touched. Returns the bytes advised. */
size_t wallet_release_clean_pages(int which);

#endif
