/* Prints, for each text on standard input (one a line, \n and \\ escaped), the line break opportunities
 * Pango 1.50 finds (line "P") and ICU's line break iterator finds (line "I"), as UTF-16 offsets.
 * A study tool for pango_differences.py, not part of the engine. */
#include <pango/pango.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

static char *unescape(const char *s) {
  size_t n = strlen(s); char *o = malloc(n + 1), *p = o;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\\' && i + 1 < n) { i++; *p++ = s[i] == 'n' ? '\n' : s[i] == 't' ? '\t' : s[i]; }
    else *p++ = s[i];
  }
  *p = 0; return o;
}

int main(void) {
  char *line = NULL; size_t cap = 0; ssize_t n;
  while ((n = getline(&line, &cap, stdin)) > 0) {
    if (line[n - 1] == '\n') line[--n] = 0;
    char *text = unescape(line);
    int bytes = (int)strlen(text), chars = (int)g_utf8_strlen(text, -1);
    PangoLogAttr *attrs = g_new(PangoLogAttr, chars + 1);
    pango_get_log_attrs(text, bytes, -1, pango_language_get_default(), attrs, chars + 1);
    const char *p = text; long u16 = 0;
    printf("P");
    for (int i = 0; i <= chars; i++) {
      if (i > 0 && attrs[i].is_line_break) printf(" %ld", u16);
      if (i < chars) { gunichar c = g_utf8_get_char(p); u16 += c >= 0x10000 ? 2 : 1; p = g_utf8_next_char(p); }
    }
    printf("\nI");
    UErrorCode status = U_ZERO_ERROR; int32_t length = 0;
    u_strFromUTF8(NULL, 0, &length, text, bytes, &status);
    status = U_ZERO_ERROR;
    UChar *utf16 = malloc(sizeof(UChar) * (length + 1));
    u_strFromUTF8(utf16, length + 1, NULL, text, bytes, &status);
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", utf16, length, &status);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE; b = ubrk_next(it)) printf(" %d", b);
    printf("\n");
    ubrk_close(it); free(utf16); g_free(attrs); free(text);
  }
  return 0;
}
