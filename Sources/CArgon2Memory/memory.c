#include "CArgon2Memory.h"

#include <argon2.h>
#include <pthread.h>
#include <sys/mman.h>

/* At most this many blocks wait for a hash (one per hashing thread is what a saturated pool uses). */
#define KEPT_BLOCKS 64

struct block {
    uint8_t *start;
    size_t bytes;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct block kept[KEPT_BLOCKS];
static size_t kept_count;

int endpoint_argon2_allocate(uint8_t **memory, size_t bytes) {
    pthread_mutex_lock(&lock);
    for (size_t index = 0; index < kept_count; index++) {
        if (kept[index].bytes == bytes) {
            *memory = kept[index].start;
            kept[index] = kept[--kept_count];
            pthread_mutex_unlock(&lock);
            return ARGON2_OK;
        }
    }
    pthread_mutex_unlock(&lock);
    void *fresh = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fresh == MAP_FAILED) {
        return ARGON2_MEMORY_ALLOCATION_ERROR;
    }
    *memory = fresh;
    return ARGON2_OK;
}

void endpoint_argon2_release(uint8_t *memory, size_t bytes) {
    if (bytes <= ENDPOINT_ARGON2_KEPT_BYTES) {
        pthread_mutex_lock(&lock);
        if (kept_count < KEPT_BLOCKS) {
            kept[kept_count++] = (struct block){ memory, bytes };
            pthread_mutex_unlock(&lock);
            return;
        }
        pthread_mutex_unlock(&lock);
    }
    munmap(memory, bytes);
}

void endpoint_argon2_trim(void) {
    pthread_mutex_lock(&lock);
    while (kept_count > 0) {
        kept_count--;
        munmap(kept[kept_count].start, kept[kept_count].bytes);
    }
    pthread_mutex_unlock(&lock);
}

size_t endpoint_argon2_kept_bytes(void) {
    pthread_mutex_lock(&lock);
    size_t total = 0;
    for (size_t index = 0; index < kept_count; index++) {
        total += kept[index].bytes;
    }
    pthread_mutex_unlock(&lock);
    return total;
}
