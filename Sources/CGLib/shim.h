#include <glib.h>
#include <glib-object.h>
