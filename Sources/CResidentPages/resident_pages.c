#define _GNU_SOURCE
#include "resident_pages.h"

#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

struct request {
    int which;
    size_t page;
    size_t advised;
};

/* Whether the object was linked with text relocations: the loader then wrote into its
   read-only segments, whose pages are no longer the file's. */
static int has_text_relocations(const struct dl_phdr_info *info) {
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type != PT_DYNAMIC) continue;
        for (const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + segment->p_vaddr); entry->d_tag != DT_NULL; entry++) {
            if (entry->d_tag == DT_TEXTREL) return 1;
            if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return 1;
        }
    }
    return 0;
}

static int release_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct request *request = data;
    /* dl_iterate_phdr reports the main executable first, with an empty name. */
    int is_executable = info->dlpi_name == NULL || info->dlpi_name[0] == '\0';
    int code = is_executable ? WALLET_CLEAN_EXECUTABLE_CODE : WALLET_CLEAN_LIBRARY_CODE;
    int rodata = is_executable ? WALLET_CLEAN_EXECUTABLE_RODATA : WALLET_CLEAN_LIBRARY_RODATA;
    /* The vDSO has no file behind it. */
    if (!is_executable && info->dlpi_name[0] != '/') return 0;
    if (has_text_relocations(info)) return 0;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W)) continue;
        int wanted = (segment->p_flags & PF_X) ? code : rodata;
        if (!(request->which & wanted)) continue;
        uintptr_t start = info->dlpi_addr + segment->p_vaddr;
        uintptr_t end = start + segment->p_memsz;
        /* Whole pages inside the segment only: an edge page may be shared with a neighbour. */
        start = (start + request->page - 1) & ~(uintptr_t)(request->page - 1);
        end &= ~(uintptr_t)(request->page - 1);
        if (end <= start) continue;
        if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) request->advised += end - start;
    }
    return 0;
}

size_t wallet_release_clean_pages(int which) {
    struct request request = {which, (size_t)sysconf(_SC_PAGESIZE), 0};
    dl_iterate_phdr(release_object, &request);
    return request.advised;
}
