#ifndef ENDPOINT_ARGON2_MEMORY_H
#define ENDPOINT_ARGON2_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/*
 * Argon2id's block memory (19 MiB a hash at the OWASP baseline), kept between hashes instead of
 * going back to malloc. From malloc, freed blocks stay in glibc's arenas, and two hashing threads
 * sharing an arena now and then left a third block's worth resident; mapped afresh for every hash,
 * each of the block's pages is faulted in and zeroed again (a single login took 34 ms instead of 23).
 * Blocks are mapped when no kept block of the size is free, kept when a hash is done (libargon2 wipes
 * them first), and all given back to the system by endpoint_argon2_trim (the hasher calls it once
 * no hash has run for a while). Blocks larger than ENDPOINT_ARGON2_KEPT_BYTES (a stored hash with a
 * huge memory cost) are mapped for one hash only.
 */

/* Blocks up to this size are kept; larger ones are mapped for one hash. */
#define ENDPOINT_ARGON2_KEPT_BYTES ((size_t)256 << 20)

/* libargon2's allocate_fptr: a kept block of exactly this size, or a newly mapped one. */
int endpoint_argon2_allocate(uint8_t **memory, size_t bytes);

/* libargon2's deallocate_fptr: keeps the block for the next hash (unmaps a larger one). */
void endpoint_argon2_release(uint8_t *memory, size_t bytes);

/* Unmaps every kept block that no hash is using. */
void endpoint_argon2_trim(void);

/* How many bytes are kept for the next hashes right now. */
size_t endpoint_argon2_kept_bytes(void);

#endif
