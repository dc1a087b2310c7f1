/* cq-compile.c: compiles the lists of a CQL file into a #CqQuery.
 *
 * Grammar (manual "CQL Syntax", "The match list", "The Position List"):
 *
 *   file          := match-list                  -- exactly one
 *   match-list    := '(' 'match' { match-keyword | position-list } ')'
 *   match-keyword := ':pgn' FILE | ':output' FILE | ...
 *   position-list := '(' 'position' { keyword [arguments] | designator } ')'
 *
 * Errors (rulings R13) carry FILE:LINE:COLUMN and say what was found and
 * what was expected.  A keyword the manual does not define is
 * CQ_QUERY_ERROR_UNKNOWN_KEYWORD (with the nearest known ones); one in the
 * wrong kind of list CQ_QUERY_ERROR_SEMANTIC; one this version does not
 * evaluate CQ_QUERY_ERROR_UNSUPPORTED.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-query-private.h"
#include "cql/cq-keywords-private.h"

#include <string.h>

typedef struct {
  CqQuery    *query;
  const char *filename; /* for messages */
  GError    **error;
} Compiler;

static gboolean G_GNUC_PRINTF (5, 6)
fail_at (Compiler *c, int code, guint line, guint column, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  _cq_query_set_error (c->error, code, c->filename, line, column, "%s", message);
  return FALSE;
}

#define fail(c, code, item, ...) fail_at ((c), (code), (item)->line, (item)->column, __VA_ARGS__)

/* How an item reads in a message: `text`, or "a list `(head ...)`". */
static char *
describe_item (const CqSexp *item)
{
  if (item->kind == CQ_SEXP_STRING)
    return g_strdup_printf ("`%s`", item->text);
  if (item->n_items == 0)
    return g_strdup ("an empty list `()`");
  if (item->items[0]->kind == CQ_SEXP_STRING)
    return g_strdup_printf ("a list `(%s ...)`", item->items[0]->text);
  return g_strdup ("a list");
}

/* Looks up a keyword and checks that it may stand in @context and is
 * evaluated there.  Returns NULL with the error set otherwise. */
static const CqKeywordInfo *
check_keyword (Compiler *c, const CqSexp *item, CqKeywordContext context)
{
  const CqKeywordInfo *info = _cq_keyword_lookup (item->text);

  if (info == NULL)
    {
      g_autofree char *suggestion = _cq_keyword_suggest (item->text);

      if (suggestion != NULL)
        fail (c, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, item,
              "unknown keyword '%s'; %s", item->text, suggestion);
      else
        fail (c, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, item,
              "unknown keyword '%s': the CQL 3 manual defines no such keyword", item->text);
      return NULL;
    }

  if ((info->contexts & context) == 0)
    {
      g_autofree char *where = _cq_keyword_contexts_describe (info->contexts);
      g_autofree char *here = _cq_keyword_contexts_describe (context);

      fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
            "keyword '%s' belongs in %s, not in %s", info->name, where, here);
      return NULL;
    }

  if ((info->implemented & context) == 0)
    {
      fail (c, CQ_QUERY_ERROR_UNSUPPORTED, item,
            "keyword '%s' is not supported yet", info->name);
      return NULL;
    }

  return info;
}

/* The string argument after @list->items[*i] (a keyword), e.g. a file
 * name.  Advances *i. */
static const char *
take_string_argument (Compiler *c, const CqSexp *list, guint *i, const char *what)
{
  const CqSexp *keyword = list->items[*i];
  const CqSexp *arg;

  if (*i + 1 >= list->n_items)
    {
      fail_at (c, CQ_QUERY_ERROR_SYNTAX, list->end_line, list->end_column,
               "keyword '%s' expects %s, found ')'", keyword->text, what);
      return NULL;
    }
  arg = list->items[*i + 1];
  if (arg->kind != CQ_SEXP_STRING || arg->text[0] == ':')
    {
      g_autofree char *found = describe_item (arg);

      fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
            "keyword '%s' expects %s, found %s", keyword->text, what, found);
      return NULL;
    }
  (*i)++;
  return arg->text;
}

void
_cq_position_list_free (CqPositionList *list)
{
  if (list == NULL)
    return;
  for (guint i = 0; i < list->n_instances; i++)
    g_free (list->instances[i].designators); /* no tests yet: cq-query-private.h */
  g_free (list->instances);
  g_free (list);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqPositionList, _cq_position_list_free)

static gboolean
check_list_head (Compiler *c, const CqSexp *list, const char *head, const char *what)
{
  const CqSexp *first;

  if (list->n_items == 0)
    return fail (c, CQ_QUERY_ERROR_SYNTAX, list,
                 "empty list `()`: expected %s `(%s ...)`", what, head);
  first = list->items[0];
  if (first->kind != CQ_SEXP_STRING || strcmp (first->text, head) != 0)
    {
      g_autofree char *found = describe_item (first);

      if (first->kind == CQ_SEXP_STRING && _cq_edit_distance (first->text, head) <= 2)
        return fail (c, CQ_QUERY_ERROR_SYNTAX, first,
                     "expected `%s` at the start of %s, found %s; did you mean `%s`?",
                     head, what, found, head);
      return fail (c, CQ_QUERY_ERROR_SYNTAX, first,
                   "expected `%s` at the start of %s, found %s", head, what, found);
    }
  return TRUE;
}

static gboolean
compile_position_list (Compiler *c, const CqSexp *list, CqPositionList **out)
{
  g_autoptr(CqPositionList) pl = NULL;
  g_autoptr(GArray) designators = NULL;
  CqInstance *instance;

  if (!check_list_head (c, list, "position", "a position list"))
    return FALSE;

  pl = g_new0 (CqPositionList, 1);
  pl->line = list->line;
  pl->column = list->column;
  pl->n_instances = 1;
  pl->instances = g_new0 (CqInstance, 1);
  instance = &pl->instances[0];
  designators = g_array_new (FALSE, FALSE, sizeof (CqDesignator));

  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];

      if (item->kind == CQ_SEXP_LIST)
        {
          g_autofree char *found = describe_item (item);

          return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                       "found %s where a keyword or a piece designator was expected: "
                       "a list may only follow a keyword that takes one", found);
        }

      if (item->text[0] == ':')
        {
          const CqKeywordInfo *info = check_keyword (c, item, CQ_KW_POSITION);

          if (info == NULL)
            return FALSE;

          switch (info->id)
            {
            case CQ_KEYWORD_CHECK:      instance->conditions |= CQ_COND_CHECK; break;
            case CQ_KEYWORD_NOCHECK:    instance->conditions |= CQ_COND_NOCHECK; break;
            case CQ_KEYWORD_MATE:       instance->conditions |= CQ_COND_MATE; break;
            case CQ_KEYWORD_STALEMATE:  instance->conditions |= CQ_COND_STALEMATE; break;
            case CQ_KEYWORD_WTM:        instance->conditions |= CQ_COND_WTM; break;
            case CQ_KEYWORD_BTM:        instance->conditions |= CQ_COND_BTM; break;
            case CQ_KEYWORD_INITIAL:    instance->conditions |= CQ_COND_INITIAL; break;
            case CQ_KEYWORD_TERMINAL:   instance->conditions |= CQ_COND_TERMINAL; break;
            case CQ_KEYWORD_VARIATIONS: pl->options |= CQ_LIST_VARIATIONS; break;
            case CQ_KEYWORD_VARIATIONSONLY: pl->options |= CQ_LIST_VARIATIONSONLY; break;
            case CQ_KEYWORD_MARKALL:    pl->options |= CQ_LIST_MARKALL; break;
            case CQ_KEYWORD_NOANNOTATE: pl->options |= CQ_LIST_NOANNOTATE; break;
            default:
              /* check_keyword() lets through only the keywords above. */
              g_assert_not_reached ();
            }
        }
      else
        {
          CqDesignator d;
          gboolean seen = FALSE;

          if (!_cq_designator_parse (item->text, c->filename, item->line, item->column,
                                     &d, c->error))
            return FALSE;
          /* Repeating a designator has no effect (manual "Piece designators
           * inside a position"): keep one copy. */
          for (guint j = 0; j < designators->len && !seen; j++)
            {
              const CqDesignator *e = &g_array_index (designators, CqDesignator, j);
              seen = e->pieces == d.pieces && e->squares == d.squares && e->tag == d.tag;
            }
          if (!seen)
            g_array_append_val (designators, d);
        }
    }

  if (instance->conditions & CQ_COND_INITIAL)
    pl->options |= CQ_LIST_ROOT_ONLY;
  instance->n_designators = designators->len;
  instance->designators = (CqDesignator *) g_array_free (g_steal_pointer (&designators),
                                                         instance->n_designators == 0);
  *out = g_steal_pointer (&pl);
  return TRUE;
}

static char *
canonical_path (const CqQuery *query, const char *name)
{
  g_autofree char *resolved = cq_query_resolve_path (query, name);

  return g_canonicalize_filename (resolved, NULL);
}

static gboolean
compile_match_list (Compiler *c, const CqSexp *list)
{
  CqQuery *query = c->query;
  g_autoptr(GPtrArray) lists = NULL;
  const CqSexp *pgn_item = NULL, *output_item = NULL;

  if (!check_list_head (c, list, "match", "the match list"))
    return FALSE;

  lists = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq_position_list_free);

  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];

      if (item->kind == CQ_SEXP_LIST)
        {
          CqPositionList *pl = NULL;

          if (item->n_items > 0 && item->items[0]->kind == CQ_SEXP_STRING
              && strcmp (item->items[0]->text, "match") == 0)
            return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                         "a match list cannot stand inside the match list: "
                         "a CQL file holds exactly one match list");
          if (!compile_position_list (c, item, &pl))
            return FALSE;
          g_ptr_array_add (lists, pl);
          continue;
        }

      if (item->text[0] != ':')
        return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                     "expected a keyword or a position list `(position ...)` in the match "
                     "list, found `%s`", item->text);

      {
        const CqKeywordInfo *info = check_keyword (c, item, CQ_KW_MATCH);
        const CqSexp **seen;
        char **target;
        const char *arg;

        if (info == NULL)
          return FALSE;

        switch (info->id)
          {
          case CQ_KEYWORD_PGN:
            seen = &pgn_item, target = &query->pgn;
            break;
          case CQ_KEYWORD_OUTPUT:
            seen = &output_item, target = &query->output;
            break;
          default:
            g_assert_not_reached ();
          }

        if (*seen != NULL)
          return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                       "keyword '%s' is given twice (first at %u:%u)",
                       info->name, (*seen)->line, (*seen)->column);
        arg = take_string_argument (c, list, &i, "a file name");
        if (arg == NULL)
          return FALSE;
        *seen = item;
        *target = g_strdup (arg);
      }
    }

  if (lists->len == 0)
    return fail_at (c, CQ_QUERY_ERROR_SYNTAX, list->end_line, list->end_column,
                    "the match list has no position list: expected at least one "
                    "`(position ...)` before ')'");

  if (query->pgn != NULL && query->output != NULL)
    {
      g_autofree char *in = canonical_path (query, query->pgn);
      g_autofree char *out = canonical_path (query, query->output);

      if (strcmp (in, out) == 0)
        return fail (c, CQ_QUERY_ERROR_SEMANTIC, output_item,
                     "':output' names the same file as ':pgn' (%s): the games searched "
                     "would be overwritten", query->pgn);
    }

  query->n_lists = lists->len;
  query->lists = (CqPositionList **) g_ptr_array_steal (lists, NULL);
  return TRUE;
}

gboolean
_cq_query_compile (CqQuery *query, const CqSexp *top, GError **error)
{
  Compiler c = { query, query->filename != NULL ? query->filename : "<query>", error };
  const CqSexp *first;

  if (top->n_items == 0)
    return fail_at (&c, CQ_QUERY_ERROR_SYNTAX, top->end_line, top->end_column,
                    "empty query: expected a match list `(match ...)`");

  first = top->items[0];
  if (first->kind != CQ_SEXP_LIST)
    return fail (&c, CQ_QUERY_ERROR_SYNTAX, first,
                 "expected a match list `(match ...)`, found `%s`", first->text);
  if (first->n_items > 0 && first->items[0]->kind == CQ_SEXP_STRING
      && strcmp (first->items[0]->text, "position") == 0)
    return fail (&c, CQ_QUERY_ERROR_SYNTAX, first,
                 "a position list must stand inside the match list: "
                 "`(match :pgn FILE (position ...))`");
  if (!compile_match_list (&c, first))
    return FALSE;

  if (top->n_items > 1)
    {
      g_autofree char *found = describe_item (top->items[1]);

      return fail (&c, CQ_QUERY_ERROR_SYNTAX, top->items[1],
                   "text after the match list: found %s, expected the end of the file "
                   "(a CQL file holds exactly one match list)", found);
    }

  return TRUE;
}
