// memmem itself comes from glibc; this file only makes CMemmem a buildable C target.
#include "CMemmem.h"
