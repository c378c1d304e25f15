/* src/cmark-gfm_version.h.in as CMake fills it from the vendored release's CMakeLists.txt
   (0.29.0.gfm.13). */
#ifndef CMARK_GFM_VERSION_H
#define CMARK_GFM_VERSION_H

#define CMARK_GFM_VERSION ((0 << 24) | (29 << 16) | (0 << 8) | 13)
#define CMARK_GFM_VERSION_STRING "0.29.0.gfm.13"

#endif
