/* The vendored release's core extensions (tables, strikethrough, autolinks), where code outside its
   folder includes them. */
#include "../cmark-gfm/extensions/cmark-gfm-core-extensions.h"
