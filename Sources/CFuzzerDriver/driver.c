// The declarations are in include/CFuzzerDriver.h; libFuzzer itself is linked in when fuzzing.
#include "CFuzzerDriver.h"
