// Nothing to compile: the module exists for its header (LLVMFuzzerRunDriver comes from libFuzzer).
#include "CFuzzDriver.h"
