/* Thai word breaks from libthai, opened with dlopen on first use, its break object shared under a lock. */
#include "cthai.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <wchar.h>

typedef struct thai_break_object thai_break_object;
typedef thai_break_object *(*new_breaker_function)(const char *dictionary_path);
typedef int (*find_breaks_function)(thai_break_object *breaker, const unsigned char *text, int *positions, size_t capacity);
typedef unsigned char (*unicode_to_tis_function)(wchar_t code_point);

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t break_lock = PTHREAD_MUTEX_INITIALIZER;
static thai_break_object *breaker;
static find_breaks_function find_breaks;
static unicode_to_tis_function unicode_to_tis;

static void load_libthai(void) {
    void *library = dlopen("libthai.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    new_breaker_function new_breaker = (new_breaker_function)dlsym(library, "th_brk_new");
    find_breaks = (find_breaks_function)dlsym(library, "th_brk_find_breaks");
    unicode_to_tis = (unicode_to_tis_function)dlsym(library, "th_uni2tis");
    if (new_breaker && find_breaks && unicode_to_tis) breaker = new_breaker(NULL);
}

int32_t cthai_breaks(const uint32_t *text, int32_t length, int32_t *positions, int32_t capacity) {
    pthread_once(&load_once, load_libthai);
    if (!breaker) return -1;
    if (length <= 0) return 0;
    unsigned char *tis = malloc((size_t)length + 1);
    int *found = malloc(sizeof(int) * ((size_t)length + 1));
    if (!tis || !found) {
        free(tis);
        free(found);
        return -1;
    }
    for (int32_t i = 0; i < length; i++) {
        unsigned char c = unicode_to_tis((wchar_t)text[i]);
        tis[i] = c == 0 ? ' ' : c;  /* a NUL would end libthai's string early */
    }
    tis[length] = 0;
    pthread_mutex_lock(&break_lock);
    int count = find_breaks(breaker, tis, found, (size_t)length + 1);
    pthread_mutex_unlock(&break_lock);
    int32_t written = 0;
    for (int k = 0; k < count && written < capacity; k++)
        if (found[k] > 0 && found[k] < length) positions[written++] = found[k];
    free(tis);
    free(found);
    return written;
}
