// Must NOT compile: code outside the engine reaches only the headers a library lists as public
// (cmake/FacetPublicHeaders.cmake). ctest facet_private_headers_hidden builds this and expects
// the compiler to say the private header does not exist.
#include "generate/engine_impl.h"
