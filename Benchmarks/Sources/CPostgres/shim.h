#ifndef CPOSTGRES_SHIM_H
#define CPOSTGRES_SHIM_H
// libpq, PostgreSQL's C client (Debian: libpq-dev; the header is in /usr/include/postgresql,
// which pkg-config's `libpq` adds to the search path).
#include <libpq-fe.h>
#endif
