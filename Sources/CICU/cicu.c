/* ICU's break iterators over UTF-8 text, cached per thread; the only file that includes ICU's headers. */
#include "cicu.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>

enum { CACHE_SIZE = 8, LOCALE_MAX = 64 };

typedef struct {
    cicu_break_kind kind;
    char locale[LOCALE_MAX];
    UBreakIterator *iterator;
} cached_iterator;

static _Thread_local cached_iterator cache[CACHE_SIZE];
static _Thread_local int cache_next;

/* Opening an iterator costs far more than a layout; each thread keeps a few, by kind and locale. */
static UBreakIterator *iterator_for(cicu_break_kind kind, const char *locale, UErrorCode *status) {
    const char *loc = locale ? locale : "";
    if (strlen(loc) >= LOCALE_MAX) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    for (int i = 0; i < CACHE_SIZE; i++) {
        if (cache[i].iterator && cache[i].kind == kind && strcmp(cache[i].locale, loc) == 0) return cache[i].iterator;
    }
    UBreakIteratorType type = kind == CICU_LINE ? UBRK_LINE : kind == CICU_GRAPHEME ? UBRK_CHARACTER : UBRK_WORD;
    UBreakIterator *it = ubrk_open(type, loc, NULL, 0, status);
    if (U_FAILURE(*status)) return NULL;
    cached_iterator *slot = &cache[cache_next];
    cache_next = (cache_next + 1) % CACHE_SIZE;
    if (slot->iterator) ubrk_close(slot->iterator);
    slot->kind = kind;
    strcpy(slot->locale, loc);
    slot->iterator = it;
    return it;
}

int32_t cicu_breaks(cicu_break_kind kind, const char *locale, const uint8_t *text, int32_t length,
                    int32_t *positions, uint8_t *hard, int32_t capacity) {
    if (length < 0 || capacity < length + 1 || (length > 0 && (text == NULL || positions == NULL)))
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
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && count < capacity; b = ubrk_next(it)) {
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
