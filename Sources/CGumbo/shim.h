#include <gumbo.h>
