/* cq6-parser.c: reads a CQL 6 query into a typed filter tree.
 *
 * Recursive descent over the tokens of cq6-lexer.c, with the levels of
 * the CQL 6 precedence table (lowest first): the arguments of transforms
 * and if/then/else; or; and; not; in; the comparisons (chained: `1 < #P <
 * 4` is `1 < #P and #P < 4`); abs, sqrt, makesquare; + and -; unary minus;
 * * / %; #, power, file, rank, between; | ; & ; ~ ; attacks and
 * attackedby; the direction filters, light and dark; and the primaries.
 * Every node's value type is checked here, so that the evaluator never
 * meets a set where it wants a number.  Filters of CQL 6 that this version
 * does not evaluate are refused with "not supported yet" naming them.
 *
 * Longer than the house's 1,000 lines: the levels of a recursive descent
 * call one another (a filter's arguments are filters again), and the named
 * filters (parse_word) call back into the levels; kept in one file, the
 * grammar stays private to it and reads top to bottom.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

static const char *const type_names[] = { "a logical filter", "a set filter",
                                          "a numeric filter", "a string filter",
                                          "a position filter" };

/* CQL 6 filters that are recognised but not evaluated by this version. */
static const char *const unsupported[] = {
  "next", "dictionary",
  "[element]", "[forall]", "lastposition", "pathcount", "pathlastposition",
  "pathstart", "readfile", "writefile", "str", "int", "ascii", "lowercase", "uppercase",
  "colortype", "type", "settag", "removecomment", "originalcomment", "fen", "zobristkey",
  "exchange", "local", "atomic", "assert", "abort", "notransform",
  "hascomment", "puremainline", "modelmate", "pureecho", "cqlinfo", "idealmirrormate",
  "idealmate", "modelstalemate", "idealstalemate", "pawnsquare", "loop", "anticipate",
  "reverse", "withposition", "comments",
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

/* The token as the user wrote it (in its ASCII spelling). */
char *
_cq6_token_text (const Cq6Token *t)
{
  if (t->kind == CQ6_TOK_END)
    return g_strdup ("the end of the query");
  return g_strdup_printf ("`%.*s`", (int) MIN (t->len, 40), t->start);
}

gboolean
_cq6_expect_punct (Cq6Parser *p, const char *punct, const char *what)
{
  Cq6Token *t = _cq6_peek (p);

  if (!_cq6_is_punct (t, punct))
    {
      g_autofree char *found = _cq6_token_text (t);
      return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected '%s' %s, found %s",
                      punct, what, found);
    }
  _cq6_advance (p);
  return TRUE;
}

Cq6Filter *
_cq6_filter_new (Cq6Kind kind, Cq6Type type, guint line, guint column)
{
  Cq6Filter *f = g_new0 (Cq6Filter, 1);

  f->kind = kind;
  f->type = type;
  f->line = line;
  f->column = column;
  f->designator.tag = -1;
  return f;
}

void
_cq6_filter_add_arg (Cq6Filter *filter, Cq6Filter *arg)
{
  filter->args = g_renew (Cq6Filter *, filter->args, filter->n_args + 1);
  filter->args[filter->n_args++] = arg;
}

void
_cq6_filter_free (Cq6Filter *filter)
{
  if (filter == NULL)
    return;
  for (guint i = 0; i < filter->n_args; i++)
    _cq6_filter_free (filter->args[i]);
  _cq6_orbit_index_clear (filter);
  g_free (filter->args);
  g_free (filter->string);
  if (filter->regex != NULL)
    g_regex_unref (filter->regex);
  g_free (filter);
}

Cq6Filter *
_cq6_filter_copy (const Cq6Filter *filter)
{
  Cq6Filter *copy;

  if (filter == NULL)
    return NULL;
  copy = g_memdup2 (filter, sizeof *filter);
  copy->string = g_strdup (filter->string);
  if (filter->regex != NULL)
    copy->regex = g_regex_ref (filter->regex);
  copy->args = filter->n_args ? g_new (Cq6Filter *, filter->n_args) : NULL;
  for (guint i = 0; i < filter->n_args; i++)
    copy->args[i] = _cq6_filter_copy (filter->args[i]);
  copy->groups = NULL;
  copy->unanchored = NULL;
  copy->n_groups = copy->n_unanchored = 0;
  if (copy->kind == CQ6_ORBIT)
    _cq6_orbit_index (copy);
  return copy;
}

/* Whether two orbits with as many members have the same members, in any
 * order: an orbit is the set of its images (their members are distinct),
 * and a transform of an orbit may list them in another order
 * (`flip count {Kd4 shift Rd2}`: the images of `shift Rd2` under each
 * flip are one orbit, so Kd4 and its diagonal mirror give one member, as
 * in CQL 6.2).  The member at the same place is tried first. */
static gboolean
orbit_members_equal (const Cq6Filter *a, const Cq6Filter *b)
{
  for (guint i = 0; i < a->n_args; i++)
    {
      gboolean found = _cq6_filter_equal (a->args[i], b->args[i]);

      for (guint j = 0; j < b->n_args && !found; j++)
        found = j != i && _cq6_filter_equal (a->args[i], b->args[j]);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

gboolean
_cq6_filter_equal (const Cq6Filter *a, const Cq6Filter *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->kind != b->kind || a->type != b->type || a->which != b->which
      || a->directions != b->directions || a->number != b->number
      || a->range_min != b->range_min || a->range_max != b->range_max
      || a->designator.pieces != b->designator.pieces
      || a->designator.squares != b->designator.squares
      || g_strcmp0 (a->string, b->string) != 0 || a->n_args != b->n_args)
    return FALSE;
  if (a->kind == CQ6_ORBIT)
    return orbit_members_equal (a, b);
  for (guint i = 0; i < a->n_args; i++)
    if (!_cq6_filter_equal (a->args[i], b->args[i]))
      return FALSE;
  return TRUE;
}

Cq6Filter *
_cq6_node (Cq6Kind kind, Cq6Type type, const Cq6Token *at)
{
  return _cq6_filter_new (kind, type, at->line, at->column);
}

Cq6Filter *
_cq6_node1 (Cq6Kind kind, Cq6Type type, const Cq6Token *at, Cq6Filter *arg)
{
  Cq6Filter *f = _cq6_node (kind, type, at);

  _cq6_filter_add_arg (f, arg);
  return f;
}

Cq6Filter *
_cq6_node2 (Cq6Kind kind, Cq6Type type, const Cq6Token *at, Cq6Filter *a, Cq6Filter *b)
{
  Cq6Filter *f = _cq6_node1 (kind, type, at, a);

  _cq6_filter_add_arg (f, b);
  return f;
}

/* Checks that @f (read from the token @at) has the type @want; frees it
 * and fails otherwise. */
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

static Cq6Filter *parse_direction (Cq6Parser *p);

/* Starts a filter: not a closing bracket, an infix operator or the end. */
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
             || _cq6_is_word (t, "attackedby") || _cq6_is_word (t, "from") || _cq6_is_word (t, "to")
             || _cq6_is_word (t, "through"));
  return TRUE;
}

/* Filters until @close ('}' or ')'), as a CQ6_COMPOUND. */
Cq6Filter *
_cq6_parse_sequence (Cq6Parser *p, const Cq6Token *open, const char *close)
{
  Cq6Filter *f = _cq6_node (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, open);

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
      _cq6_filter_add_arg (f, item);
    }
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

/* A set-valued argument read at the level of the direction filters. */
Cq6Filter *
_cq6_parse_set_arg (Cq6Parser *p, const char *where)
{
  Cq6Token *t = _cq6_peek (p);

  return _cq6_want_type (p, t, parse_direction (p), CQ6_TYPE_SET, where);
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
 * takes one as a direction filter's distance, which Excelsior does not
 * evaluate yet (rulings 14). */
static gboolean
is_numeric_variable (Cq6Parser *p, const Cq6Token *t)
{
  if (t->kind != CQ6_TOK_WORD || p->prog == NULL || p->prog->vars == NULL)
    return FALSE;
  for (guint i = 0; i < p->prog->vars->len; i++)
    {
      const Cq6Var *v = g_ptr_array_index (p->prog->vars, i);

      if (v->type == CQ6_TYPE_NUMBER && !v->piece && strcmp (v->name, t->text) == 0)
        return TRUE;
    }
  return FALSE;
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

/* `tag "Name"`, `event`, `site`, `date`, `eco`, `player [white|black]`:
 * a string filter, or with a following string the substring test. */
static Cq6Filter *
parse_tag (Cq6Parser *p, const Cq6Token *t, Cq6Kind kind, const char *name, guint32 which)
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

/* `move` and its parameters (CQL 6 reference "move"). */
static Cq6Filter *
parse_move (Cq6Parser *p, const Cq6Token *t)
{
  /* In CQL 6.2 `move` only matches or not: it is not a set (ruling 2). */
  Cq6Filter *f = _cq6_node (CQ6_MOVE, CQ6_TYPE_LOGICAL, t);

  for (guint i = 0; i < 4; i++)
    _cq6_filter_add_arg (f, NULL);
  for (;;)
    {
      Cq6Token *w = _cq6_peek (p);
      int slot = -1;

      if (_cq6_is_word (w, "from"))
        slot = 0;
      else if (_cq6_is_word (w, "to"))
        slot = 1;
      else if (_cq6_is_word (w, "capture"))
        slot = 2;
      else if (_cq6_is_word (w, "promote"))
        slot = 3;
      if (slot >= 0)
        {
          Cq6Filter *arg;

          _cq6_advance (p);
          arg = _cq6_parse_set_arg (p, w->text);
          if (arg == NULL)
            {
              _cq6_filter_free (f);
              return NULL;
            }
          _cq6_filter_free (f->args[slot]);
          f->args[slot] = arg;
        }
      else if (_cq6_is_word (w, "previous"))
        f->which |= CQ6_MOVE_PREVIOUS, _cq6_advance (p);
      else if (_cq6_is_word (w, "legal"))
        f->which |= CQ6_MOVE_LEGAL, _cq6_advance (p);
      else if (_cq6_is_word (w, "primary"))
        f->which |= CQ6_MOVE_PRIMARY, _cq6_advance (p);
      else if (_cq6_is_word (w, "secondary"))
        f->which |= CQ6_MOVE_SECONDARY, _cq6_advance (p);
      else if (_cq6_is_word (w, "enpassant"))
        f->which |= CQ6_MOVE_ENPASSANT, _cq6_advance (p);
      else if (_cq6_is_word (w, "castle"))
        f->which |= CQ6_MOVE_CASTLE, _cq6_advance (p);
      else if (_cq6_is_word (w, "null"))
        f->which |= CQ6_MOVE_NULL, _cq6_advance (p);
      else if (_cq6_is_word (w, "pseudolegal"))
        f->which |= CQ6_MOVE_PSEUDOLEGAL, _cq6_advance (p);
      else if (_cq6_is_word (w, "comment") || _cq6_is_word (w, "enpassantsquare")
               || _cq6_is_word (w, "count"))
        {
          _cq6_fail_at (p, w, CQ_QUERY_ERROR_UNSUPPORTED,
                   "the move parameter `%s` is not supported yet", w->text);
          _cq6_filter_free (f);
          return NULL;
        }
      else
        break;
    }
  if ((f->which & CQ6_MOVE_PREVIOUS) && (f->which & (CQ6_MOVE_LEGAL | CQ6_MOVE_PSEUDOLEGAL)))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
               "`move previous` cannot be `legal` or `pseudolegal`");
      _cq6_filter_free (f);
      return NULL;
    }
  return f;
}

/* `pin`, with `from`, `through`, `to` in any order. */
static Cq6Filter *
parse_pin (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_PIN, CQ6_TYPE_SET, t);

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
      f->args[slot] = arg;
    }
  return f;
}

/* A parenthesised list of filters of one type, e.g. `max(#A #a 3)`,
 * `ray(Q _ k)`. */
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
    { "flip", CQ6_XF_FLIP }, { "flipdihedral", CQ6_XF_FLIP },
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

static Cq6Filter *
parse_word (Cq6Parser *p, Cq6Token *t)
{
  const char *w = t->text;
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
    { "sidetomove", CQ6_SIDETOMOVE, CQ6_TYPE_NUMBER },
    { "movenumber", CQ6_MOVENUMBER, CQ6_TYPE_NUMBER }, { "ply", CQ6_PLY, CQ6_TYPE_NUMBER },
    { "gamenumber", CQ6_GAMENUMBER, CQ6_TYPE_NUMBER }, { "year", CQ6_YEAR, CQ6_TYPE_NUMBER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    if (strcmp (w, simple[i].name) == 0)
      return _cq6_node (simple[i].kind, simple[i].type, t);

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
      gboolean count = FALSE;
      Cq6Filter *arg;

      if (_cq6_is_word (_cq6_peek (p), "count"))
        count = TRUE, _cq6_advance (p);
      arg = _cq6_parse_filter (p);
      if (arg == NULL)
        return NULL;
      return _cq6_orbit_new (xf, arg, count, t->line, t->column, p->filename, p->error);
    }
  if ((dirs = direction_bits (w)) != 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_DIRECTION, CQ6_TYPE_SET, t), *arg;

      f->directions = dirs;
      f->range_min = 1;
      f->range_max = 7;
      if (is_numeric_variable (p, _cq6_peek (p)))
        {
          _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_UNSUPPORTED,
                        "a variable as the distance of `%s` is not supported yet", w);
          _cq6_filter_free (f);
          return NULL;
        }
      /* The distances: one or two whole numbers, either possibly negative
       * (a step the opposite way) or 0 (the square itself), as CQL 6.2
       * reads them (docs/cql6-rulings.md section 14). */
      if (direction_bound_follows (p))
        {
          const Cq6Token *at = _cq6_peek (p);

          if (!_cq6_parse_int (p, &f->range_min, "a distance"))
            {
              _cq6_filter_free (f);
              return NULL;
            }
          f->range_max = f->range_min;
          if (!direction_bound_then_operator (p) && direction_bound_follows (p)
              && !_cq6_parse_int (p, &f->range_max, "a distance"))
            {
              _cq6_filter_free (f);
              return NULL;
            }
          /* CQL 6.2 takes no distance followed by an operator (`left -2 -1`
           * is the number -2 minus 1 there, and an error). */
          if (direction_bound_then_operator (p))
            {
              _cq6_filter_free (f);
              _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                            "%s: a distance must not be followed by an operator", w);
              return NULL;
            }
          if (f->range_min < -7 || f->range_max > 7 || f->range_min > f->range_max)
            {
              _cq6_filter_free (f);
              _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX,
                            "%s: the distances must be from -7 to 7, the first no greater"
                            " than the second", w);
              return NULL;
            }
        }
      arg = _cq6_parse_set_arg (p, w);
      if (arg == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_filter_add_arg (f, arg);
      return f;
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

      f->which = w[0] == 'x';
      f->directions = CQ_RAY_ALL;
      if (_cq6_peek (p)->kind == CQ6_TOK_WORD && (dirs = direction_bits (_cq6_peek (p)->text)) != 0)
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
    return parse_move (p, t);
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
      return parse_tag (p, t, CQ6_PLAYER, NULL, which);
    }
  if (strcmp (w, "event") == 0 || strcmp (w, "site") == 0 || strcmp (w, "date") == 0
      || strcmp (w, "eco") == 0)
    {
      static const char *const tag_names[] = { "Event", "Site", "Date", "ECO" };
      guint i = w[0] == 'e' ? (w[1] == 'v' ? 0 : 3) : w[0] == 's' ? 1 : 2;
      return parse_tag (p, t, CQ6_TAG, tag_names[i], 0);
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

  if (strcmp (w, "currentposition") == 0)
    return _cq6_node (CQ6_CURRENT, CQ6_TYPE_POSITION, t);
  {
    Cq6Filter *f = NULL;

    if (_cq6_parse_vars_word (p, t, &f) || _cq6_parse_positions_word (p, t, &f)
        || _cq6_parse_line_word (p, t, &f) || _cq6_parse_output_word (p, t, &f))
      return f;
  }
  for (guint i = 0; i < G_N_ELEMENTS (unsupported); i++)
    if (strcmp (w, unsupported[i]) == 0)
      {
        _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNSUPPORTED,
                 "the CQL 6 filter `%s` is not supported yet (docs/cql6.md lists what is)", w);
        return NULL;
      }
  if (_cq6_is_punct (_cq6_peek (p), "("))
    {
      _cq_query_set_error (p->error, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, p->filename, t->line,
                           t->column, "`%s` is not a function defined before this call", w);
      return NULL;
    }
  _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
                "unknown filter `%s` (a variable must be assigned before it "
                "is used)", w);
  return NULL;
}

static Cq6Filter *
parse_primary_base (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  switch (t->kind)
    {
    case CQ6_TOK_DESIGNATOR:
      {
        Cq6Filter *f = _cq6_node (CQ6_DESIGNATOR, CQ6_TYPE_SET, _cq6_advance (p));
        f->designator = t->designator;
        return f;
      }
    case CQ6_TOK_NUMBER:
      {
        Cq6Filter *f = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, _cq6_advance (p));
        f->number = t->number;
        return f;
      }
    case CQ6_TOK_STRING:
      {
        Cq6Filter *f = _cq6_node (CQ6_STRING, CQ6_TYPE_STRING, _cq6_advance (p));
        f->string = g_strdup (t->text);
        return f;
      }
    case CQ6_TOK_WORD:
      _cq6_advance (p);
      return parse_word (p, t);
    case CQ6_TOK_PUNCT:
      if (_cq6_is_punct (t, "{"))
        {
          _cq6_advance (p);
          return _cq6_parse_sequence (p, t, "}");
        }
      if (_cq6_is_punct (t, "("))
        {
          Cq6Filter *f;

          _cq6_advance (p);
          f = _cq6_parse_filter (p);
          if (f != NULL && !_cq6_expect_punct (p, ")", "to close the '('"))
            {
              _cq6_filter_free (f);
              return NULL;
            }
          return f;
        }
      {
        Cq6Filter *f = NULL;

        if (_cq6_parse_line_punct (p, t, &f))
          return f;
      }
      if (_cq6_is_punct (t, "-->") || _cq6_is_punct (t, "<--") || _cq6_is_punct (t, "--")
          || _cq6_is_punct (t, ":")
          || _cq6_is_punct (t, "~~") || _cq6_is_punct (t, "[") || _cq6_is_punct (t, "$"))
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNSUPPORTED, "`%s` is not supported yet", t->text);
          return NULL;
        }
      G_GNUC_FALLTHROUGH;
    default:
      {
        g_autofree char *found = _cq6_token_text (t);
        _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected a filter, found %s", found);
        return NULL;
      }
    }
}

static Cq6Filter *parse_count (Cq6Parser *p);
static Cq6Filter *parse_complement (Cq6Parser *p);
static Cq6Filter *parse_unary (Cq6Parser *p);

/* A primary, then `:` and a filter to evaluate at the position it gives
 * (`parent:check`, `source:pieceid x`): `:` binds tightest (CQL 6
 * reference, "colon"). */
Cq6Filter *
_cq6_parse_primary (Cq6Parser *p)
{
  Cq6Token *start = _cq6_peek (p);
  Cq6Filter *f = parse_primary_base (p);

  /* `Ba1--h8`, `X[x]`: a dash filter whose from-set is this primary. */
  if (f != NULL)
    f = _cq6_parse_line_infix (p, f);
  while (f != NULL && _cq6_is_punct (_cq6_peek (p), ":"))
    {
      Cq6Token *colon = _cq6_advance (p);
      Cq6Filter *right;

      if (f->type != CQ6_TYPE_POSITION)
        {
          g_autofree char *found = _cq6_token_text (start);
          _cq6_fail_at (p, colon, CQ_QUERY_ERROR_SEMANTIC,
                        "the left of ':' must be a position (e.g. parent, or a position "
                        "variable), but %s is %s", found, type_names[f->type]);
          _cq6_filter_free (f);
          return NULL;
        }
      /* A prefix operator applies to what follows, there: `X:#Q`, `X:~A`,
       * `X:-ply` (CQL 6.2 reads them so). */
      if (_cq6_is_punct (_cq6_peek (p), "#"))
        right = parse_count (p);
      else if (_cq6_is_punct (_cq6_peek (p), "~"))
        right = parse_complement (p);
      else if (_cq6_is_punct (_cq6_peek (p), "-"))
        right = parse_unary (p);
      else
        right = parse_primary_base (p);
      if (right == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      f = _cq6_node2 (CQ6_AT, right->type, colon, f, right);
    }
  return f;
}

/* The direction filters, light and dark are read at this level too (their
 * argument is a primary). */
static Cq6Filter *
parse_direction (Cq6Parser *p)
{
  return _cq6_parse_primary (p);
}

static Cq6Filter *
parse_attacks (Cq6Parser *p)
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = parse_direction (p);

  /* `->` and `<-` (→ ←) are attacks and attackedby (ruling 6). */
  while (left != NULL && (_cq6_is_word (_cq6_peek (p), "attacks") || _cq6_is_word (_cq6_peek (p), "attackedby")
                          || _cq6_is_punct (_cq6_peek (p), "->") || _cq6_is_punct (_cq6_peek (p), "<-")))
    {
      Cq6Token *op = _cq6_advance (p);
      gboolean attacks = strcmp (op->text, "attacks") == 0 || strcmp (op->text, "->") == 0;
      Cq6Token *rat = _cq6_peek (p);
      Cq6Filter *right;

      left = _cq6_want_type (p, at, left, CQ6_TYPE_SET, op->text);
      right = _cq6_want_type (p, rat, parse_direction (p), CQ6_TYPE_SET, op->text);
      if (left == NULL || right == NULL)
        {
          _cq6_filter_free (left);
          _cq6_filter_free (right);
          return NULL;
        }
      left = _cq6_node2 (attacks ? CQ6_ATTACKS : CQ6_ATTACKEDBY, CQ6_TYPE_SET, op, left, right);
    }
  return left;
}

static Cq6Filter *
parse_complement (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (_cq6_is_punct (t, "~"))
    {
      Cq6Token *at;
      Cq6Filter *arg;

      _cq6_advance (p);
      at = _cq6_peek (p);
      arg = _cq6_want_type (p, at, parse_complement (p), CQ6_TYPE_SET, "`~`");
      return arg ? _cq6_node1 (CQ6_COMPLEMENT, CQ6_TYPE_SET, t, arg) : NULL;
    }
  return parse_attacks (p);
}

static Cq6Filter *
parse_set_binary (Cq6Parser *p, const char *op, Cq6Kind kind, Cq6Filter *(*next) (Cq6Parser *))
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = next (p);

  while (left != NULL && _cq6_is_punct (_cq6_peek (p), op))
    {
      Cq6Token *t = _cq6_advance (p);
      Cq6Token *rat = _cq6_peek (p);
      Cq6Filter *right;
      g_autofree char *where = g_strdup_printf ("`%s`", op);

      if (kind == CQ6_INTERSECTION && left->type == CQ6_TYPE_POSITION)
        {
          /* `x & y` of two positions: the squares where they agree (echo). */
          right = _cq6_want_type (p, rat, next (p), CQ6_TYPE_POSITION, where);
          if (right == NULL)
            {
              _cq6_filter_free (left);
              return NULL;
            }
          left = _cq6_node2 (CQ6_POSITION_AND, CQ6_TYPE_SET, t, left, right);
          continue;
        }
      left = _cq6_want_type (p, at, left, CQ6_TYPE_SET, where);
      right = _cq6_want_type (p, rat, next (p), CQ6_TYPE_SET, where);
      if (left == NULL || right == NULL)
        {
          _cq6_filter_free (left);
          _cq6_filter_free (right);
          return NULL;
        }
      left = _cq6_node2 (kind, CQ6_TYPE_SET, t, left, right);
    }
  return left;
}

static Cq6Filter *
parse_intersection (Cq6Parser *p)
{
  return parse_set_binary (p, "&", CQ6_INTERSECTION, parse_complement);
}

Cq6Filter *
_cq6_parse_union (Cq6Parser *p)
{
  return parse_set_binary (p, "|", CQ6_UNION, parse_intersection);
}

/* # and the other prefixes whose argument is a set union. */
static Cq6Filter *
parse_count (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (_cq6_is_punct (t, "#"))
    {
      Cq6Token *at;
      Cq6Filter *arg;

      _cq6_advance (p);
      at = _cq6_peek (p);
      arg = _cq6_want_type (p, at, _cq6_parse_union (p), CQ6_TYPE_SET, "`#`");
      return arg ? _cq6_node1 (CQ6_COUNT, CQ6_TYPE_NUMBER, t, arg) : NULL;
    }
  return _cq6_parse_union (p);
}

static Cq6Filter *
parse_unary (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (_cq6_is_punct (t, "-"))
    {
      Cq6Token *at;
      Cq6Filter *arg;

      _cq6_advance (p);
      at = _cq6_peek (p);
      if (at->kind == CQ6_TOK_NUMBER)
        {
          Cq6Filter *f = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, t);
          f->number = -_cq6_advance (p)->number;
          return f;
        }
      arg = _cq6_want_type (p, at, parse_unary (p), CQ6_TYPE_NUMBER, "unary `-`");
      return arg ? _cq6_node1 (CQ6_NEGATE, CQ6_TYPE_NUMBER, t, arg) : NULL;
    }
  return parse_count (p);
}

static Cq6Filter *
parse_arith (Cq6Parser *p, const char *ops, Cq6Filter *(*next) (Cq6Parser *))
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = next (p);

  while (left != NULL && _cq6_peek (p)->kind == CQ6_TOK_PUNCT && strlen (_cq6_peek (p)->text) == 1
         && strchr (ops, _cq6_peek (p)->text[0]) != NULL)
    {
      Cq6Token *t = _cq6_advance (p);
      Cq6Token *rat = _cq6_peek (p);
      Cq6Filter *right;
      g_autofree char *where = g_strdup_printf ("`%s`", t->text);

      if (t->text[0] == '+' && left->type == CQ6_TYPE_STRING)
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNSUPPORTED,
                        "`+` between strings is not supported yet");
          _cq6_filter_free (left);
          return NULL;
        }
      left = _cq6_want_type (p, at, left, CQ6_TYPE_NUMBER, where);
      right = _cq6_want_type (p, rat, next (p), CQ6_TYPE_NUMBER, where);
      if (left == NULL || right == NULL)
        {
          _cq6_filter_free (left);
          _cq6_filter_free (right);
          return NULL;
        }
      left = _cq6_node2 (CQ6_ARITH, CQ6_TYPE_NUMBER, t, left, right);
      left->which = (guchar) t->text[0];
    }
  return left;
}

static Cq6Filter *
parse_mul (Cq6Parser *p)
{
  return parse_arith (p, "*/%", parse_unary);
}

Cq6Filter *
_cq6_parse_add (Cq6Parser *p)
{
  return parse_arith (p, "+-", parse_mul);
}

static int
compare_op (const Cq6Token *t)
{
  static const char *const ops[] = { "<", "<=", "==", ">=", ">", "!=" };

  if (t->kind != CQ6_TOK_PUNCT)
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (strcmp (t->text, ops[i]) == 0)
      return (int) i;
  return -1;
}

/* A set compared with a number stands for its number of squares (ruling
 * 4): `P > 5` is `#P > 5`. */
static Cq6Filter *
count_if_set (Cq6Filter *f, const Cq6Token *at)
{
  if (f->type != CQ6_TYPE_SET)
    return f;
  return _cq6_node1 (CQ6_COUNT, CQ6_TYPE_NUMBER, at, f);
}

/* `S ~~ "pattern"`: a string filter whose value is the part of S the
 * regular expression (GRegex, PCRE syntax) matches first; no match when
 * none does.  The pattern must be a string literal, compiled once here. */
static Cq6Filter *
parse_regex (Cq6Parser *p)
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = _cq6_parse_add (p);

  while (left != NULL && _cq6_is_punct (_cq6_peek (p), "~~"))
    {
      Cq6Token *t = _cq6_advance (p), *pattern = _cq6_peek (p);
      g_autoptr(GError) local = NULL;
      Cq6Filter *f;

      if (left->type != CQ6_TYPE_STRING)
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                        "`~~` matches a string against a pattern, but its left is %s",
                        type_names[left->type]);
          _cq6_filter_free (left);
          return NULL;
        }
      if (pattern->kind != CQ6_TOK_STRING)
        {
          g_autofree char *found = _cq6_token_text (pattern);
          _cq6_fail_at (p, pattern, CQ_QUERY_ERROR_SYNTAX,
                        "expected the pattern as a string after `~~`, found %s", found);
          _cq6_filter_free (left);
          return NULL;
        }
      _cq6_advance (p);
      f = _cq6_node1 (CQ6_REGEX, CQ6_TYPE_STRING, at, left);
      f->string = g_strdup (pattern->text);
      f->regex = g_regex_new (pattern->text, G_REGEX_OPTIMIZE, 0, &local);
      if (f->regex == NULL)
        {
          _cq6_fail_at (p, pattern, CQ_QUERY_ERROR_SYNTAX, "bad pattern after `~~`: %s",
                        local->message);
          _cq6_filter_free (f);
          return NULL;
        }
      left = f;
    }
  return left;
}

static Cq6Filter *
parse_compare (Cq6Parser *p)
{
  Cq6Filter *left = parse_regex (p), *result = NULL;

  while (left != NULL && compare_op (_cq6_peek (p)) >= 0)
    {
      Cq6Token *t = _cq6_advance (p);
      Cq6Token *rat = _cq6_peek (p);
      int op = compare_op (t);
      Cq6Filter *right = parse_regex (p), *cmp;

      if (right == NULL)
        {
          _cq6_filter_free (left);
          _cq6_filter_free (result);
          return NULL;
        }
      if (left->type == CQ6_TYPE_SET && right->type == CQ6_TYPE_NUMBER)
        left = count_if_set (left, t);
      else if (left->type == CQ6_TYPE_NUMBER && right->type == CQ6_TYPE_SET)
        right = count_if_set (right, rat);
      /* Positions compare by their positionid (CQL 6 reference, "position"). */
      if (left->type != right->type || left->type == CQ6_TYPE_LOGICAL
          || (left->type == CQ6_TYPE_SET && op != CQ6_CMP_EQ && op != CQ6_CMP_NE))
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                   "`%s` compares two numbers, two strings, two positions or (== and != "
                   "only) two sets; "
                   "here it has %s and %s", t->text, type_names[left->type],
                   type_names[right->type]);
          _cq6_filter_free (left);
          _cq6_filter_free (right);
          _cq6_filter_free (result);
          return NULL;
        }
      /* Chained comparisons share their middle operand: a copy of it. */
      cmp = _cq6_node2 (CQ6_COMPARE, CQ6_TYPE_LOGICAL, t, left, right);
      cmp->which = op;
      result = result ? _cq6_node2 (CQ6_AND, CQ6_TYPE_LOGICAL, t, result, cmp) : cmp;
      left = compare_op (_cq6_peek (p)) >= 0 ? _cq6_filter_copy (right) : NULL;
    }
  return result != NULL ? result : left;
}

static Cq6Filter *
parse_in (Cq6Parser *p)
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = parse_compare (p);

  if (left != NULL && _cq6_is_word (_cq6_peek (p), "in"))
    {
      Cq6Token *t = _cq6_advance (p);
      Cq6Token *rat = _cq6_peek (p);
      Cq6Filter *right;

      if (left->type == CQ6_TYPE_STRING)
        {
          /* "text" in STRING: the string contains the text. */
          right = _cq6_want_type (p, rat, parse_compare (p), CQ6_TYPE_STRING, "`in`");
          return right ? _cq6_node2 (CQ6_IN, CQ6_TYPE_LOGICAL, t, left, right)
                       : (_cq6_filter_free (left), NULL);
        }
      left = _cq6_want_type (p, at, left, CQ6_TYPE_SET, "`in`");
      right = _cq6_want_type (p, rat, parse_compare (p), CQ6_TYPE_SET, "`in`");
      if (left == NULL || right == NULL)
        {
          _cq6_filter_free (left);
          _cq6_filter_free (right);
          return NULL;
        }
      return _cq6_node2 (CQ6_IN, CQ6_TYPE_LOGICAL, t, left, right);
    }
  return left;
}

Cq6Filter *
_cq6_parse_not (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (_cq6_is_word (t, "not"))
    {
      Cq6Filter *arg;

      _cq6_advance (p);
      arg = _cq6_parse_not (p);
      return arg ? _cq6_node1 (CQ6_NOT, CQ6_TYPE_LOGICAL, t, arg) : NULL;
    }
  return parse_in (p);
}

static Cq6Filter *
parse_logic (Cq6Parser *p, const char *word, Cq6Kind kind, Cq6Filter *(*next) (Cq6Parser *))
{
  Cq6Filter *left = next (p);

  while (left != NULL && _cq6_is_word (_cq6_peek (p), word))
    {
      Cq6Token *t = _cq6_advance (p);
      Cq6Filter *right = next (p);

      if (right == NULL)
        {
          _cq6_filter_free (left);
          return NULL;
        }
      left = _cq6_node2 (kind, CQ6_TYPE_LOGICAL, t, left, right);
    }
  return left;
}

static Cq6Filter *
parse_and (Cq6Parser *p)
{
  return parse_logic (p, "and", CQ6_AND, _cq6_parse_not);
}

Cq6Filter *
_cq6_parse_filter (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (!_cq6_starts_filter (t) && !_cq6_is_word (t, "not"))
    {
      g_autofree char *found = _cq6_token_text (t);
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected a filter, found %s", found);
      return NULL;
    }
  return parse_logic (p, "or", CQ6_OR, parse_and);
}

/* A file name in the header: the raw text up to white space or ')'. */
static char *
parse_path (Cq6Parser *p, const char *what)
{
  Cq6Token *t = _cq6_peek (p);
  const char *start = t->start, *end = start;

  if (t->kind == CQ6_TOK_STRING)
    {
      _cq6_advance (p);
      return g_strdup (t->text);
    }
  if (t->kind == CQ6_TOK_END || _cq6_is_punct (t, ")"))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected a file name after `%s`", what);
      return NULL;
    }
  while (*end != '\0' && !g_ascii_isspace (*end) && *end != ')')
    end++;
  while (_cq6_peek (p)->kind != CQ6_TOK_END && _cq6_peek (p)->start < end)
    _cq6_advance (p);
  return g_strndup (start, end - start);
}

gboolean
_cq6_parse_range (Cq6Parser *p, gint64 *lo, gint64 *hi, const char *what)
{
  if (!_cq6_parse_int (p, lo, what))
    return FALSE;
  *hi = *lo;
  if (_cq6_peek (p)->kind == CQ6_TOK_NUMBER)
    *hi = _cq6_advance (p)->number;
  return TRUE;
}

static gboolean
parse_header (Cq6Parser *p, Cq6Program *prog)
{
  Cq6Token *open;
  Cq6Filter *games = NULL;

  _cq6_advance (p); /* cql */
  open = _cq6_peek (p);
  if (!_cq6_expect_punct (p, "(", "after `cql` (the header, e.g. cql(input games.pgn))"))
    return FALSE;
  while (!_cq6_is_punct (_cq6_peek (p), ")"))
    {
      Cq6Token *t = _cq6_peek (p);
      const char *w = t->text;

      if (t->kind == CQ6_TOK_END)
        return _cq6_fail_at (p, open, CQ_QUERY_ERROR_SYNTAX, "the header's '(' is never closed");
      if (t->kind != CQ6_TOK_WORD)
        {
          g_autofree char *found = _cq6_token_text (t);
          return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                          "expected a header parameter (input, output, variations, ...), "
                          "found %s", found);
        }
      _cq6_advance (p);
      if (strcmp (w, "input") == 0 || strcmp (w, "output") == 0)
        {
          char **slot = w[0] == 'i' ? &prog->input : &prog->output;
          g_free (*slot);
          if ((*slot = parse_path (p, w)) == NULL)
            return FALSE;
        }
      else if (strcmp (w, "variations") == 0)
        prog->variations = TRUE;
      else if (strcmp (w, "mainline") == 0)
        prog->variations = FALSE;
      else if (strcmp (w, "quiet") == 0)
        prog->quiet = TRUE;
      else if (strcmp (w, "silent") == 0)
        prog->silent = TRUE;
      else if (strcmp (w, "matchcount") == 0)
        {
          if (!_cq6_parse_range (p, &prog->matchcount_min, &prog->matchcount_max, "matchcount"))
            return FALSE;
        }
      else if (strcmp (w, "matchstring") == 0)
        {
          Cq6Token *s = _cq6_peek (p);
          if (s->kind != CQ6_TOK_STRING)
            return _cq6_fail_at (p, s, CQ_QUERY_ERROR_SYNTAX,
                            "expected a string after `matchstring`");
          _cq6_advance (p);
          g_free (prog->matchstring);
          prog->matchstring = g_strdup (s->text);
        }
      else if (strcmp (w, "gamenumber") == 0 || strcmp (w, "year") == 0)
        {
          Cq6Filter *value = _cq6_node (w[0] == 'g' ? CQ6_GAMENUMBER : CQ6_YEAR,
                                   CQ6_TYPE_NUMBER, t);
          Cq6Filter *lo = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, t);
          Cq6Filter *hi = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, t);
          Cq6Filter *c1, *c2;

          if (!_cq6_parse_range (p, &lo->number, &hi->number, w))
            {
              _cq6_filter_free (value), _cq6_filter_free (lo), _cq6_filter_free (hi);
              return FALSE;
            }
          c1 = _cq6_node2 (CQ6_COMPARE, CQ6_TYPE_LOGICAL, t, lo, _cq6_filter_copy (value));
          c1->which = CQ6_CMP_LE;
          c2 = _cq6_node2 (CQ6_COMPARE, CQ6_TYPE_LOGICAL, t, value, hi);
          c2->which = CQ6_CMP_LE;
          if (games == NULL)
            /* Owned by the program at once: an error below frees it. */
            games = prog->game_filters = _cq6_node (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, t);
          _cq6_filter_add_arg (games, c1);
          _cq6_filter_add_arg (games, c2);
        }
      else if (strcmp (w, "result") == 0 || strcmp (w, "player") == 0
               || strcmp (w, "white") == 0 || strcmp (w, "black") == 0
               || strcmp (w, "event") == 0 || strcmp (w, "site") == 0)
        {
          Cq6Filter *f;

          if (w[0] == 'w' || w[0] == 'b')
            {
              Cq6Token *s = _cq6_peek (p);
              if (s->kind != CQ6_TOK_STRING)
                return _cq6_fail_at (p, s, CQ_QUERY_ERROR_SYNTAX,
                                "expected the player's name as a string after `%s`", w);
              f = parse_tag (p, t, CQ6_PLAYER, NULL, w[0] == 'w' ? 1 : 2);
            }
          else
            {
              if ((f = parse_word (p, t)) == NULL)
                return FALSE;
            }
          if (f->type != CQ6_TYPE_LOGICAL)
            {
              _cq6_filter_free (f);
              return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                              "expected a string after `%s` in the header", w);
            }
          if (games == NULL)
            games = prog->game_filters = _cq6_node (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, t);
          _cq6_filter_add_arg (games, f);
        }
      else if (strcmp (w, "sort") == 0 || strcmp (w, "nestban") == 0
               || strcmp (w, "persistent") == 0 || strcmp (w, "lineincrement") == 0
               || strcmp (w, "smartcomments") == 0 || strcmp (w, "nosmartcomments") == 0
               || strcmp (w, "noremovecomment") == 0 || strcmp (w, "secure") == 0)
        return _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNSUPPORTED,
                        "the header parameter `%s` is not supported yet", w);
      else
        return _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
                        "unknown header parameter `%s` (expected input, output, variations, "
                        "mainline, matchcount, matchstring, quiet, silent, gamenumber, result, "
                        "year, player, white, black)", w);
    }
  _cq6_advance (p);
  return TRUE;
}

/* A rough cost of evaluating @f once, in units of a bitboard lookup. */
static guint
cost (const Cq6Filter *f)
{
  guint sum = 0;

  if (f == NULL)
    return 0;
  for (guint i = 0; i < f->n_args; i++)
    sum += cost (f->args[i]);
  switch (f->kind)
    {
    case CQ6_WTM: case CQ6_BTM: case CQ6_INITIAL: case CQ6_TERMINAL: case CQ6_MAINLINE:
    case CQ6_VARIATION: case CQ6_TRUE: case CQ6_FALSE: case CQ6_NUMBER: case CQ6_STRING:
    case CQ6_COLOR: case CQ6_SIDETOMOVE: case CQ6_PLY: case CQ6_MOVENUMBER:
    case CQ6_GAMENUMBER:
      return 1;
    case CQ6_DESIGNATOR:
      return 2;
    case CQ6_CHECK:
      return 10;
    case CQ6_MATE:
    case CQ6_STALEMATE:
      return 40;
    case CQ6_MOVE:
      return sum + ((f->which & CQ6_MOVE_LEGAL) ? 60 : 5);
    case CQ6_ORBIT:
      return sum + 1;
    default:
      return sum + 4;
    }
}

static gint
compare_cost (gconstpointer a, gconstpointer b)
{
  guint x = cost (*(Cq6Filter *const *) a), y = cost (*(Cq6Filter *const *) b);

  return (x > y) - (x < y);
}

/* Puts the filters of each compound filter cheapest first, as CQL 3's
 * instances test the side to move before mate: the filters of this
 * version change nothing when they run, so only their cost depends on the
 * order; the last filter, whose value is the compound's, stays last when
 * the compound's value is used (a set or a number). */
static gboolean
is_stateful (const Cq6Filter *f)
{
  if (f == NULL)
    return FALSE;
  if (f->kind >= CQ6_FIRST_STATEFUL)
    return TRUE;
  for (guint i = 0; i < f->n_args; i++)
    if (is_stateful (f->args[i]))
      return TRUE;
  return FALSE;
}

static void
order_by_cost (Cq6Filter *f)
{
  guint n;

  if (f == NULL)
    return;
  for (guint i = 0; i < f->n_args; i++)
    order_by_cost (f->args[i]);
  if (f->kind != CQ6_COMPOUND || f->n_args < 2)
    return;
  /* Filters that set variables, write comments or look at other
   * positions run in the order written. */
  if (is_stateful (f))
    return;
  n = f->type == CQ6_TYPE_LOGICAL ? f->n_args : f->n_args - 1;
  /* g_qsort_with_data is not stable: an insertion sort keeps equal costs
   * in the order written. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && compare_cost (&f->args[j - 1], &f->args[j]) > 0; j--)
      {
        Cq6Filter *t = f->args[j];
        f->args[j] = f->args[j - 1];
        f->args[j - 1] = t;
      }
}

void
_cq6_program_free (Cq6Program *program)
{
  if (program == NULL)
    return;
  _cq6_filter_free (program->body);
  _cq6_filter_free (program->game_filters);
  _cq6_program_free_vars (program);
  _cq6_program_free_output (program);
  g_free (program->input);
  g_free (program->output);
  g_free (program->matchstring);
  g_free (program);
}

Cq6Program *
_cq6_program_read (const char *text, gsize len, const char *filename, GError **error)
{
  Cq6Parser p = { NULL, 0, filename, error, NULL };
  Cq6Program *prog;
  Cq6Token *first;

  p.tokens = _cq6_tokenize (text, len, filename, error);
  if (p.tokens == NULL)
    return NULL;
  prog = g_new0 (Cq6Program, 1);
  p.prog = prog;
  prog->matchcount_min = 1;
  prog->matchcount_max = G_MAXINT64;
  first = _cq6_peek (&p);
  if (_cq6_is_word (first, "cql"))
    {
      if (!parse_header (&p, prog))
        goto fail;
    }
  prog->body = _cq6_node (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, _cq6_peek (&p));
  while (_cq6_peek (&p)->kind != CQ6_TOK_END)
    {
      Cq6Filter *f;

      if (_cq6_is_punct (_cq6_peek (&p), "}") || _cq6_is_punct (_cq6_peek (&p), ")"))
        {
          _cq6_fail_at (&p, _cq6_peek (&p), CQ_QUERY_ERROR_SYNTAX, "unmatched '%s'", _cq6_peek (&p)->text);
          goto fail;
        }
      f = _cq6_parse_filter (&p);
      if (f == NULL)
        goto fail;
      _cq6_filter_add_arg (prog->body, f);
    }
  if (prog->body->n_args == 0)
    {
      _cq6_fail_at (&p, _cq6_peek (&p), CQ_QUERY_ERROR_SYNTAX,
               "the query has no filter after its header: write at least one, e.g. `mate`");
      goto fail;
    }
  _cq6_tokens_free (p.tokens);
  if (prog->vars != NULL)
    {
      g_free (prog->persistent);
      prog->persistent = g_new0 (Cq6Slot, prog->vars->len);
      /* Persistent numbers start at 0 (CQL 6.2: `persistent n += 1`). */
      for (guint i = 0; i < prog->vars->len; i++)
        if (((Cq6Var *) prog->vars->pdata[i])->persistent
            && ((Cq6Var *) prog->vars->pdata[i])->type == CQ6_TYPE_NUMBER)
          prog->persistent[i].bound = TRUE;
    }
  prog->stateful = is_stateful (prog->body);
  order_by_cost (prog->body);
  return prog;

fail:
  if (error != NULL && *error == NULL)
    _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, 1, 1, "cannot read the query");
  _cq6_tokens_free (p.tokens);
  _cq6_program_free (prog);
  return NULL;
}

const char *
_cq6_program_input (const Cq6Program *prog)
{
  return prog->input;
}

const char *
_cq6_program_output (const Cq6Program *prog)
{
  return prog->output;
}

const char *
_cq6_program_mark_text (const Cq6Program *prog)
{
  if (prog->quiet || prog->silent)
    return "";
  return prog->matchstring != NULL ? prog->matchstring : "CQL";
}

gboolean
_cq6_program_get_silent (const Cq6Program *prog)
{
  return prog->silent;
}

gboolean
_cq6_program_get_quiet (const Cq6Program *prog)
{
  return prog->quiet;
}

gboolean
_cq6_program_has_persistent (const Cq6Program *prog)
{
  if (prog->vars == NULL)
    return FALSE;
  for (guint i = 0; i < prog->vars->len; i++)
    if (((const Cq6Var *) prog->vars->pdata[i])->persistent)
      return TRUE;
  return FALSE;
}

guint
_cq6_program_get_n_sort_keys (const Cq6Program *prog)
{
  return prog->sorts != NULL ? prog->sorts->len : 0;
}

void
_cq6_program_set_variations (Cq6Program *prog, gboolean variations)
{
  prog->variations = variations;
}
