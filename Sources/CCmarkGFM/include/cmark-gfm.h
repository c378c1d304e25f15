/* The vendored release's public header, where code outside its folder includes it. */
#include "../cmark-gfm/src/cmark-gfm.h"
