/* fontconfig's public header, as one module for Swift. */
#include <fontconfig/fontconfig.h>
