/* cq3-sexp-private.h: the CQL list reader (s-expressions with line:column).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Lists nested deeper than this are rejected (CQ_QUERY_ERROR_SYNTAX), so
 * that everything that walks a tree may recurse safely.  Real CQL files
 * nest a handful of levels. */
#define CQ_SEXP_MAX_DEPTH 64

typedef enum {
  CQ_SEXP_STRING,
  CQ_SEXP_LIST
} CqSexpKind;

typedef struct _CqSexp CqSexp;

/**
 * CqSexp:
 * An item of a CQL file (manual "CQL Syntax"): a string of characters
 * without whitespace or parentheses, or a list of items.
 * @line, @column: 1-based position of the string's first character or of
 *   the list's `(` (column in characters, not bytes).
 * @end_line, @end_column: position of a list's closing `)` (for the
 *   top-level pseudo-list: the end of the text).
 * @text: the string, NUL-terminated (NULL for a list).
 * @quoted: the string was written in double quotes (without them in @text).
 * @items, @n_items: the list's items (NULL, 0 for a string).
 */
struct _CqSexp {
  CqSexpKind kind;
  gboolean   quoted;
  guint      line;
  guint      column;
  guint      end_line;
  guint      end_column;
  char      *text;
  CqSexp   **items;
  guint      n_items;
};

/**
 * _cq_sexp_read:
 * @text: the CQL source, @len bytes (need not be NUL-terminated).  UTF-8
 *   (a leading BOM is skipped); text that is not valid UTF-8 is read as
 *   Windows-1252, as old CQL files written on Windows are.  A NUL byte is
 *   an error.
 * @filename: name for messages ("<query>" if NULL).
 *
 * Reads every top-level item of @text (`;` starts a comment to the end of
 * the line; `"..."` is one string, spaces included, on one line).  Errors
 * (CQ_QUERY_ERROR_SYNTAX, "FILE:LINE:COLUMN: message"): a `)` without `(`,
 * an unclosed `(` (pointing at that `(`), a `"` not closed on its line,
 * nesting deeper than CQ_SEXP_MAX_DEPTH.
 *
 * Returns: (transfer full): a pseudo-list (line 1, column 1) holding the
 *   top-level items, its end position the end of the text; or NULL.
 */
CqSexp *_cq_sexp_read (const char *text, gsize len, const char *filename, GError **error);

void    _cq_sexp_free (CqSexp *sexp);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqSexp, _cq_sexp_free)

G_END_DECLS
