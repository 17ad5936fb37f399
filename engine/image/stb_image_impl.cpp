// The one translation unit that compiles stb_image (PNG only; JPEG, GIF, BMP and WebP have
// decoders that match Pillow exactly).
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#include <stb/stb_image.h>
