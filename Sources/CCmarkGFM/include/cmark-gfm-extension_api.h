/* The vendored release's extension header, where code outside its folder includes it. */
#include "../cmark-gfm/src/cmark-gfm-extension_api.h"
