/* cq3-arguments.c: the arguments of CQL 3 keywords, read from the list
 * reader's items for the compiler (cq3-compile.c): integers and ranges,
 * designators, results, ray specifiers `(D1 ... Dn)` (rulings R6), lists
 * of position lists (:and, :or, :sequence), names of tags and
 * accumulators (R8, R11) and relation specifications (R10).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-compile-private.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Keyword arguments                                                   */

/* The item after the keyword at @list->items[*i], or NULL with an error
 * "keyword 'K' expects WHAT, found ')'" pointing at the list's end. */
static const CqSexp *
next_argument (Compiler *c, const CqSexp *list, guint i, const char *what)
{
  if (i + 1 >= list->n_items)
    {
      _cq3_fail_at (c, CQ_QUERY_ERROR_SYNTAX, list->end_line, list->end_column,
               "keyword '%s' expects %s, found ')'", list->items[i]->text, what);
      return NULL;
    }
  return list->items[i + 1];
}

gboolean
_cq3_looks_like_integer (const char *text)
{
  if (*text == '-' || *text == '+')
    text++;
  return g_ascii_isdigit (*text);
}

/* Integers in ranges: far beyond any count, year or rating, small enough
 * that no arithmetic on them overflows. */
#define RANGE_LIMIT G_GINT64_CONSTANT (1000000000000)

static gboolean
parse_integer (Compiler *c, const CqSexp *item, const char *keyword, gint64 *out)
{
  const char *p = item->text;
  gint64 value = 0;
  gboolean negative = FALSE;

  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  for (; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                     "keyword '%s': bad range: `%s` is not an integer", keyword, item->text);
      value = value * 10 + (*p - '0');
      if (value > RANGE_LIMIT)
        return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                     "keyword '%s': bad range: `%s` is out of range (at most %" G_GINT64_FORMAT
                     " either way)", keyword, item->text, RANGE_LIMIT);
    }
  *out = negative ? -value : value;
  return TRUE;
}

gboolean
_cq3_take_range (Compiler *c, const CqSexp *list, guint *i, const char *keyword, gboolean optional,
            CqRange *out)
{
  const CqSexp *first, *second;
  gint64 min, max;

  if (*i + 1 >= list->n_items || list->items[*i + 1]->kind != CQ_SEXP_STRING
      || list->items[*i + 1]->quoted || !_cq3_looks_like_integer (list->items[*i + 1]->text))
    {
      g_autofree char *found = NULL;

      if (optional)
        return TRUE;
      if (*i + 1 >= list->n_items)
        return _cq3_fail_at (c, CQ_QUERY_ERROR_SYNTAX, list->end_line, list->end_column,
                        "keyword '%s' expects a range (one or two integers), found ')'",
                        keyword);
      found = _cq3_describe_item (list->items[*i + 1]);
      return fail (c, CQ_QUERY_ERROR_SYNTAX, list->items[*i + 1],
                   "keyword '%s' expects a range (one or two integers), found %s", keyword,
                   found);
    }

  first = list->items[++*i];
  if (!parse_integer (c, first, keyword, &min))
    return FALSE;
  max = min;
  if (*i + 1 < list->n_items && list->items[*i + 1]->kind == CQ_SEXP_STRING
      && !list->items[*i + 1]->quoted && _cq3_looks_like_integer (list->items[*i + 1]->text))
    {
      second = list->items[++*i];
      if (!parse_integer (c, second, keyword, &max))
        return FALSE;
      if (min > max)
        return fail (c, CQ_QUERY_ERROR_SYNTAX, second,
                     "keyword '%s': bad range `%s %s`: the first integer must not exceed "
                     "the second", keyword, first->text, second->text);
    }
  out->min = min;
  out->max = max;
  return TRUE;
}

gboolean
_cq3_take_designator (Compiler *c, const CqSexp *list, guint *i, const char *keyword,
                 const char *what, CqDesignator *out)
{
  const CqSexp *arg;

  if (*i + 1 >= list->n_items)
    return _cq3_fail_at (c, CQ_QUERY_ERROR_SYNTAX, list->end_line, list->end_column,
                    "keyword '%s' expects %s, found ')'", keyword, what);
  arg = list->items[*i + 1];
  if (arg->kind != CQ_SEXP_STRING || arg->quoted || arg->text[0] == ':'
      || _cq3_looks_like_integer (arg->text))
    {
      g_autofree char *found = _cq3_describe_item (arg);

      return fail (c, CQ_QUERY_ERROR_SYNTAX, arg, "keyword '%s' expects %s, found %s", keyword,
                   what, found);
    }
  if (!_cq3_parse_designator (c, arg, out))
    return FALSE;
  (*i)++;
  return TRUE;
}

gboolean
_cq3_take_result (Compiler *c, const CqSexp *list, guint *i, guint8 *out)
{
  const char *keyword = list->items[*i]->text;
  const CqSexp *arg = next_argument (c, list, *i, "a result (1-0, 0-1, 1/2-1/2 or 1/2)");

  if (arg == NULL)
    return FALSE;
  if (arg->kind == CQ_SEXP_STRING && strcmp (arg->text, "1-0") == 0)
    *out = CQ_RESULT_WHITE_WINS;
  else if (arg->kind == CQ_SEXP_STRING && strcmp (arg->text, "0-1") == 0)
    *out = CQ_RESULT_BLACK_WINS;
  else if (arg->kind == CQ_SEXP_STRING
           && (strcmp (arg->text, "1/2-1/2") == 0 || strcmp (arg->text, "1/2") == 0))
    *out = CQ_RESULT_DRAW;
  else
    {
      g_autofree char *found = _cq3_describe_item (arg);

      return fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
                   "keyword '%s' expects a result (1-0, 0-1, 1/2-1/2 or 1/2), found %s",
                   keyword, found);
    }
  (*i)++;
  return TRUE;
}

gboolean
_cq3_take_ray (Compiler *c, const CqSexp *list, guint *i, CqTest *test)
{
  const char *keyword = list->items[*i]->text;
  const CqSexp *arg = next_argument (c, list, *i,
                                     "a ray specifier: a list of piece designators such as "
                                     "`(Q n k)`");
  g_autofree CqDesignator *path = NULL;

  if (arg == NULL)
    return FALSE;
  if (arg->kind != CQ_SEXP_LIST)
    {
      g_autofree char *found = _cq3_describe_item (arg);

      return fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
                   "keyword '%s' expects a ray specifier: a list of piece designators such "
                   "as `(Q n k)`, found %s", keyword, found);
    }
  if (arg->n_items < 2)
    return fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
                 "keyword '%s': a ray specifier needs at least two piece designators, "
                 "found %u", keyword, arg->n_items);
  if (arg->n_items > 8)
    return fail (c, CQ_QUERY_ERROR_SYNTAX, arg->items[8],
                 "keyword '%s': a ray runs over at most 8 squares, so a ray specifier has "
                 "at most 8 piece designators; this one has %u", keyword, arg->n_items);

  path = g_new (CqDesignator, arg->n_items);
  for (guint k = 0; k < arg->n_items; k++)
    {
      const CqSexp *item = arg->items[k];

      if (item->kind != CQ_SEXP_STRING || item->quoted || item->text[0] == ':')
        {
          g_autofree char *found = _cq3_describe_item (item);

          return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                       "keyword '%s': expected a piece designator in the ray specifier, "
                       "found %s", keyword, found);
        }
      if (!_cq3_parse_designator (c, item, &path[k]))
        return FALSE;
    }
  test->u.ray.path = g_steal_pointer (&path);
  test->u.ray.n_path = arg->n_items;
  (*i)++;
  return TRUE;
}

gboolean
_cq3_take_position_lists (Compiler *c, const CqSexp *list, guint *i, guint32 inherited,
                     CqTest *test)
{
  const char *keyword = list->items[*i]->text;
  const CqSexp *arg = next_argument (c, list, *i,
                                     "a list of position lists `((position ...) ...)`");
  g_autoptr(GPtrArray) lists = NULL;
  gboolean ok;

  if (arg == NULL)
    return FALSE;
  if (arg->kind != CQ_SEXP_LIST)
    {
      g_autofree char *found = _cq3_describe_item (arg);

      return fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
                   "keyword '%s' expects a list of position lists `((position ...) ...)`, "
                   "found %s", keyword, found);
    }
  if (arg->n_items == 0)
    return fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
                 "keyword '%s' expects a list of position lists `((position ...) ...)`, "
                 "found an empty list `()`", keyword);
  if (arg->items[0]->kind == CQ_SEXP_STRING)
    {
      if (strcmp (arg->items[0]->text, "position") == 0)
        return fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
                     "keyword '%s' expects a list of position lists: write "
                     "`((position ...))`, with the position lists inside a list", keyword);
      return fail (c, CQ_QUERY_ERROR_SYNTAX, arg->items[0],
                   "keyword '%s' expects a list of position lists `((position ...) ...)`, "
                   "found `%s`", keyword, arg->items[0]->text);
    }

  lists = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq_position_list_free);
  for (guint k = 0; k < arg->n_items; k++)
    {
      const CqSexp *item = arg->items[k];
      CqPositionList *nested = NULL;

      if (item->kind != CQ_SEXP_LIST)
        return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                     "keyword '%s': expected a position list `(position ...)`, found `%s`",
                     keyword, item->text);
      c->depth++;
      ok = _cq3_compile_position_list (c, item, inherited, &nested);
      c->depth--;
      if (!ok)
        return FALSE;
      g_ptr_array_add (lists, nested);
    }
  test->u.lists.n_lists = lists->len;
  test->u.lists.lists = (CqPositionList **) g_ptr_array_steal (lists, NULL);
  (*i)++;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Tags, accumulators, relations                                       */

const char *
_cq3_take_name (Compiler *c, const CqSexp *list, guint *i, const char *what)
{
  const char *keyword = list->items[*i]->text;
  const CqSexp *arg = next_argument (c, list, *i, what);

  if (arg == NULL)
    return NULL;
  if (arg->kind != CQ_SEXP_STRING || arg->quoted || arg->text[0] == ':')
    {
      g_autofree char *found = _cq3_describe_item (arg);

      fail (c, CQ_QUERY_ERROR_SYNTAX, arg, "keyword '%s' expects %s, found %s", keyword,
            what, found);
      return NULL;
    }
  for (const char *p = arg->text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      {
        fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
              "keyword '%s' expects %s, found `%s`: a name is made of letters, digits "
              "and '_'", keyword, what, arg->text);
        return NULL;
      }
  (*i)++;
  return arg->text;
}

guint
_cq3_accumulator_index (Compiler *c, const char *name)
{
  GPtrArray *names = c->query->accumulators;

  for (guint k = 0; k < names->len; k++)
    if (strcmp (g_ptr_array_index (names, k), name) == 0)
      return k;
  g_ptr_array_add (names, g_strdup (name));
  return names->len - 1;
}

int
_cq3_tag_index (Compiler *c, const CqSexp *item, const char *name)
{
  for (guint t = 0; t < c->query->n_tags; t++)
    if (strcmp (c->query->tag_names[t], name) == 0)
      return (int) t;
  fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
        "the tag '%s' is not defined: define it in the match list with "
        "`:forany %s DESIGNATOR`", name, name);
  return -1;
}

gboolean
_cq3_take_relation (Compiler *c, const CqSexp *list, guint *i, CqRelation *rel)
{
  const CqSexp *arg = next_argument (c, list, *i,
                                     "a relation specification such as "
                                     "`(:missingpiececount A 1 10)`");
  const CqSexp *missing_item = NULL, *new_item = NULL, *side_item = NULL;

  memset (rel, 0, sizeof *rel);
  rel->missing.pieces = CQ_PIECES_ANY;
  rel->missing.squares = CQ_SQUARES_ALL;
  rel->missing.tag = -1;
  rel->added = rel->missing;
  if (arg == NULL)
    return FALSE;
  if (arg->kind != CQ_SEXP_LIST)
    {
      g_autofree char *found = _cq3_describe_item (arg);

      return fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
                   "keyword ':relation' expects a relation specification such as "
                   "`(:missingpiececount A 1 10)`, found %s", found);
    }

  for (guint k = 0; k < arg->n_items; k++)
    {
      const CqSexp *item = arg->items[k];
      const CqKeywordInfo *info;

      if (item->kind != CQ_SEXP_STRING || item->quoted || item->text[0] != ':')
        {
          g_autofree char *found = _cq3_describe_item (item);

          return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                       "expected a relation keyword (:pattern, :shift, :flip, "
                       ":missingpiececount ...) in the relation specification, found %s",
                       found);
        }
      info = _cq3_check_keyword (c, item, CQ_KW_RELATION);
      if (info == NULL)
        return FALSE;
      switch (info->id)
        {
        case CQ_KEYWORD_PATTERN:        rel->flags |= CQ_RELATION_PATTERN; break;
        case CQ_KEYWORD_VARIATIONS:
          rel->flags |= CQ_RELATION_VARIATIONS;
          c->query->reads_variations = TRUE;
          break;
        case CQ_KEYWORD_VARIATIONSONLY:
          rel->flags |= CQ_RELATION_VARIATIONSONLY;
          c->query->reads_variations = TRUE;
          break;
        case CQ_KEYWORD_SHIFT:          rel->flags |= CQ_RELATION_SHIFT; break;
        case CQ_KEYWORD_FLIP:           rel->flags |= CQ_RELATION_FLIP; break;
        case CQ_KEYWORD_SAMESIDETOMOVE:
        case CQ_KEYWORD_CHANGESIDETOMOVE:
        case CQ_KEYWORD_IGNORESIDETOMOVE:
          if (side_item != NULL)
            return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                         "the side to move is given twice in one relation specification "
                         "(first at %u:%u)", side_item->line, side_item->column);
          side_item = item;
          rel->side = info->id == CQ_KEYWORD_SAMESIDETOMOVE ? CQ_RELATION_SAMESIDE
                      : info->id == CQ_KEYWORD_CHANGESIDETOMOVE ? CQ_RELATION_CHANGESIDE
                      : CQ_RELATION_IGNORESIDE;
          break;
        case CQ_KEYWORD_ORIGINALSAMECOUNT:
          rel->flags |= CQ_RELATION_HAS_SAME;
          if (!_cq3_take_range (c, arg, &k, info->name, FALSE, &rel->same))
            return FALSE;
          break;
        case CQ_KEYWORD_ORIGINALDIFFERENTCOUNT:
          rel->flags |= CQ_RELATION_HAS_DIFFERENT;
          if (!_cq3_take_range (c, arg, &k, info->name, FALSE, &rel->different))
            return FALSE;
          break;
        case CQ_KEYWORD_MISSINGPIECECOUNT:
        case CQ_KEYWORD_NEWPIECECOUNT:
          {
            gboolean missing = info->id == CQ_KEYWORD_MISSINGPIECECOUNT;
            const CqSexp **seen = missing ? &missing_item : &new_item;

            /* Manual: at most one of each. */
            if (*seen != NULL)
              return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                           "keyword '%s' is given twice in one relation specification "
                           "(first at %u:%u)", info->name, (*seen)->line, (*seen)->column);
            *seen = item;
            if (!_cq3_take_designator (c, arg, &k, info->name, "a piece designator",
                                  missing ? &rel->missing : &rel->added)
                || !_cq3_take_range (c, arg, &k, info->name, FALSE,
                                missing ? &rel->missing_range : &rel->added_range))
              return FALSE;
            if ((missing ? rel->missing.tag : rel->added.tag) >= 0)
              return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                           "keyword '%s': a tag cannot be used with :relation (rulings R11)",
                           info->name);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  (*i)++;
  return TRUE;
}
