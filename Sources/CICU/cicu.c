/* ICU's break iterators over UTF-8 text, cached per thread and closed at its exit; the only file that includes ICU's headers. */
#include "cicu.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/ubidi.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>
#include <unicode/ucnv.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/ucasemap.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>

enum { CACHE_SIZE = 8, LOCALE_MAX = 64 };

typedef struct {
    cicu_break_kind kind;
    char locale[LOCALE_MAX];
    UBreakIterator *iterator;
} cached_iterator;

/* What one thread keeps open between calls: a few break iterators and one bidi object. */
typedef struct {
    cached_iterator iterators[CACHE_SIZE];
    int next;
    UBiDi *bidi;
} thread_objects;

/* The calling thread's objects, also registered under `thread_objects_key` so that they are
   closed when the thread exits (a server starting and ending threads would otherwise leak them). */
static _Thread_local thread_objects *this_thread;
static pthread_key_t thread_objects_key;
static pthread_once_t thread_objects_key_once = PTHREAD_ONCE_INIT;
static atomic_int live_objects;
static atomic_int closed_at_thread_exit;

static void close_iterator(UBreakIterator *it) { ubrk_close(it); atomic_fetch_sub(&live_objects, 1); }

static int32_t count_objects(const thread_objects *objects) {
    int32_t count = objects->bidi != NULL;
    for (int i = 0; i < CACHE_SIZE; i++) count += objects->iterators[i].iterator != NULL;
    return count;
}

static void close_thread_objects(void *pointer) {
    thread_objects *objects = pointer;
    atomic_fetch_add(&closed_at_thread_exit, count_objects(objects));
    for (int i = 0; i < CACHE_SIZE; i++) {
        if (objects->iterators[i].iterator) close_iterator(objects->iterators[i].iterator);
    }
    if (objects->bidi) { ubidi_close(objects->bidi); atomic_fetch_sub(&live_objects, 1); }
    free(objects);
    this_thread = NULL;  /* a later call on this thread, from another destructor, starts afresh */
}

static void create_thread_objects_key(void) { pthread_key_create(&thread_objects_key, close_thread_objects); }

/* The calling thread's objects, created on first use; NULL when memory or a key runs out. */
static thread_objects *thread_objects_here(void) {
    if (this_thread) return this_thread;
    pthread_once(&thread_objects_key_once, create_thread_objects_key);
    thread_objects *objects = calloc(1, sizeof *objects);
    if (!objects) return NULL;
    if (pthread_setspecific(thread_objects_key, objects) != 0) { free(objects); return NULL; }
    this_thread = objects;
    return objects;
}

int32_t cicu_live_objects(void) { return atomic_load(&live_objects); }

int32_t cicu_objects_closed_at_thread_exit(void) { return atomic_load(&closed_at_thread_exit); }

int32_t cicu_thread_objects(void) { return this_thread ? count_objects(this_thread) : 0; }

/* Opening an iterator costs far more than a layout; each thread keeps a few, by kind and locale. */
static UBreakIterator *iterator_for(cicu_break_kind kind, const char *locale, UErrorCode *status) {
    const char *loc = locale ? locale : "";
    if (strlen(loc) >= LOCALE_MAX) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    thread_objects *objects = thread_objects_here();
    if (!objects) { *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    cached_iterator *cache = objects->iterators;
    for (int i = 0; i < CACHE_SIZE; i++) {
        if (cache[i].iterator && cache[i].kind == kind && strcmp(cache[i].locale, loc) == 0) return cache[i].iterator;
    }
    UBreakIteratorType type = kind == CICU_LINE ? UBRK_LINE : kind == CICU_GRAPHEME ? UBRK_CHARACTER : UBRK_WORD;
    char icu_locale[ULOC_FULLNAME_CAPACITY] = "";
    const char *id = loc;
    if (strchr(loc, '-')) {  /* a BCP 47 tag: ICU's own id form keeps its -u- keywords (lb=strict) */
        uloc_forLanguageTag(loc, icu_locale, (int32_t)sizeof icu_locale, NULL, status);
        if (U_FAILURE(*status)) return NULL;
        id = icu_locale;
    }
    UBreakIterator *it = ubrk_open(type, id, NULL, 0, status);
    if (U_FAILURE(*status)) return NULL;
    atomic_fetch_add(&live_objects, 1);
    cached_iterator *slot = &cache[objects->next];
    objects->next = (objects->next + 1) % CACHE_SIZE;
    if (slot->iterator) close_iterator(slot->iterator);
    slot->kind = kind;
    strcpy(slot->locale, loc);
    slot->iterator = it;
    return it;
}

int32_t cicu_breaks(cicu_break_kind kind, const char *locale, const uint8_t *text, int32_t length,
                    int32_t *positions, uint8_t *hard, int32_t capacity) {
    return cicu_breaks_after(kind, locale, text, length, 0, positions, hard, capacity);
}

int32_t cicu_breaks_after(cicu_break_kind kind, const char *locale, const uint8_t *text, int32_t length, int32_t after,
                          int32_t *positions, uint8_t *hard, int32_t capacity) {
    if (length < 0 || after < 0 || after > length || capacity < length + 1 || (length > 0 && (text == NULL || positions == NULL)))
        return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = iterator_for(kind, locale, &status);
    if (!it) return -(int32_t)status;
    UText ut = UTEXT_INITIALIZER;
    utext_openUTF8(&ut, (const char *)text, length, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    ubrk_setUText(it, &ut, &status);
    if (U_FAILURE(status)) { utext_close(&ut); return -(int32_t)status; }
    int32_t count = 0;
    /* From a later offset ICU backs up to a point its rules can restart from: the boundaries after
       it are the ones a walk from the start finds. */
    int32_t first = after > 0 ? ubrk_following(it, after) : ubrk_next(it);
    for (int32_t b = first; b != UBRK_DONE && count < capacity; b = ubrk_next(it)) {
        positions[count] = b;
        if (hard) {
            int32_t rule = ubrk_getRuleStatus(it);
            hard[count] = kind == CICU_LINE && rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
        }
        count++;
    }
    /* Leave no pointer to the caller's text behind in the cached iterator. */
    ubrk_setText(it, NULL, 0, &status);
    utext_close(&ut);
    return count;
}

const char *cicu_error_name(int32_t code) { return u_errorName((UErrorCode)(code < 0 ? -code : code)); }

const char *cicu_version(void) {
    static char version[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, version);
    return version;
}

void cicu_version_numbers(uint8_t numbers[4]) {
    UVersionInfo info;
    u_getVersion(info);
    for (int i = 0; i < 4; i++) numbers[i] = info[i];
}

int32_t cicu_script(uint32_t code_point) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)code_point, &status);
    return U_FAILURE(status) ? USCRIPT_UNKNOWN : (int32_t)script;
}

const char *cicu_script_code(int32_t script) {
    const char *name = uscript_getShortName((UScriptCode)script);
    return name ? name : "Zzzz";
}

int32_t cicu_paired_bracket(uint32_t code_point, uint32_t *pair) {
    int32_t type = u_getIntPropertyValue((UChar32)code_point, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (pair) *pair = (uint32_t)u_getBidiPairedBracket((UChar32)code_point);
    return type == U_BPT_OPEN ? 1 : type == U_BPT_CLOSE ? 2 : 0;
}

int32_t cicu_bidi_levels(const uint8_t *text, int32_t length, int32_t direction, uint8_t *levels) {
    if (length < 0 || (length > 0 && (text == NULL || levels == NULL))) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    UErrorCode status = U_ZERO_ERROR;
    thread_objects *objects = thread_objects_here();
    if (!objects) return -(int32_t)U_MEMORY_ALLOCATION_ERROR;
    if (!objects->bidi) {
        objects->bidi = ubidi_open();
        if (!objects->bidi) return -(int32_t)U_MEMORY_ALLOCATION_ERROR;
        atomic_fetch_add(&live_objects, 1);
    }
    UBiDi *bidi = objects->bidi;
    /* UTF-16 for ICU, and where each UTF-16 unit's character starts in the UTF-8 text. */
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, (const char *)text, length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return -(int32_t)status;
    status = U_ZERO_ERROR;
    UChar *utf16 = malloc(sizeof(UChar) * (size_t)(units + 1));
    int32_t *unit_byte = malloc(sizeof(int32_t) * (size_t)(units + 1));
    if (!utf16 || !unit_byte) { free(utf16); free(unit_byte); return -(int32_t)U_MEMORY_ALLOCATION_ERROR; }
    u_strFromUTF8(utf16, units + 1, NULL, (const char *)text, length, &status);
    int32_t u = 0;
    for (int32_t i = 0; i < length && u < units; ) {
        uint8_t b = text[i];
        int32_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        unit_byte[u++] = i;
        if (n == 4 && u < units) unit_byte[u++] = i;
        i += n;
    }
    unit_byte[units] = length;
    UBiDiLevel paragraph = direction == 0 ? 0 : direction == 1 ? 1 : UBIDI_DEFAULT_LTR;
    int32_t result = -1;
    if (U_SUCCESS(status)) ubidi_setPara(bidi, utf16, units, paragraph, NULL, &status);
    if (U_SUCCESS(status)) {
        const UBiDiLevel *unit_levels = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status)) {
            for (int32_t k = 0; k < units; k++) {
                for (int32_t b = unit_byte[k]; b < unit_byte[k + 1]; b++) levels[b] = unit_levels[k];
            }
            result = ubidi_getParaLevel(bidi) & 1;
        }
    }
    ubidi_setPara(bidi, NULL, 0, 0, NULL, &(UErrorCode){U_ZERO_ERROR});  /* drop the pointer to our buffer */
    free(utf16);
    free(unit_byte);
    return U_FAILURE(status) ? -(int32_t)status : result;
}

int32_t cicu_bidi_class(uint32_t code_point) {
    return u_charDirection((UChar32)code_point);
}

int32_t cicu_east_asian_width(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t cicu_line_break_class(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK);
}

/* A result that fills its buffer with no room for the NUL is, here, a buffer too small. */
static void require_terminated(UErrorCode *status) {
    if (*status == U_STRING_NOT_TERMINATED_WARNING) *status = U_BUFFER_OVERFLOW_ERROR;
}

int32_t cicu_likely_subtags(const char *tag, char *out, int32_t capacity) {
    if (tag == NULL || out == NULL || capacity <= 0) return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    UErrorCode status = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY], maximized[ULOC_FULLNAME_CAPACITY];
    uloc_forLanguageTag(tag, id, (int32_t)sizeof id, NULL, &status);
    require_terminated(&status);
    uloc_addLikelySubtags(id, maximized, (int32_t)sizeof maximized, &status);
    require_terminated(&status);
    int32_t length = uloc_toLanguageTag(maximized, out, capacity, 0, &status);
    require_terminated(&status);
    return U_FAILURE(status) ? -(int32_t)status : length;
}

int32_t cicu_convert_to_utf8(const char *charset, const uint8_t *text, int32_t length, uint8_t *out, int32_t capacity) {
    if (charset == NULL || text == NULL || length < 0 || capacity < 0 || (out == NULL && capacity > 0)) {
        return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = ucnv_convert("UTF-8", charset, (char *)out, capacity, (const char *)text, length, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return written;
    return U_FAILURE(status) ? -(int32_t)status : written;
}

int32_t cicu_is_emoji_presentation(uint32_t code_point) {
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_EMOJI_PRESENTATION);
}

int32_t cicu_is_default_ignorable(uint32_t code_point) {
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

int32_t cicu_is_upright_in_mixed_vertical(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_VERTICAL_ORIENTATION) != U_VO_ROTATED;
}

int32_t cicu_canonical_decomposition(uint32_t code_point, uint32_t *parts, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return -(int32_t)status;
    UChar units[16];
    int32_t length = unorm2_getRawDecomposition(nfd, (UChar32)code_point, units, 16, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    if (length < 0) return 0;
    int32_t count = 0;
    for (int32_t i = 0; i < length && count < capacity;) {
        UChar32 part;
        U16_NEXT(units, i, length, part);
        parts[count++] = (uint32_t)part;
    }
    return count;
}

int32_t cicu_nfkc(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    if (text == NULL || length < 0 || capacity < 0 || (out == NULL && capacity > 0)) {
        return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfkc = unorm2_getNFKCInstance(&status);
    if (U_FAILURE(status)) return -(int32_t)status;
    int32_t written = unorm2_normalize(nfkc, (const UChar *)text, length, (UChar *)out, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return written;
    return U_FAILURE(status) ? -(int32_t)status : written;
}

int32_t cicu_combining_class(uint32_t code_point) {
    return u_getCombiningClass((UChar32)code_point);
}

int32_t cicu_case_map(cicu_case_kind kind, const char *locale, const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    if (text == NULL || length < 0 || capacity < 0 || (out == NULL && capacity > 0)) {
        return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    UErrorCode status = U_ZERO_ERROR;
    const char *tag = locale == NULL ? "" : locale;
    int32_t written = kind == CICU_UPPER
        ? u_strToUpper((UChar *)out, capacity, (const UChar *)text, length, tag, &status)
        : u_strToLower((UChar *)out, capacity, (const UChar *)text, length, tag, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return written;
    return U_FAILURE(status) ? -(int32_t)status : written;
}

uint32_t cicu_simple_title(uint32_t code_point) {
    return (uint32_t)u_totitle((UChar32)code_point);
}

int32_t cicu_width_decomposition_type(uint32_t code_point) {
    switch (u_getIntPropertyValue((UChar32)code_point, UCHAR_DECOMPOSITION_TYPE)) {
    case U_DT_WIDE: return 1;
    case U_DT_NARROW: return 2;
    default: return 0;
    }
}
