/* Quire's floor: the least work any Pango/Cairo renderer must do for a document, with
 * Quire's own default page and type (A4, its margins, Noto Serif 10.5 pt with Quire's
 * fallbacks, its line height). Reads plain text, lays out each blank-line-separated
 * paragraph with Pango, paginates, writes a PDF with Cairo. No structure, no styling:
 * only shaping, line breaking and PDF output. (After ../shared/tools/floor/floor.c.)
 * Build: cc -O2 floor.c -o floor $(pkg-config --cflags --libs pangocairo)
 * Usage: floor IN.txt OUT.pdf */
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: floor IN.txt OUT.pdf\n"); return 2; }
  FILE *f = fopen(argv[1], "rb"); if (!f) { perror(argv[1]); return 1; }
  fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
  char *text = malloc(n + 1); if (fread(text, 1, n, f) != (size_t)n) return 1; text[n] = 0; fclose(f);
  const double W = 595.276, H = 841.89, top = 68, right = 66, bottom = 72, left = 66;
  const double size = 10.5, lineHeight = size * 1.45, gap = size * 0.75;
  cairo_surface_t *s = cairo_pdf_surface_create(argv[2], W, H);
  cairo_t *cr = cairo_create(s);
  PangoFontDescription *fd = pango_font_description_from_string("Noto Serif, Noto Sans Arabic, Noto Sans Hebrew");
  /* An absolute size: Cairo units are points, and pango_cairo_create_layout's context is at
   * 96 dpi, where a size in points would come out a third larger (14 for 10.5). */
  pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
  double y = top; int pages = 1;
  char *p = text;
  while (*p) {
    char *end = strstr(p, "\n\n");
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len > 0) {
      PangoLayout *l = pango_cairo_create_layout(cr);
      pango_layout_set_font_description(l, fd);
      pango_layout_set_width(l, (int)((W - left - right) * PANGO_SCALE));
      pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_text(l, p, (int)len);
      PangoLayoutIter *it = pango_layout_get_iter(l);
      do {
        PangoRectangle r; pango_layout_iter_get_line_extents(it, NULL, &r);
        double natural = r.height / (double)PANGO_SCALE;
        double lh = natural > lineHeight ? natural : lineHeight;
        if (y + lh > H - bottom) { cairo_show_page(cr); y = top; pages++; }
        int base = pango_layout_iter_get_baseline(it) - r.y;
        cairo_move_to(cr, left, y + (lh - natural) / 2 + base / (double)PANGO_SCALE);
        pango_cairo_show_layout_line(cr, pango_layout_iter_get_line_readonly(it));
        y += lh;
      } while (pango_layout_iter_next_line(it));
      pango_layout_iter_free(it);
      g_object_unref(l);
      y += gap;
    }
    if (!end) break;
    p = end + 2;
  }
  cairo_destroy(cr); cairo_surface_destroy(s);
  printf("%d pages\n", pages);
  return 0;
}
