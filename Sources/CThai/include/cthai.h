/* Thai word breaks from libthai, the dictionary Pango breaks Thai with, loaded when first asked for (no build dependency). */
#ifndef CTHAI_H
#define CTHAI_H
#include <stdint.h>

/**
 * The positions where libthai (its default dictionary) breaks the `length` code points of `text`,
 * as code point indices in (0, length), ascending: a break falls before the code point at that index.
 * Code points that TIS-620 cannot hold are passed to libthai as its error character, as Pango does.
 * `capacity` must be at least length + 1.
 * Returns the number of positions written, or -1 when libthai (libthai.so.0, or its dictionary)
 * cannot be loaded. Safe to call from many threads at once (the calls take turns).
 */
int32_t cthai_breaks(const uint32_t *text, int32_t length, int32_t *positions, int32_t capacity);

#endif
