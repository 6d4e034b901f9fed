// gperftools' tcmalloc (libtcmalloc_minimal): the command's allocator, in place of glibc's
// malloc once linked; its C extension API tunes and trims it.
#include <gperftools/malloc_extension_c.h>
