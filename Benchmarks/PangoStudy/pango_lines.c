/* The project's Pango 1.50 oracle: lays out each job on standard input with PangoLayout and prints its lines, for PangoAgreementTests, agreement.py and record-pango-starts.py.
 *
 * Input, one job a line, six fields separated by tabs:
 *   size  width  lineSpace  family  settings  text
 * size, width and lineSpace in px; family a fontconfig family; text with \n, \t and \\ escaped.
 * settings is "-" or a list of key=value separated by ';', each as Pango takes it:
 *   align=start|end|left|right|center|justify
 *                                     the engine's alignment (left and right the physical sides),
 *                                     given to Pango as the side it means: Pango's own LEFT and
 *                                     RIGHT swap on a right-to-left line when the direction is automatic
 *   indent=PX                         pango_layout_set_indent (negative: hanging)
 *   lines=N                           ellipsize at N lines (pango_layout_set_height(-N))
 *   height=PX                         ellipsize at a height (pango_layout_set_height(PX))
 *   ellipsize=start|middle|end        where the ellipsis goes (end unless said)
 *   hyphens=1                         hyphens inserted where a word breaks (at a soft hyphen)
 *   dir=ltr|rtl                       the base direction (else each paragraph's first strong letter)
 *   lang=TAG                          the text's language
 *   gravity=east                      lines set as columns (pango_context_set_base_gravity: top to
 *                                     bottom, the width a column's length, the height the block's
 *                                     extent across them; else south, horizontal lines)
 *   hint=natural|strong|line          how a column sets a character that is not upright by Pango's
 *                                     table (pango_context_set_gravity_hint; natural unless said)
 * Output, one line a job, seven fields separated by tabs:
 *   lineCount  height  starts  widths  xs  hidden  upright
 * starts in UTF-16 offsets; widths (logical) and xs (where each line's content starts, from the
 * layout's left edge) in px with 3 decimals, comma separated; hidden the UTF-16 range an ellipsis
 * stands for as start,end, or "-"; upright the UTF-16 ranges start-end, comma separated, of the runs
 * of a vertical gravity (set upright in a column), or "-".
 * Metrics are unhinted and glyph positions unrounded at 72 dpi, so a size in points is one in px. */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text of an escaped field, in place: \n, \t and \\ read as what they stand for. */
static void unescape_in_place(char *s) {
  char *out = s;
  for (; *s; s++) {
    if (*s == '\\' && s[1]) {
      s++;
      *out++ = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
    } else {
      *out++ = *s;
    }
  }
  *out = 0;
}

/* UTF-16 code units in the first `bytes` bytes of UTF-8 `text`. */
static long utf16_units(const char *text, int bytes) {
  long units = 0;
  for (const char *p = text; p < text + bytes; p = g_utf8_next_char(p)) units += g_utf8_get_char(p) > 0xFFFF ? 2 : 1;
  return units;
}

typedef struct {
  const char *align, *ellipsize, *dir, *lang, *gravity, *hint;
  double indent, height;
  int lines, hyphens;
} Settings;

/* The settings field read into `s`; returns 0 and names the key on an unknown one. */
static int read_settings(char *field, Settings *s) {
  memset(s, 0, sizeof *s);
  if (strcmp(field, "-") == 0) return 1;
  for (char *item = strtok(field, ";"); item; item = strtok(NULL, ";")) {
    char *value = strchr(item, '=');
    if (!value) { fprintf(stderr, "pango_lines: setting '%s' has no '=value'\n", item); return 0; }
    *value++ = 0;
    if (strcmp(item, "align") == 0) s->align = value;
    else if (strcmp(item, "indent") == 0) s->indent = atof(value);
    else if (strcmp(item, "lines") == 0) s->lines = atoi(value);
    else if (strcmp(item, "height") == 0) s->height = atof(value);
    else if (strcmp(item, "ellipsize") == 0) s->ellipsize = value;
    else if (strcmp(item, "hyphens") == 0) s->hyphens = strcmp(value, "1") == 0;
    else if (strcmp(item, "dir") == 0) s->dir = value;
    else if (strcmp(item, "lang") == 0) s->lang = value;
    else if (strcmp(item, "gravity") == 0 && strcmp(value, "east") == 0) s->gravity = value;
    else if (strcmp(item, "hint") == 0 && (strcmp(value, "natural") == 0 || strcmp(value, "strong") == 0 || strcmp(value, "line") == 0)) s->hint = value;
    else if (strcmp(item, "gravity") == 0 || strcmp(item, "hint") == 0) {
      fprintf(stderr, "pango_lines: %s=%s is not one of gravity=east, hint=natural|strong|line\n", item, value); return 0;
    }
    else { fprintf(stderr, "pango_lines: unknown setting '%s' (align, indent, lines, height, ellipsize, hyphens, dir, lang, gravity, hint)\n", item); return 0; }
  }
  return 1;
}

/* Pango's alignment for the engine's `name` on a layout whose first line has its direction. */
static PangoAlignment pango_alignment(const char *name, PangoLayout *layout) {
  if (strcmp(name, "center") == 0) return PANGO_ALIGN_CENTER;
  int rtl = pango_layout_get_line_readonly(layout, 0)->resolved_dir == PANGO_DIRECTION_RTL;
  int right = strcmp(name, "right") == 0 || (strcmp(name, "start") == 0 && rtl) || (strcmp(name, "end") == 0 && !rtl);
  /* Pango swaps its LEFT and RIGHT on a right-to-left line of a layout whose direction is automatic. */
  if (rtl && pango_layout_get_auto_dir(layout)) right = !right;
  return right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
}

/* A layout of `text` in `context` with the job's font, width, spacing and settings. */
static PangoLayout *layout_job(PangoContext *context, double size, double width, double space, const char *family,
                               const Settings *s, const char *text) {
  if (s->dir) pango_context_set_base_dir(context, strcmp(s->dir, "rtl") == 0 ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR);
  pango_context_set_base_gravity(context, s->gravity ? PANGO_GRAVITY_EAST : PANGO_GRAVITY_SOUTH);
  pango_context_set_gravity_hint(context, !s->hint || strcmp(s->hint, "natural") == 0 ? PANGO_GRAVITY_HINT_NATURAL
                                          : strcmp(s->hint, "strong") == 0 ? PANGO_GRAVITY_HINT_STRONG : PANGO_GRAVITY_HINT_LINE);
  PangoLayout *layout = pango_layout_new(context);
  pango_layout_set_auto_dir(layout, s->dir == NULL);
  PangoFontDescription *font = pango_font_description_from_string(family);
  pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
  pango_layout_set_font_description(layout, font);
  pango_font_description_free(font);
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  /* No width (or one past Pango's units): one line per paragraph. */
  pango_layout_set_width(layout, width > 0 && width < G_MAXINT / PANGO_SCALE ? (int)(width * PANGO_SCALE) : -1);
  pango_layout_set_spacing(layout, (int)(space * PANGO_SCALE));
  PangoAttrList *attributes = pango_attr_list_new();
  /* Pango inserts a hyphen at every break inside a word by default; the engine cuts a word too
   * long for the line without one, so hyphens are shown only when asked (at soft hyphens). */
  pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(s->hyphens));
  if (s->lang) pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(s->lang)));
  pango_layout_set_attributes(layout, attributes);
  pango_attr_list_unref(attributes);
  if (s->align && strcmp(s->align, "justify") == 0) pango_layout_set_justify(layout, TRUE);
  pango_layout_set_indent(layout, (int)(s->indent * PANGO_SCALE));
  if (s->lines > 0 || s->height > 0) {
    const char *e = s->ellipsize ? s->ellipsize : "end";
    pango_layout_set_ellipsize(layout, strcmp(e, "start") == 0 ? PANGO_ELLIPSIZE_START
                                       : strcmp(e, "middle") == 0 ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END);
    pango_layout_set_height(layout, s->lines > 0 ? -s->lines : (int)(s->height * PANGO_SCALE));
  }
  pango_layout_set_text(layout, text, -1);
  if (s->align && strcmp(s->align, "justify") != 0) pango_layout_set_alignment(layout, pango_alignment(s->align, layout));
  return layout;
}

static void print_lines(PangoLayout *layout, const char *text) {
  int width, height;
  pango_layout_get_size(layout, &width, &height);
  printf("%d\t%.3f\t", pango_layout_get_line_count(layout), height / (double)PANGO_SCALE);
  GString *starts = g_string_new(NULL), *widths = g_string_new(NULL), *xs = g_string_new(NULL), *upright = g_string_new(NULL);
  long hidden_start = -1, hidden_end = -1;
  PangoLayoutIter *iter = pango_layout_get_iter(layout);
  do {
    PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
    PangoRectangle extents;
    pango_layout_iter_get_line_extents(iter, NULL, &extents);
    const char *comma = starts->len ? "," : "";
    g_string_append_printf(starts, "%s%ld", comma, utf16_units(text, line->start_index));
    g_string_append_printf(widths, "%s%.3f", comma, extents.width / (double)PANGO_SCALE);
    g_string_append_printf(xs, "%s%.3f", comma, extents.x / (double)PANGO_SCALE);
    for (GSList *run = line->runs; run; run = run->next) {
      PangoItem *item = ((PangoGlyphItem *)run->data)->item;
      if (PANGO_GRAVITY_IS_VERTICAL(item->analysis.gravity))
        g_string_append_printf(upright, "%s%ld-%ld", upright->len ? "," : "", utf16_units(text, item->offset),
                               utf16_units(text, item->offset + item->length));
      if (item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) {
        hidden_start = utf16_units(text, item->offset);
        hidden_end = utf16_units(text, item->offset + item->length);
      }
    }
  } while (pango_layout_iter_next_line(iter));
  pango_layout_iter_free(iter);
  printf("%s\t%s\t%s\t", starts->str, widths->str, xs->str);
  if (hidden_start >= 0) printf("%ld,%ld\t", hidden_start, hidden_end); else printf("-\t");
  printf("%s\n", upright->len ? upright->str : "-");
  g_string_free(starts, TRUE); g_string_free(widths, TRUE); g_string_free(xs, TRUE); g_string_free(upright, TRUE);
}

int main(void) {
  PangoFontMap *font_map = pango_cairo_font_map_new();
  PangoContext *context = pango_font_map_create_context(font_map);
  PangoDirection automatic = pango_context_get_base_dir(context);
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options(context, options);
  pango_cairo_context_set_resolution(context, 72.0);
  pango_context_set_round_glyph_positions(context, FALSE);
  char *line = NULL; size_t capacity = 0; ssize_t length; long number = 0;
  while ((length = getline(&line, &capacity, stdin)) > 0) {
    number++;
    if (line[length - 1] == '\n') line[--length] = 0;
    char *fields[6]; char *rest = line; int count = 0;
    for (; count < 5; count++) {
      char *tab = strchr(rest, '\t');
      if (!tab) break;
      *tab = 0; fields[count] = rest; rest = tab + 1;
    }
    if (count < 5) { fprintf(stderr, "pango_lines: line %ld has %d fields; a job is size, width, lineSpace, family, settings, text\n", number, count + 1); return 2; }
    fields[5] = rest;
    Settings settings;
    if (!read_settings(fields[4], &settings)) return 2;
    pango_context_set_base_dir(context, automatic);
    unescape_in_place(fields[5]);
    PangoLayout *layout = layout_job(context, atof(fields[0]), atof(fields[1]), atof(fields[2]), fields[3], &settings, fields[5]);
    print_lines(layout, fields[5]);
    g_object_unref(layout);
  }
  free(line);
  cairo_font_options_destroy(options);
  g_object_unref(context);
  g_object_unref(font_map);
  return 0;
}
