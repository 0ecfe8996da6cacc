/* HarfBuzz's public headers, as one module for Swift. */
#include <hb.h>
#include <hb-ot.h>
