/* cq6-parser.c: reads a CQL 6 query into a typed filter tree.
 *
 * Recursive descent over the tokens of cq6-lexer.c, with the levels of
 * the CQL 6 precedence table (lowest first): the arguments of transforms,
 * if/then/else, find, sort and echo; or; and; not; in; the comparisons
 * (right-associative: `1 < #P < 4` is `1 < (#P < 4)`, whose value is #P
 * where it holds); abs, sqrt, makesquare; + and - (+ also joins two
 * strings); unary minus; * / %; #, power, file, rank, between; | ; & ; ~ ;
 * attacks and attackedby; the direction filters, light and dark; a
 * string's `[i:j]` and `~~` after a primary (cq6-strings.c); `:`; and the
 * primaries.
 * Every node's value type is checked here, so that the evaluator never
 * meets a set where it wants a number.  The few forms of CQL 6 that this
 * version does not evaluate are refused with "not supported yet" where
 * they are read (docs/cql6.md, "Not supported yet").
 *
 * Longer than the house's 1,000 lines: the levels of a recursive descent
 * call one another (a filter's arguments are filters again), and the named
 * filters (_cq6_parse_word) call back into the levels; kept in one file, the
 * grammar stays private to it and reads top to bottom.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

static const char *const type_names[] = { "a logical filter", "a set filter",
                                          "a numeric filter", "a string filter",
                                          "a position filter" };

const char *
_cq6_type_name (Cq6Type type)
{
  return type_names[type];
}

/* Words of other CQL versions (or of CQL 6's pages) that CQL 6.2 does not
 * read: it answers "Unable to parse the following token" (docs/cql6.md,
 * "Not in CQL 6.2"). */
static const char *const not_in_cql62[] = {
  "next", "exchange", "pawnsquare", "cqlinfo", "puremainline", "pureecho",
  "idealmirrormate", "anticipate", "reverse", "withposition", "comments",
};

/* Words CQL 6.2 reserves but reads as no filter: it answers "Unable to
 * parse the following token" where they stand alone (docs/cql6.md, "Not
 * in CQL 6.2"). */
static const char *const reserved_only[] = {
  "lastposition", "firstmatch", "focus", "singlecolor", "nestban", "keepallbest", "quiet",
  "piecepath", "verbose", "title", "all", "by", "then", "else", "oldline", "pgn", "nosort",
  "transform", "arrow", "attack", "attacked", "string", "substring", "local",
};

Cq6Token *
_cq6_peek (Cq6Parser *p)
{
  return &g_array_index (p->tokens, Cq6Token, p->pos);
}

Cq6Token *
_cq6_peek_at (Cq6Parser *p, guint ahead)
{
  guint i = MIN (p->pos + ahead, p->tokens->len - 1);
  return &g_array_index (p->tokens, Cq6Token, i);
}

Cq6Token *
_cq6_advance (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (t->kind != CQ6_TOK_END)
    p->pos++;
  return t;
}

gboolean
_cq6_is_word (const Cq6Token *t, const char *word)
{
  return t->kind == CQ6_TOK_WORD && strcmp (t->text, word) == 0;
}

gboolean
_cq6_is_punct (const Cq6Token *t, const char *punct)
{
  return t->kind == CQ6_TOK_PUNCT && strcmp (t->text, punct) == 0;
}

gboolean G_GNUC_PRINTF (4, 5)
_cq6_fail_at (Cq6Parser *p, const Cq6Token *t, int code, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (p->error != NULL && *p->error == NULL)
    _cq_query_set_error (p->error, code, p->filename, t->line, t->column, "%s", message);
  return FALSE;
}

char *
_cq6_token_text (const Cq6Token *t)
{
  if (t->kind == CQ6_TOK_END)
    return g_strdup ("the end of the query");
  if (_cq6_is_punct (t, CQ6_LINE_COMMENT_END))
    return g_strdup ("the end of the `///` line");
  return g_strdup_printf ("`%.*s`", (int) MIN (t->len, 40), t->start);
}

gboolean
_cq6_fail_unread_op (Cq6Parser *p)
{
  g_autofree char *op = NULL;

  if (p->unread_op != p->pos + 1)
    return FALSE;
  op = _cq6_token_text (_cq6_peek (p));
  _cq6_fail_at (p, p->unread_left, CQ_QUERY_ERROR_SEMANTIC, "%s needs %s here, but this is %s",
                op, type_names[p->unread_want], type_names[p->unread_type]);
  return TRUE;
}

gboolean
_cq6_expect_punct (Cq6Parser *p, const char *punct, const char *what)
{
  Cq6Token *t = _cq6_peek (p);

  if (!_cq6_is_punct (t, punct))
    {
      g_autofree char *found = _cq6_token_text (t);

      if (_cq6_fail_unread_op (p))
        return FALSE;
      return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected '%s' %s, found %s",
                      punct, what, found);
    }
  _cq6_advance (p);
  return TRUE;
}

Cq6Filter *
_cq6_want_type (Cq6Parser *p, const Cq6Token *at, Cq6Filter *f, Cq6Type want, const char *where)
{
  if (f == NULL || f->type == want)
    return f;
  _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC, "%s needs %s here, but this is %s",
           where, type_names[want], type_names[f->type]);
  _cq6_filter_free (f);
  return NULL;
}

gboolean
_cq6_starts_filter (const Cq6Token *t)
{
  if (t->kind == CQ6_TOK_END)
    return FALSE;
  if (t->kind == CQ6_TOK_PUNCT)
    return _cq6_is_punct (t, "(") || _cq6_is_punct (t, "{") || _cq6_is_punct (t, "#") || _cq6_is_punct (t, "~")
           || _cq6_is_punct (t, "-") || _cq6_is_punct (t, "--") || _cq6_is_punct (t, "-->")
           || _cq6_is_punct (t, "<--") || _cq6_is_punct (t, "[") || _cq6_is_punct (t, "[x]");
  if (t->kind == CQ6_TOK_WORD)
    return !(_cq6_is_word (t, "or") || _cq6_is_word (t, "and") || _cq6_is_word (t, "in")
             || _cq6_is_word (t, "then") || _cq6_is_word (t, "else") || _cq6_is_word (t, "attacks")
             || _cq6_is_word (t, "attackedby") || _cq6_is_word (t, "through")
             || _cq6_is_word (t, "attack") || _cq6_is_word (t, "attacked"));
  return TRUE;
}

Cq6Filter *
_cq6_parse_sequence (Cq6Parser *p, const Cq6Token *open, const char *close)
{
  Cq6Filter *f = _cq6_node (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, open);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq6_filter_free);

  while (!_cq6_is_punct (_cq6_peek (p), close))
    {
      Cq6Token *t = _cq6_peek (p);
      Cq6Filter *item;

      if (t->kind == CQ6_TOK_END)
        {
          _cq6_fail_at (p, open, CQ_QUERY_ERROR_SYNTAX, "this '%s' is never closed: expected '%s'",
                   open->text, close);
          _cq6_filter_free (f);
          return NULL;
        }
      item = _cq6_parse_filter (p);
      if (item == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      g_ptr_array_add (items, item);
    }
  _cq6_filter_add_args (f, items);
  _cq6_advance (p);
  if (f->n_args > 0)
    f->type = f->args[f->n_args - 1]->type;
  return f;
}

gboolean
_cq6_parse_int (Cq6Parser *p, gint64 *out, const char *what)
{
  Cq6Token *t = _cq6_peek (p);
  gboolean negative = FALSE;

  if (_cq6_is_punct (t, "-") && _cq6_peek_at (p, 1)->kind == CQ6_TOK_NUMBER)
    {
      negative = TRUE;
      _cq6_advance (p);
      t = _cq6_peek (p);
    }
  if (t->kind != CQ6_TOK_NUMBER)
    {
      g_autofree char *found = _cq6_token_text (t);
      return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected %s (a number), found %s",
                      what, found);
    }
  _cq6_advance (p);
  *out = negative ? -t->number : t->number;
  return TRUE;
}

/* `result 1-0`, `0-1`, `1/2-1/2`, `*` (tokens as the lexer split them). */
static gboolean
parse_result_value (Cq6Parser *p, guint32 *out)
{
  Cq6Token *t = _cq6_peek (p);

  if (t->kind == CQ6_TOK_NUMBER && _cq6_is_punct (_cq6_peek_at (p, 1), "-")
      && _cq6_peek_at (p, 2)->kind == CQ6_TOK_NUMBER)
    {
      gint64 a = t->number, b = _cq6_peek_at (p, 2)->number;

      if ((a == 1 && b == 0) || (a == 0 && b == 1))
        {
          p->pos += 3;
          *out = a == 1 ? CQ_RESULT_WHITE_WINS : CQ_RESULT_BLACK_WINS;
          return TRUE;
        }
    }
  if (t->kind == CQ6_TOK_NUMBER && t->number == 1 && _cq6_is_punct (_cq6_peek_at (p, 1), "/")
      && _cq6_peek_at (p, 2)->number == 2 && _cq6_is_punct (_cq6_peek_at (p, 3), "-")
      && _cq6_peek_at (p, 4)->number == 1 && _cq6_is_punct (_cq6_peek_at (p, 5), "/")
      && _cq6_peek_at (p, 6)->number == 2)
    {
      p->pos += 7;
      *out = CQ_RESULT_DRAW;
      return TRUE;
    }
  if (t->kind == CQ6_TOK_STRING)
    {
      _cq6_advance (p);
      if (strcmp (t->text, "1-0") == 0)
        *out = CQ_RESULT_WHITE_WINS;
      else if (strcmp (t->text, "0-1") == 0)
        *out = CQ_RESULT_BLACK_WINS;
      else if (strcmp (t->text, "1/2-1/2") == 0)
        *out = CQ_RESULT_DRAW;
      else
        return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                        "expected a result 1-0, 0-1 or 1/2-1/2, found \"%s\"", t->text);
      return TRUE;
    }
  {
    g_autofree char *found = _cq6_token_text (t);
    return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                    "expected a result 1-0, 0-1 or 1/2-1/2, found %s", found);
  }
}

Cq6Filter *
_cq6_parse_set_arg (Cq6Parser *p, const char *where)
{
  Cq6Token *t = _cq6_peek (p);

  /* `move from ~T`: the complement of what follows (CQL 6.2 reads `~X`
   * as a filter of its own). */
  if (_cq6_is_punct (t, "~"))
    {
      Cq6Filter *arg;

      _cq6_advance (p);
      arg = _cq6_parse_set_arg (p, where);
      return arg ? _cq6_node1 (CQ6_COMPLEMENT, CQ6_TYPE_SET, t, arg) : NULL;
    }
  return _cq6_want_type (p, t, _cq6_parse_direction (p), CQ6_TYPE_SET, where);
}

/* Ray and direction names: CQ_RAY_* bits (N NE E SE S SW W NW). */
static guint8
direction_bits (const char *word)
{
  static const struct { const char *name; guint8 bits; } names[] = {
    { "up", 0x01 }, { "northeast", 0x02 }, { "right", 0x04 }, { "southeast", 0x08 },
    { "down", 0x10 }, { "southwest", 0x20 }, { "left", 0x40 }, { "northwest", 0x80 },
    { "vertical", CQ_RAY_VERTICAL }, { "horizontal", CQ_RAY_HORIZONTAL },
    { "orthogonal", CQ_RAY_ORTHOGONAL }, { "diagonal", CQ_RAY_DIAGONAL },
    /* The a1-h8 and the a8-h1 diagonal, both ways (rulings 14). */
    { "maindiagonal", 0x02 | 0x20 }, { "offdiagonal", 0x80 | 0x08 },
    { "anydirection", CQ_RAY_ALL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (word, names[i].name) == 0)
      return names[i].bits;
  return 0;
}

/* Whether a distance of a direction filter comes next: a number, or `-`
 * and a number. */
static gboolean
direction_bound_follows (Cq6Parser *p)
{
  const Cq6Token *t = _cq6_peek (p);

  return t->kind == CQ6_TOK_NUMBER
         || (_cq6_is_punct (t, "-") && _cq6_peek_at (p, 1)->kind == CQ6_TOK_NUMBER);
}

/* Whether @t names a numeric variable of the query read so far: CQL 6.2
 * takes one as a direction filter's distance (rulings 14). */
static gboolean
is_numeric_variable (Cq6Parser *p, const Cq6Token *t)
{
  const Cq6Var *v;
  int index;

  if (t->kind != CQ6_TOK_WORD || p->prog == NULL || p->prog->vars == NULL
      || (index = _cq6_var_index (p, t->text)) < 0)
    return FALSE;
  v = g_ptr_array_index (p->prog->vars, index);
  return v->type == CQ6_TYPE_NUMBER && !v->piece;
}

/* One distance of the direction filter @w: a whole number, into @value,
 * or a numeric variable, whose use goes into @var. */
static gboolean
parse_direction_bound (Cq6Parser *p, gint64 *value, Cq6Filter **var, const char *w)
{
  if (direction_bound_follows (p))
    return _cq6_parse_int (p, value, "a distance");
  *var = _cq6_parse_primary (p);
  if (*var != NULL && (*var)->type != CQ6_TYPE_NUMBER)
    {
      _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SEMANTIC,
                    "%s: a distance must be a number", w);
      return FALSE;
    }
  return *var != NULL;
}

/* Whether the token after a distance is an operator (any punctuation but
 * parentheses and braces). */
static gboolean
direction_bound_then_operator (Cq6Parser *p)
{
  const Cq6Token *t = _cq6_peek (p);

  return t->kind == CQ6_TOK_PUNCT && strcmp (t->text, "(") != 0 && strcmp (t->text, ")") != 0
         && strcmp (t->text, "{") != 0 && strcmp (t->text, "}") != 0;
}

/* Whether the token @k ahead is a bound of a range: a number not followed
 * by an operator, as CQL 6.2 reads a range (`flip 5 <= sort F` has no
 * range: its filter is the comparison).  Parentheses, braces and arrows
 * may follow a bound. */
static gboolean
range_bound_at (Cq6Parser *p, guint k)
{
  const Cq6Token *t = _cq6_peek_at (p, k), *next = _cq6_peek_at (p, k + 1);

  if (t->kind != CQ6_TOK_NUMBER)
    return FALSE;
  return next->kind != CQ6_TOK_PUNCT || _cq6_is_punct (next, "(") || _cq6_is_punct (next, ")")
         || _cq6_is_punct (next, "{") || _cq6_is_punct (next, "}")
         || _cq6_is_punct (next, "->") || _cq6_is_punct (next, "<-");
}

Cq6Filter *
_cq6_parse_tag (Cq6Parser *p, const Cq6Token *t, Cq6Kind kind, const char *name, guint32 which)
{
  Cq6Filter *f = _cq6_node (kind, CQ6_TYPE_STRING, t);

  f->string = g_strdup (name);
  f->which = which;
  if (_cq6_peek (p)->kind == CQ6_TOK_STRING)
    {
      Cq6Token *s = _cq6_advance (p);
      Cq6Filter *needle = _cq6_node (CQ6_STRING, CQ6_TYPE_STRING, s);

      needle->string = g_strdup (s->text);
      _cq6_filter_add_arg (f, needle);
      f->type = CQ6_TYPE_LOGICAL;
    }
  return f;
}

/* `pin`, with `from`, `through`, `to` in any order; its value is the
 * pieces of the first of them, the pinned pieces without any (CQ6_PIN_*,
 * as CQL 6.2: rulings section 17). */
static Cq6Filter *
parse_pin (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_PIN, CQ6_TYPE_SET, t);
  gboolean first = TRUE;

  f->which = CQ6_PIN_THROUGH;
  for (guint i = 0; i < 3; i++)
    _cq6_filter_add_arg (f, NULL);
  for (;;)
    {
      Cq6Token *w = _cq6_peek (p);
      int slot = _cq6_is_word (w, "from") ? 0 : _cq6_is_word (w, "through") ? 1 : _cq6_is_word (w, "to") ? 2 : -1;
      Cq6Filter *arg;

      if (slot < 0)
        break;
      _cq6_advance (p);
      arg = _cq6_parse_set_arg (p, w->text);
      if (arg == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_filter_free (f->args[slot]);
      _cq6_filter_set_arg (f, slot, arg);
      if (first)
        f->which = (guint32) slot, first = FALSE;
    }
  return f;
}

gboolean
_cq6_parse_arg_list (Cq6Parser *p, Cq6Filter *f, Cq6Type type, guint min, guint max, const char *name)
{
  Cq6Token *open = _cq6_peek (p);

  if (!_cq6_expect_punct (p, "(", "after the filter's name"))
    return FALSE;
  while (!_cq6_is_punct (_cq6_peek (p), ")"))
    {
      Cq6Token *at = _cq6_peek (p);
      Cq6Filter *arg;

      if (at->kind == CQ6_TOK_END)
        return _cq6_fail_at (p, open, CQ_QUERY_ERROR_SYNTAX, "this '(' is never closed");
      arg = _cq6_parse_filter (p);
      if (type != CQ6_TYPE_ANY)
        arg = _cq6_want_type (p, at, arg, type, name);
      if (arg == NULL)
        return FALSE;
      _cq6_filter_add_arg (f, arg);
    }
  _cq6_advance (p);
  if (f->n_args < min || f->n_args > max)
    {
      if (min == max)
        return _cq6_fail_at (p, open, CQ_QUERY_ERROR_SYNTAX, "`%s` takes %u arguments, found %u",
                        name, min, f->n_args);
      return _cq6_fail_at (p, open, CQ_QUERY_ERROR_SYNTAX, "`%s` takes at least %u arguments, found %u",
                      name, min, f->n_args);
    }
  return TRUE;
}

static gboolean
transform_kind (const char *word, Cq6TransformKind *out)
{
  static const struct { const char *name; Cq6TransformKind kind; } names[] = {
    { "flip", CQ6_XF_FLIP }, { "flipdihedral", CQ6_XF_FLIP }, { "dihedral", CQ6_XF_FLIP },
    { "flipvertical", CQ6_XF_FLIPVERTICAL }, { "fliphorizontal", CQ6_XF_FLIPHORIZONTAL },
    { "flipcolor", CQ6_XF_FLIPCOLOR }, { "reversecolor", CQ6_XF_REVERSECOLOR },
    { "rotate90", CQ6_XF_ROTATE90 }, { "rotate45", CQ6_XF_ROTATE45 }, { "shift", CQ6_XF_SHIFT },
    { "shifthorizontal", CQ6_XF_SHIFTHORIZONTAL }, { "shiftvertical", CQ6_XF_SHIFTVERTICAL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (word, names[i].name) == 0)
      {
        *out = names[i].kind;
        return TRUE;
      }
  return FALSE;
}

Cq6Filter *
_cq6_parse_word (Cq6Parser *p, Cq6Token *t)
{
  const char *w = t->text;
  g_autofree char *suggestion = NULL;
  Cq6TransformKind xf;
  guint8 dirs;
  static const struct { const char *name; Cq6Kind kind; Cq6Type type; } simple[] = {
    { "check", CQ6_CHECK, CQ6_TYPE_LOGICAL }, { "mate", CQ6_MATE, CQ6_TYPE_LOGICAL },
    { "stalemate", CQ6_STALEMATE, CQ6_TYPE_LOGICAL }, { "wtm", CQ6_WTM, CQ6_TYPE_LOGICAL },
    { "btm", CQ6_BTM, CQ6_TYPE_LOGICAL }, { "initial", CQ6_INITIAL, CQ6_TYPE_LOGICAL },
    { "terminal", CQ6_TERMINAL, CQ6_TYPE_LOGICAL },
    { "mainline", CQ6_MAINLINE, CQ6_TYPE_LOGICAL },
    { "variation", CQ6_VARIATION, CQ6_TYPE_LOGICAL }, { "true", CQ6_TRUE, CQ6_TYPE_LOGICAL },
    { "false", CQ6_FALSE, CQ6_TYPE_LOGICAL },
    /* CQL 6.2's `extension` matches no position (its filter is false). */
    { "extension", CQ6_FALSE, CQ6_TYPE_LOGICAL },
    { "sidetomove", CQ6_SIDETOMOVE, CQ6_TYPE_NUMBER },
    { "movenumber", CQ6_MOVENUMBER, CQ6_TYPE_NUMBER }, { "ply", CQ6_PLY, CQ6_TYPE_NUMBER },
    { "gamenumber", CQ6_GAMENUMBER, CQ6_TYPE_NUMBER }, { "year", CQ6_YEAR, CQ6_TYPE_NUMBER },
  };
  /* In the order of CQ6_MATEF_*. */
  static const char *const mates[] = {
    "puremate", "modelmate", "idealmate", "purestalemate", "modelstalemate", "idealstalemate",
  };

  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    if (strcmp (w, simple[i].name) == 0)
      {
        if (simple[i].kind == CQ6_GAMENUMBER)
          p->prog->reads_game_number = TRUE;
        return _cq6_node (simple[i].kind, simple[i].type, t);
      }
  for (guint i = 0; i < G_N_ELEMENTS (mates); i++)
    if (strcmp (w, mates[i]) == 0)
      {
        Cq6Filter *f = _cq6_node (CQ6_MATE_FAMILY, CQ6_TYPE_SET, t);
        f->which = i;
        return f;
      }

  if (strcmp (w, "white") == 0 || strcmp (w, "black") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_COLOR, CQ6_TYPE_NUMBER, t);
      f->number = w[0] == 'w' ? 1 : -1;
      return f;
    }
  if (strcmp (w, "not") == 0)
    {
      Cq6Filter *arg = _cq6_parse_not (p);
      return arg ? _cq6_node1 (CQ6_NOT, CQ6_TYPE_LOGICAL, t, arg) : NULL;
    }
  if (strcmp (w, "if") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_IF, CQ6_TYPE_LOGICAL, t), *arg;

      if ((arg = _cq6_parse_filter (p)) == NULL)
        goto fail_if;
      _cq6_filter_add_arg (f, arg);
      if (_cq6_is_word (_cq6_peek (p), "then"))
        _cq6_advance (p);
      if ((arg = _cq6_parse_filter (p)) == NULL)
        goto fail_if;
      _cq6_filter_add_arg (f, arg);
      if (_cq6_is_word (_cq6_peek (p), "else"))
        {
          _cq6_advance (p);
          if ((arg = _cq6_parse_filter (p)) == NULL)
            goto fail_if;
          _cq6_filter_add_arg (f, arg);
        }
      else
        _cq6_filter_add_arg (f, NULL);
      /* A numeric or set if/else has the value of the branch taken. */
      if (f->args[2] != NULL && f->args[1]->type == f->args[2]->type)
        f->type = f->args[1]->type;
      return f;
    fail_if:
      _cq6_filter_free (f);
      return NULL;
    }
  if (transform_kind (w, &xf))
    {
      gboolean count = FALSE, range = FALSE;
      gint64 lo = 0, hi = 0;
      Cq6Filter *arg, *orbit;

      if (_cq6_is_word (_cq6_peek (p), "count"))
        count = TRUE, _cq6_advance (p);
      else if (range_bound_at (p, 0))
        {
          /* `flip 2 8 F`: the number of distinct images of F that match,
           * which must be within the range (CQL 6 reference "transforms"). */
          lo = hi = _cq6_advance (p)->number;
          if (range_bound_at (p, 0))
            hi = _cq6_advance (p)->number;
          count = range = TRUE;
        }
      arg = _cq6_parse_filter (p);
      if (arg == NULL)
        return NULL;
      orbit = _cq6_orbit_new (xf, arg, count, t->line, t->column, p->filename, p->error);
      if (orbit != NULL && range)
        orbit->range_min = lo, orbit->range_max = hi;
      return orbit;
    }
  if ((dirs = direction_bits (w)) != 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_DIRECTION, CQ6_TYPE_SET, t), *arg;
      Cq6Filter *vars[2] = { NULL, NULL };

      f->directions = dirs;
      f->range_min = 1;
      f->range_max = 7;
      /* The distances: one or two whole numbers, either possibly negative
       * (a step the opposite way) or 0 (the square itself), or numeric
       * variables, whose values are read when the filter is evaluated, as
       * CQL 6.2 reads them (docs/cql6-rulings.md section 14). */
      if (direction_bound_follows (p) || is_numeric_variable (p, _cq6_peek (p)))
        {
          const Cq6Token *at = _cq6_peek (p);

          if (!parse_direction_bound (p, &f->range_min, &vars[0], w))
            goto fail_direction;
          f->range_max = f->range_min;
          if (!direction_bound_then_operator (p)
              && (direction_bound_follows (p) || is_numeric_variable (p, _cq6_peek (p))))
            {
              if (!parse_direction_bound (p, &f->range_max, &vars[1], w))
                goto fail_direction;
            }
          else if (vars[0] != NULL)
            f->which = CQ6_DIRECTION_ONE_DISTANCE;
          /* CQL 6.2 takes no distance followed by an operator (`left -2 -1`
           * is the number -2 minus 1 there, and an error). */
          if (direction_bound_then_operator (p))
            {
              _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                            "%s: a distance must not be followed by an operator", w);
              goto fail_direction;
            }
          if ((vars[0] == NULL && f->range_min < -7) || (vars[1] == NULL && f->range_max > 7)
              || (vars[0] == NULL && vars[1] == NULL && f->range_min > f->range_max))
            {
              _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX,
                            "%s: the distances must be from -7 to 7, the first no greater"
                            " than the second", w);
              goto fail_direction;
            }
        }
      arg = _cq6_parse_set_arg (p, w);
      if (arg == NULL)
        goto fail_direction;    /* the distances' variables are freed too */
      _cq6_filter_add_arg (f, arg);
      if (vars[0] != NULL || vars[1] != NULL)
        {
          _cq6_filter_add_arg (f, vars[0]);
          _cq6_filter_add_arg (f, vars[1]);
        }
      return f;
    fail_direction:
      _cq6_filter_free (vars[0]);
      _cq6_filter_free (vars[1]);
      _cq6_filter_free (f);
      return NULL;
    }
  if (strcmp (w, "light") == 0 || strcmp (w, "dark") == 0)
    {
      Cq6Filter *arg = _cq6_parse_set_arg (p, w);
      return arg ? _cq6_node1 (w[0] == 'l' ? CQ6_LIGHT : CQ6_DARK, CQ6_TYPE_SET, t, arg) : NULL;
    }
  if (strcmp (w, "passedpawns") == 0 || strcmp (w, "doubledpawns") == 0
      || strcmp (w, "isolatedpawns") == 0 || strcmp (w, "connectedpawns") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_PAWNS, CQ6_TYPE_SET, t);
      f->which = w[0] == 'p' ? CQ6_PAWNS_PASSED : w[0] == 'd' ? CQ6_PAWNS_DOUBLED
                 : w[0] == 'i' ? CQ6_PAWNS_ISOLATED : CQ6_PAWNS_CONNECTED;
      return f;
    }
  if (strcmp (w, "between") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_BETWEEN, CQ6_TYPE_SET, t);
      if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_SET, 2, 2, w))
        {
          _cq6_filter_free (f);
          return NULL;
        }
      return f;
    }
  if (strcmp (w, "ray") == 0 || strcmp (w, "xray") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_RAY, CQ6_TYPE_SET, t);

      f->which = w[0] == 'x' ? CQ6_RAY_XRAY : 0;
      f->directions = CQ_RAY_ALL;
      /* `ray attack (...)` (or attacks): CQL 6.2 reads it as `xray (...)`. */
      if (w[0] == 'r' && (_cq6_is_word (_cq6_peek (p), "attack")
                          || _cq6_is_word (_cq6_peek (p), "attacks")))
        {
          f->which = CQ6_RAY_XRAY;
          _cq6_advance (p);
        }
      else if (_cq6_peek (p)->kind == CQ6_TOK_WORD
               && (dirs = direction_bits (_cq6_peek (p)->text)) != 0)
        {
          f->directions = dirs;
          _cq6_advance (p);
        }
      if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_SET, 2, 16, w))
        {
          _cq6_filter_free (f);
          return NULL;
        }
      return f;
    }
  if (strcmp (w, "pin") == 0)
    return parse_pin (p, t);
  if (strcmp (w, "move") == 0)
    return _cq6_parse_move (p, t);
  if (strcmp (w, "makesquare") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_MAKESQUARE, CQ6_TYPE_SET, t);
      if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_NUMBER, 2, 2, w))
        {
          _cq6_filter_free (f);
          return NULL;
        }
      return f;
    }
  if (strcmp (w, "max") == 0 || strcmp (w, "min") == 0)
    {
      Cq6Filter *f = _cq6_node (w[1] == 'a' ? CQ6_MAX : CQ6_MIN, CQ6_TYPE_NUMBER, t);
      if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_NUMBER, 1, 64, w))
        {
          _cq6_filter_free (f);
          return NULL;
        }
      return f;
    }
  if (strcmp (w, "abs") == 0 || strcmp (w, "sqrt") == 0)
    {
      Cq6Token *at = _cq6_peek (p);
      Cq6Filter *arg = _cq6_want_type (p, at, _cq6_parse_add (p), CQ6_TYPE_NUMBER, w);
      return arg ? _cq6_node1 (w[0] == 'a' ? CQ6_ABS : CQ6_SQRT, CQ6_TYPE_NUMBER, t, arg) : NULL;
    }
  if (strcmp (w, "power") == 0 || strcmp (w, "file") == 0 || strcmp (w, "rank") == 0)
    {
      Cq6Token *at = _cq6_peek (p);
      Cq6Filter *arg = _cq6_want_type (p, at, _cq6_parse_union (p), CQ6_TYPE_SET, w);
      Cq6Kind kind = w[0] == 'p' ? CQ6_POWER : w[0] == 'f' ? CQ6_FILE : CQ6_RANK;
      return arg ? _cq6_node1 (kind, CQ6_TYPE_NUMBER, t, arg) : NULL;
    }
  if (strcmp (w, "piecename") == 0 || strcmp (w, "typename") == 0 || strcmp (w, "type") == 0
      || strcmp (w, "colortype") == 0)
    {
      Cq6Token *at = _cq6_peek (p);
      Cq6Filter *arg = _cq6_want_type (p, at, _cq6_parse_union (p), CQ6_TYPE_SET, w);
      guint32 which = w[0] == 'p' ? CQ6_PIECENAME_NAME : w[0] == 'c' ? CQ6_PIECENAME_COLORTYPE
                      : w[4] == 'n' ? CQ6_PIECENAME_TYPENAME : CQ6_PIECENAME_TYPE;
      Cq6Filter *f;

      if (arg == NULL)
        return NULL;
      f = _cq6_node1 (CQ6_PIECENAME, which <= CQ6_PIECENAME_TYPENAME ? CQ6_TYPE_STRING
                                                                      : CQ6_TYPE_NUMBER, t, arg);
      f->which = which;
      return f;
    }
  if (strcmp (w, "hhdb") == 0)
    return _cq6_parse_hhdb (p, t);
  if (strcmp (w, "cql_hhdbhascook") == 0)
    return _cq6_parse_hhdb_hascook (p, t);
  if (strcmp (w, "similarposition") == 0)
    return _cq6_parse_similar (p, t);
  if (strcmp (w, "nosort") == 0)
    {
      /* A reserved word of CQL 6.2, which cannot parse it alone. */
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "`nosort` is a parameter of similarposition "
                    "(similarposition nosort \"file.pgn\"), not a filter");
      return NULL;
    }
  if (strcmp (w, "elo") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_ELO, CQ6_TYPE_NUMBER, t);
      if (_cq6_is_word (_cq6_peek (p), "white"))
        f->which = 1, _cq6_advance (p);
      else if (_cq6_is_word (_cq6_peek (p), "black"))
        f->which = 2, _cq6_advance (p);
      return f;
    }
  if (strcmp (w, "whiteelo") == 0 || strcmp (w, "blackelo") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_ELO, CQ6_TYPE_NUMBER, t);
      f->which = w[0] == 'w' ? 1 : 2;
      return f;
    }
  if (strcmp (w, "result") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_RESULT, CQ6_TYPE_LOGICAL, t);
      if (!parse_result_value (p, &f->which))
        {
          _cq6_filter_free (f);
          return NULL;
        }
      return f;
    }
  if (strcmp (w, "player") == 0)
    {
      guint32 which = 0;
      if (_cq6_is_word (_cq6_peek (p), "white"))
        which = 1, _cq6_advance (p);
      else if (_cq6_is_word (_cq6_peek (p), "black"))
        which = 2, _cq6_advance (p);
      return _cq6_parse_tag (p, t, CQ6_PLAYER, NULL, which);
    }
  {
    static const char *const tag_words[][2] = {
      { "event", "Event" }, { "site", "Site" }, { "date", "Date" }, { "eco", "ECO" },
      { "eventdate", "EventDate" }
    };

    for (guint i = 0; i < G_N_ELEMENTS (tag_words); i++)
      if (strcmp (w, tag_words[i][0]) == 0)
        return _cq6_parse_tag (p, t, CQ6_TAG, tag_words[i][1], 0);
  }
  if (strcmp (w, "tag") == 0)
    {
      Cq6Token *name = _cq6_peek (p);
      if (name->kind != CQ6_TOK_STRING)
        {
          g_autofree char *found = _cq6_token_text (name);
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                   "expected the tag's name as a string after `tag`, e.g. tag \"Annotator\", "
                   "found %s", found);
          return NULL;
        }
      _cq6_advance (p);
      {
        /* Unlike event, site, ..., `tag` takes no string to look for:
         * compare it with == or `in` (ruling 5). */
        Cq6Filter *f = _cq6_node (CQ6_TAG, CQ6_TYPE_STRING, t);
        f->string = g_strdup (name->text);
        return f;
      }
    }
  if (strcmp (w, "cql") == 0)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "`cql(...)` may only start the query");
      return NULL;
    }

  if (strcmp (w, "currentposition") == 0 || strcmp (w, "curpos") == 0)
    return _cq6_node (CQ6_CURRENT, CQ6_TYPE_POSITION, t);
  if (strcmp (w, "equal") == 0)
    return _cq6_parse_equal (p, t);
  if (strcmp (w, "any") == 0)
    {
      /* CQL 6.2 refuses it with this advice. */
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                    "`any` was replaced by `.` (every square) in CQL 5.2; `_` is an empty "
                    "square");
      return NULL;
    }
  {
    Cq6Filter *f = NULL;

    if (_cq6_parse_vars_word (p, t, &f) || _cq6_parse_positions_word (p, t, &f)
        || _cq6_parse_line_word (p, t, &f) || _cq6_parse_output_word (p, t, &f)
        || _cq6_parse_strings_word (p, t, &f)
        || _cq6_parse_edit_word (p, t, &f)
        || _cq6_parse_files_word (p, t, &f))
      return f;
  }
  if (strcmp (w, "[element]") == 0 || strcmp (w, "[forall]") == 0)
    {
      /* Where no loop reads them (CQL 6.2: "Unable to parse"). */
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                    "`%s` stands only in a loop: `x ∊ S body`, `∀ x ∊ S body`, `x ∊ D body`",
                    w[1] == 'e' ? "∊" : "∀");
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (not_in_cql62); i++)
    if (strcmp (w, not_in_cql62[i]) == 0)
      {
        _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
                      "CQL 6.2 does not know `%s` (docs/cql6.md, \"Not in CQL 6.2\")", w);
        return NULL;
      }
  for (guint i = 0; i < G_N_ELEMENTS (reserved_only); i++)
    if (strcmp (w, reserved_only[i]) == 0)
      {
        _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                      "`%s` is a word CQL 6.2 reserves but is no filter here "
                      "(docs/cql6.md, \"Not in CQL 6.2\")", w);
        return NULL;
      }
  /* A slip of a keyword's spelling gets the nearest keywords, as CQL 3's
   * unknown keywords do; a short word (a variable's name) must be one
   * edit away. */
  suggestion = _cq_words_suggest (w, _cq6_keywords (), 1, '`');
  if (_cq6_is_punct (_cq6_peek (p), "("))
    {
      _cq_query_set_error (p->error, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, p->filename, t->line,
                           t->column, "`%s` is not a function defined before this call%s%s",
                           w, suggestion != NULL ? "; " : "",
                           suggestion != NULL ? suggestion : "");
      return NULL;
    }
  _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
                "unknown filter `%s` (a variable must be assigned before it "
                "is used)%s%s", w, suggestion != NULL ? "; " : "",
                suggestion != NULL ? suggestion : "");
  return NULL;
}
