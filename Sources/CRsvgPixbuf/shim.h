// Cairo comes in through the CPangoCairo module (its shim is a modular header, so this
// include is an import): Cairo's declarations then belong to one module only, and Swift
// files that import just CPangoCairo keep seeing all of them.
#include "../CPangoCairo/shim.h"
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
