#include <argon2.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

/*
 * Argon2id's block memory (19 MiB a hash at the OWASP baseline), kept by each hashing thread for its
 * next hash instead of going back to malloc. From malloc, freed blocks stay in glibc's arenas, and
 * two hashing threads sharing an arena now and then left a third block's worth resident; mapped
 * afresh for every hash, each of the block's pages would be faulted in and zeroed again. The region is
 * mapped once per thread and reused; libargon2 wipes it before handing it back. Blocks larger than
 * ENDPOINT_ARGON2_KEPT_BYTES (a stored hash with a huge memory cost) are mapped for that hash only.
 */
#define ENDPOINT_ARGON2_KEPT_BYTES ((size_t)256 << 20)

struct endpoint_argon2_region {
    uint8_t *start;
    size_t bytes;
};

/* The calling thread's kept region. */
static inline struct endpoint_argon2_region *endpoint_argon2_kept_region(void) {
    static __thread struct endpoint_argon2_region region;
    return &region;
}

static inline int endpoint_argon2_allocate(uint8_t **memory, size_t bytes) {
    struct endpoint_argon2_region *kept = endpoint_argon2_kept_region();
    if (bytes <= kept->bytes) {
        *memory = kept->start;
        return ARGON2_OK;
    }
    void *fresh = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fresh == MAP_FAILED) {
        return ARGON2_MEMORY_ALLOCATION_ERROR;
    }
    if (bytes <= ENDPOINT_ARGON2_KEPT_BYTES) {
        if (kept->start != NULL) {
            munmap(kept->start, kept->bytes);
        }
        kept->start = fresh;
        kept->bytes = bytes;
    }
    *memory = fresh;
    return ARGON2_OK;
}

static inline void endpoint_argon2_release(uint8_t *memory, size_t bytes) {
    if (memory != endpoint_argon2_kept_region()->start) {
        munmap(memory, bytes);
    }
}
