#ifndef CMEMMEM_H
#define CMEMMEM_H

#include <stddef.h>

/// glibc's memmem(3): the first occurrence of `needle` in `haystack`, or NULL.
/// Declared here because Swift's Glibc module does not export GNU extensions.
void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);

#endif
