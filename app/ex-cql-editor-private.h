/* ex-cql-editor-private.h: what the files of the query editor share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ExCqlEditor is one GObject written in two files:
 *
 *   ex-cql-editor.c         live parse, errors, hover, completion, the
 *                           designator at the cursor, file drops
 *   ex-cql-editor-insert.c  putting the picker's and the pattern board's
 *                           items where they keep the query whole
 */
#pragma once

#include "ex-cql-editor.h"
#include "ex-cql-provider.h"

G_BEGIN_DECLS

struct _ExCqlEditor
{
  GObject          parent_instance;

  GtkSourceView   *view;          /* weak */
  ExQueryDocument *document;      /* the query: text, file, dialect */
  GtkSourceBuffer *buffer;        /* the document's */
  GtkTextTag      *error_tag;
  ExCqlProvider   *provider;

  guint            parse_id;
  char            *message;
  guint            line;          /* 1-based; 0: no error */
  guint            column;
  char            *designator;    /* at the cursor, or NULL */
};

/* The end of a query item: the text's end, a blank, a parenthesis or a
 * comment. */
static inline gboolean
is_item_end (gunichar c)
{
  return c == 0 || g_unichar_isspace (c) || c == '(' || c == ')' || c == ';';
}

G_END_DECLS
