// glibc's malloc statistics (mallinfo2), for the benchmark to weigh what prepared texts and caches really allocate.
#include <malloc.h>
