/* Writes the small images the samples and tests use, so that none is downloaded:
 *   cc scripts/make-images.c $(pkg-config --cflags --libs cairo) -ljpeg -lm -o /tmp/make-images
 *   /tmp/make-images Samples/images
 * PNG (with transparency) through Cairo, JPEG through libjpeg, GIF by hand (uncompressed
 * LZW: 9-bit literal codes with a clear code every 250 pixels), SVG as text, and a truncated
 * PNG for the "corrupt file" tests. Only needed to regenerate them (libjpeg-dev).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cairo.h>
#include <jpeglib.h>

static char path[1024];
static const char *dir;

static const char *at(const char *name) {
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* A diagram: three rounded boxes joined by arrows on a transparent background. */
static cairo_surface_t *diagram(int w, int h) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    double colors[3][3] = {{0.85, 0.33, 0.24}, {0.2, 0.55, 0.8}, {0.3, 0.7, 0.4}};
    for (int i = 0; i < 3; i++) {
        double x = 10 + i * (w - 20) / 3.0, bw = (w - 20) / 3.0 - 20;
        cairo_new_sub_path(cr);
        cairo_arc(cr, x + bw - 8, 30, 8, -M_PI / 2, 0);
        cairo_arc(cr, x + bw - 8, h - 38, 8, 0, M_PI / 2);
        cairo_arc(cr, x + 8, h - 38, 8, M_PI / 2, M_PI);
        cairo_arc(cr, x + 8, 30, 8, M_PI, 1.5 * M_PI);
        cairo_close_path(cr);
        cairo_set_source_rgba(cr, colors[i][0], colors[i][1], colors[i][2], 0.85);
        cairo_fill(cr);
        if (i < 2) {
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.25);
            cairo_set_line_width(cr, 3);
            cairo_move_to(cr, x + bw + 2, h / 2.0);
            cairo_line_to(cr, x + bw + 16, h / 2.0);
            cairo_stroke(cr);
        }
    }
    cairo_destroy(cr);
    return s;
}

/* A landscape: sky gradient, sun, hills; opaque (for the JPEG). */
static cairo_surface_t *landscape(int w, int h) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_pattern_t *sky = cairo_pattern_create_linear(0, 0, 0, h);
    cairo_pattern_add_color_stop_rgb(sky, 0, 0.35, 0.6, 0.9);
    cairo_pattern_add_color_stop_rgb(sky, 1, 0.95, 0.85, 0.7);
    cairo_set_source(cr, sky);
    cairo_paint(cr);
    cairo_pattern_destroy(sky);
    cairo_set_source_rgb(cr, 1, 0.85, 0.3);
    cairo_arc(cr, w * 0.75, h * 0.3, h * 0.12, 0, 2 * M_PI);
    cairo_fill(cr);
    for (int k = 0; k < 2; k++) {
        cairo_move_to(cr, 0, h);
        for (int x = 0; x <= w; x += 4)
            cairo_line_to(cr, x, h * (0.62 + 0.12 * k) - sin(x * (0.012 + 0.01 * k) + k) * h * 0.08);
        cairo_line_to(cr, w, h);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.2 + 0.1 * k, 0.5 - 0.1 * k, 0.25);
        cairo_fill(cr);
    }
    cairo_destroy(cr);
    return s;
}

static void write_jpeg(cairo_surface_t *s, const char *file) {
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    unsigned char *data = cairo_image_surface_get_data(s);
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    FILE *f = fopen(file, "wb");
    jpeg_stdio_dest(&c, f);
    c.image_width = w;
    c.image_height = h;
    c.input_components = 3;
    c.in_color_space = JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 80, TRUE);
    jpeg_start_compress(&c, TRUE);
    unsigned char *row = malloc(w * 3);
    while (c.next_scanline < (unsigned)h) {
        unsigned int *px = (unsigned int *)(data + c.next_scanline * stride);
        for (int x = 0; x < w; x++) {
            row[3 * x] = px[x] >> 16;
            row[3 * x + 1] = px[x] >> 8;
            row[3 * x + 2] = px[x];
        }
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    fclose(f);
    free(row);
}

/* GIF bit writer: LSB-first codes into 255-byte sub-blocks. */
static unsigned char block[255];
static int fill, bits, nbits;
static void put_code(FILE *f, int code) {
    bits |= code << nbits;
    nbits += 9;
    while (nbits >= 8) {
        block[fill++] = bits & 0xFF;
        bits >>= 8;
        nbits -= 8;
        if (fill == 255) { fputc(255, f); fwrite(block, 1, 255, f); fill = 0; }
    }
}

/* A 64×64 GIF: a ring in a 6×6×6 colour cube palette (first of two frames). */
static void write_gif(const char *file) {
    int w = 64, h = 64;
    FILE *f = fopen(file, "wb");
    fwrite("GIF89a", 1, 6, f);
    unsigned char screen[7] = {w, 0, h, 0, 0xF7, 0, 0};  /* global table of 256 colours */
    fwrite(screen, 1, 7, f);
    for (int i = 0; i < 256; i++) {
        unsigned char rgb[3] = {(i / 36 % 6) * 51, (i / 6 % 6) * 51, (i % 6) * 51};
        fwrite(rgb, 1, 3, f);
    }
    for (int frame = 0; frame < 2; frame++) {
        unsigned char image[10] = {0x2C, 0, 0, 0, 0, w, 0, h, 0, 0};
        fwrite(image, 1, 10, f);
        fputc(8, f);  /* minimum code size */
        fill = bits = nbits = 0;
        int count = 0;
        put_code(f, 256);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double d = hypot(x - 31.5, y - 31.5);
                int c = (d > 18 && d < 28) ? (frame ? 5 * 36 + 1 : 2 * 36 + 3 * 6 + 5) : 5 * 36 + 5 * 6 + 5;
                if (x == y && frame == 0) c = 0;
                put_code(f, c);
                if (++count == 250) { put_code(f, 256); count = 0; }
            }
        put_code(f, 257);
        if (nbits > 0) { block[fill++] = bits & 0xFF; }
        if (fill > 0) { fputc(fill, f); fwrite(block, 1, fill, f); }
        fputc(0, f);
    }
    fputc(0x3B, f);
    fclose(f);
}

static void write_text(const char *file, const char *text) {
    FILE *f = fopen(file, "wb");
    fputs(text, f);
    fclose(f);
}

int main(int argc, char **argv) {
    dir = argc > 1 ? argv[1] : ".";
    cairo_surface_t *d = diagram(360, 140);
    cairo_surface_write_to_png(d, at("diagram.png"));
    cairo_surface_destroy(d);

    cairo_surface_t *b = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 90, 20);
    cairo_t *cr = cairo_create(b);
    cairo_set_source_rgb(cr, 0.33, 0.33, 0.36);
    cairo_rectangle(cr, 0, 0, 45, 20);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.27, 0.68, 0.3);
    cairo_rectangle(cr, 45, 0, 45, 20);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_write_to_png(b, at("badge.png"));
    cairo_surface_destroy(b);

    cairo_surface_t *l = landscape(480, 300);
    write_jpeg(l, at("landscape.jpg"));
    cairo_surface_destroy(l);

    write_gif(at("ring.gif"));

    write_text(at("logo.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"240\" height=\"120\" viewBox=\"0 0 240 120\">\n"
        "  <defs><linearGradient id=\"g\" x1=\"0\" x2=\"1\"><stop offset=\"0\" stop-color=\"#2a6fdb\"/>"
        "<stop offset=\"1\" stop-color=\"#8e44ad\"/></linearGradient></defs>\n"
        "  <rect x=\"4\" y=\"4\" width=\"232\" height=\"112\" rx=\"18\" fill=\"url(#g)\"/>\n"
        "  <circle cx=\"60\" cy=\"60\" r=\"34\" fill=\"#fff\" fill-opacity=\"0.85\"/>\n"
        "  <path d=\"M110 80 L140 36 L170 80 Z\" fill=\"#ffd43b\" stroke=\"#fff\" stroke-width=\"4\"/>\n"
        "  <rect x=\"182\" y=\"40\" width=\"40\" height=\"40\" fill=\"#fff\" opacity=\"0.6\"/>\n"
        "</svg>\n");
    write_text(at("badge.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"80\" height=\"20\">\n"
        "  <rect width=\"40\" height=\"20\" fill=\"#555\"/><rect x=\"40\" width=\"40\" height=\"20\" fill=\"#e05d44\"/>\n"
        "  <circle cx=\"20\" cy=\"10\" r=\"5\" fill=\"#fff\"/><circle cx=\"60\" cy=\"10\" r=\"5\" fill=\"#fff\"/>\n"
        "</svg>\n");

    /* The diagram cut short: a PNG whose image data ends early. */
    FILE *in = fopen(at("diagram.png"), "rb");
    unsigned char buf[400];
    size_t n = fread(buf, 1, sizeof buf, in);
    fclose(in);
    FILE *out = fopen(at("corrupt.png"), "wb");
    fwrite(buf, 1, n < 200 ? n : 200, out);
    fclose(out);
    return 0;
}
