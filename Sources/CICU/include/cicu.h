/* ICU's break iterators behind an opaque, Foundation-safe header: only stdint types and plain functions. */
#ifndef CICU_H
#define CICU_H
#include <stdint.h>

/** What `cicu_breaks` iterates over. */
typedef enum {
    CICU_LINE = 0,      /* UAX #14 line break opportunities */
    CICU_GRAPHEME = 1,  /* UAX #29 extended grapheme cluster boundaries */
    CICU_WORD = 2       /* UAX #29 word boundaries */
} cicu_break_kind;

/**
 * Boundaries of `kind` in UTF-8 `text` of `length` bytes, as ascending byte offsets in (0, length].
 * The start (0) is not reported; the end (length) always is.
 * `hard`, when not NULL, receives 1 for a mandatory line break (UAX #14 classes BK, CR, LF, NL), else 0.
 * `locale` selects tailorings: an ICU locale id ("ja@lb=strict") or a BCP 47 tag ("ja-u-lb-strict");
 * NULL means the root locale.
 * `capacity` must be at least length + 1 (there are never more boundaries than that).
 * Returns the number of boundaries written, or a negative ICU error code (see cicu_error_name).
 * Iterators are cached per thread, so calls from many threads at once are safe; a thread's are
 * closed when it exits.
 */
int32_t cicu_breaks(cicu_break_kind kind, const char *locale, const uint8_t *text, int32_t length,
                    int32_t *positions, uint8_t *hard, int32_t capacity);

/** As cicu_breaks, but only the boundaries after offset `after` (0...length) of the same text, found
 * with the whole text as context. */
int32_t cicu_breaks_after(cicu_break_kind kind, const char *locale, const uint8_t *text, int32_t length, int32_t after,
                          int32_t *positions, uint8_t *hard, int32_t capacity);

/** The Unicode script of a code point, as ICU's UScriptCode (0 Common, 1 Inherited, 103 Unknown). */
int32_t cicu_script(uint32_t code_point);

/** The ISO 15924 code of an ICU script code, such as "Latn"; "Zzzz" for an unknown code. */
const char *cicu_script_code(int32_t script);

/**
 * The bidi paired bracket type of a code point (UAX #9 BD14-BD16): 1 opening, 2 closing, 0 none.
 * `pair` receives the code point of the matching bracket (the code point itself when none).
 */
int32_t cicu_paired_bracket(uint32_t code_point, uint32_t *pair);

/**
 * Resolves the bidi embedding levels (UAX #9) of one paragraph of UTF-8 text.
 * `direction`: 0 left-to-right, 1 right-to-left, -1 from the first strong character (LTR when none).
 * `levels` receives `length` bytes: each byte of a character gets the character's level
 * (characters removed by rule X9, such as embedding controls and ZWJ, get ICU's level for them,
 * which is that of the character after them).
 * Returns the paragraph's level (0 or 1), or a negative ICU error code.
 */
int32_t cicu_bidi_levels(const uint8_t *text, int32_t length, int32_t direction, uint8_t *levels);

/** The bidi class of a code point (UAX #9), as ICU's UCharDirection value. */
int32_t cicu_bidi_class(uint32_t code_point);

/** The East Asian Width of a code point, as ICU's UEastAsianWidth (2 halfwidth, 3 fullwidth, 5 wide). */
int32_t cicu_east_asian_width(uint32_t code_point);

/** The UAX #14 line break class of a code point, as ICU's ULineBreak value. */
int32_t cicu_line_break_class(uint32_t code_point);

/** Whether a code point has the Emoji_Presentation property (drawn as emoji by default). */
int32_t cicu_is_emoji_presentation(uint32_t code_point);

/** Whether a code point is a default-ignorable one (ZWJ, variation selectors, bidi controls...). */
int32_t cicu_is_default_ignorable(uint32_t code_point);

/** Whether a code point stands upright in a vertical line of mixed orientation: its
 *  Vertical_Orientation (UAX #50) is U, Tu or Tr, not R. */
int32_t cicu_is_upright_in_mixed_vertical(uint32_t code_point);

/**
 * The one-step canonical decomposition of a code point (its Unicode decomposition mapping, not
 * applied again to its parts; a Hangul syllable split by the Unicode algorithm), at most two code
 * points, written to `parts` (up to `capacity` of them): returns 0 when it has none, else the number
 * written, or a negative ICU error code.
 */
int32_t cicu_canonical_decomposition(uint32_t code_point, uint32_t *parts, int32_t capacity);

/**
 * The NFKC normalization (compatibility decomposition, then canonical composition) of UTF-16 `text`
 * of `length` code units, written to `out` (up to `capacity` code units, not NUL-terminated): full-width
 * digits and Latin letters become ASCII, half-width katakana full-width. Returns the normalized
 * length (which may exceed `capacity`: call again with a larger buffer), or a negative ICU error code.
 */
int32_t cicu_nfkc(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);

/** The canonical combining class of a code point (0 for starters). */
int32_t cicu_combining_class(uint32_t code_point);

/**
 * A BCP 47 language tag completed with ICU's likely subtags (uloc_addLikelySubtags), in BCP 47
 * form: "zh" gives "zh-Hans-CN", "zh-HK" gives "zh-Hant-HK", "ko-KR" gives "ko-Kore-KR";
 * extensions such as "-u-lb-strict" are kept. `out` receives the NUL-terminated tag.
 * Returns its length, or a negative ICU error code (a tag ICU cannot read, or `capacity` too small).
 */
int32_t cicu_likely_subtags(const char *tag, char *out, int32_t capacity);

/**
 * Converts `length` bytes of `text` in the charset `charset` (an ICU converter name or alias:
 * "ISO8859-1", "KOI8-R", "microsoft-cp1251") to UTF-8 in `out`; bytes the charset cannot read
 * become U+FFFD. With `capacity` 0 it only measures.
 * Returns the UTF-8 length (which may exceed `capacity`: call again with room), or a negative ICU
 * error code (U_FILE_ACCESS_ERROR for a charset ICU does not know).
 */
int32_t cicu_convert_to_utf8(const char *charset, const uint8_t *text, int32_t length, uint8_t *out, int32_t capacity);

/** The ICU objects (break iterators, bidi objects) the threads' caches hold open, all threads together. */
int32_t cicu_live_objects(void);

/** The ICU objects the calling thread's cache holds open. */
int32_t cicu_thread_objects(void);

/** How many ICU objects have been closed because the thread that held them exited, since the process began. */
int32_t cicu_objects_closed_at_thread_exit(void);

/** ICU's name for an error code returned (negated) by cicu_breaks. */
const char *cicu_error_name(int32_t code);

/** The ICU version, such as "72.1". */
const char *cicu_version(void);

/** The ICU version's four numbers (72, 1, 0, 0), into `numbers`; safe from any thread, unlike cicu_version. */
void cicu_version_numbers(uint8_t numbers[4]);

/** What `cicu_case_map` does: ICU's full case mappings of a string, by a locale's rules. */
typedef enum {
    CICU_UPPER = 0,  /* u_strToUpper: "ß" to "SS", Greek accents dropped under "el" */
    CICU_LOWER = 1   /* u_strToLower: final sigma by context, Turkish and Lithuanian i under "tr", "az", "lt" */
} cicu_case_kind;

/**
 * ICU's full case mapping of UTF-16 `text` of `length` code units by the rules of `locale` (a
 * language tag such as "tr"; NULL or "" for the root), written to `out` (up to `capacity` code
 * units, not NUL-terminated). Returns the mapped length (which may exceed `capacity`: call again
 * with a larger buffer), or a negative ICU error code.
 */
int32_t cicu_case_map(cicu_case_kind kind, const char *locale, const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);

/** ICU's simple titlecase mapping of a code point (u_totitle: one code point to one). */
uint32_t cicu_simple_title(uint32_t code_point);

/** Whether a code point has a <wide> (1) or <narrow> (2) compatibility decomposition, else 0. */
int32_t cicu_width_decomposition_type(uint32_t code_point);

#endif
