/* libpng's public header, as one module for Swift (the simplified png_image API is used). */
#include <png.h>
