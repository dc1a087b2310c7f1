/* cql6-test-util.h: what the CQL 6 engine tests share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* A query the reader must refuse, and a part of its message (NULL: any). */
typedef struct {
  const char *text;
  const char *message;
} Cql6ErrorCase;

/* Asserts that each of the @n queries of @cases is refused, with a message
 * containing its part. */
void cql6_test_errors (const Cql6ErrorCase *cases, guint n);
