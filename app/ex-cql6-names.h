/* ex-cql6-names.h: the names a CQL 6 query gives itself (variables,
 * loop variables, functions, echo's positions), for completion.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  EX_CQL6_NAME_VARIABLE,     /* Name = ... */
  EX_CQL6_NAME_SQUARE,       /* square [all] Name in ... */
  EX_CQL6_NAME_PIECE,        /* piece [all] Name in ... */
  EX_CQL6_NAME_FUNCTION,     /* function Name (...) */
  EX_CQL6_NAME_POSITION,     /* echo (Source Target) */
} ExCql6NameKind;

typedef struct {
  char           *name;
  ExCql6NameKind  kind;
} ExCql6Name;

GPtrArray  *ex_cql6_scan_names          (const char     *text);
const char *ex_cql6_name_kind_describe  (ExCql6NameKind  kind);

G_END_DECLS
