/* SPDX-License-Identifier: GPL-2.0 */
/* The console protocol's line check, shared by the guest init (which
 * appends it to every marker line) and the host's console parser (which
 * drops lines whose check does not match: kernel messages broke them). */
#ifndef KABENCH_MARKER_H
#define KABENCH_MARKER_H

#include <stddef.h>
#include <stdint.h>

/* 32-bit FNV-1a of the N bytes at S. */
static inline uint32_t marker_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

#endif
