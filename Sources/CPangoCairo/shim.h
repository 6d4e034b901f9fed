#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <hb-ot.h>
