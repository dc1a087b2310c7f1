/* cq6-program.c: a CQL 6 program: its header (`cql(input ... output ...
 * matchcount ...)` and the game filters there), the reading of the whole
 * query (_cq6_program_read()), the ordering of compound filters by cost,
 * and the header's answers for common/cq-query.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <stdlib.h>
#include <string.h>

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
          Cq6Token *name = _cq6_peek (p);

          g_free (*slot);
          if ((*slot = parse_path (p, w)) == NULL)
            return FALSE;
          if (slot == &prog->output && !_cq_query_output_name_ok (*slot))
            return _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                                 "the header's output file '%s' must end in .pgn (a query "
                                 "writes only PGN files; --output names any file)", *slot);
        }
      else if (strcmp (w, "variations") == 0)
        prog->variations = TRUE;
      else if (strcmp (w, "mainline") == 0)
        prog->variations = FALSE;
      else if (strcmp (w, "quiet") == 0)
        prog->quiet = TRUE;
      else if (strcmp (w, "silent") == 0)
        prog->silent = TRUE;
      else if (strcmp (w, "matchcount") == 0
               || (strcmp (w, "sort") == 0 && _cq6_is_word (_cq6_peek (p), "matchcount")))
        {
          /* `sort matchcount M N`: matchcount M N, and the games are
           * written by their number of matching positions, the most first
           * (a sort key named matchcount, added after the body's sorts:
           * CQL 6.2 orders by those first). */
          if (w[0] == 's')
            {
              if (prog->matchcount_sort != 0)
                return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                                     "`sort matchcount` twice in the header");
              _cq6_advance (p);
              prog->matchcount_sort = 1;
            }
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

          if (w[0] == 'g')
            prog->reads_game_number = TRUE;
          Cq6Filter *lo = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, t);
          Cq6Filter *hi = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, t);
          Cq6Filter *c1, *c2;

          if (!_cq6_parse_range (p, &lo->number, &hi->number, w))
            {
              _cq6_filter_free (value), _cq6_filter_free (lo), _cq6_filter_free (hi);
              return FALSE;
            }
          if (w[0] == 'g')
            prog->header_last_game = hi->number;
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
              f = _cq6_parse_tag (p, t, CQ6_PLAYER, NULL, w[0] == 'w' ? 1 : 2);
            }
          else
            {
              if ((f = _cq6_parse_word (p, t)) == NULL)
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
        /* Words of CQL 6's pages that CQL 6.2 does not read in the header
         * either ("Unable to parse the following token"). */
        return _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
                        "CQL 6.2 does not read the header parameter `%s` either", w);
      else
        return _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
                        "unknown header parameter `%s` (expected input, output, variations, "
                        "mainline, matchcount, matchstring, quiet, silent, gamenumber, result, "
                        "year, player, white, black)", w);
    }
  _cq6_advance (p);
  return TRUE;
}

/* The keyword of @f if it is one of the numeric or string filters that
 * CQL 6.2 stops on when matched (their value is what they are for), NULL
 * otherwise. */
static const char *
value_function_name (const Cq6Filter *f)
{
  switch (f->kind)
    {
    case CQ6_ABS: return "abs";
    case CQ6_SQRT: return "sqrt";
    case CQ6_READFILE: return "readfile";
    case CQ6_MAX: return "max";
    case CQ6_MIN: return "min";
    case CQ6_LASTGAMENUMBER: return "lastgamenumber";
    case CQ6_PIECENAME:
      return f->which == CQ6_PIECENAME_NAME       ? "piecename"
             : f->which == CQ6_PIECENAME_TYPENAME ? "typename"
             : f->which == CQ6_PIECENAME_TYPE     ? "type"
                                                  : NULL;
    default: return NULL;
    }
}

/* Whether @f is a number, a numeric, string or position variable, or a
 * filter of value_function_name(): a value that always "matches" and
 * thus says nothing when matched. */
static gboolean
is_bare_value (const Cq6Program *prog, const Cq6Filter *f)
{
  const Cq6Var *var;

  if (f->kind == CQ6_NUMBER || value_function_name (f) != NULL)
    return TRUE;
  if (f->kind != CQ6_VARIABLE || prog->vars == NULL || f->which >= prog->vars->len)
    return FALSE;
  var = prog->vars->pdata[f->which];
  return !var->piece && (var->type == CQ6_TYPE_NUMBER || var->type == CQ6_TYPE_STRING
                         || var->type == CQ6_TYPE_POSITION);
}

/* The arithmetic filter that @constituent of a line is, alone or alone
 * in braces, NULL if none.  CQL 6.2 refuses it: most likely a `+` or `*`
 * meant as a repetition and read as an operator. */
static const Cq6Filter *
arithmetic_constituent (const Cq6Filter *constituent)
{
  if (constituent->kind == CQ6_COMPOUND && constituent->n_args == 1)
    constituent = constituent->args[0];
  return constituent->kind == CQ6_ARITH ? constituent : NULL;
}

/* The first is_bare_value() filter in @f that would be matched against a
 * position (or an arithmetic_constituent() of a line), NULL if none.  @matched: whether @f itself is matched (as a filter of a
 * compound, an operand of `and`, a loop's body) rather than used for its
 * value (`x = F`, `F == 2`, `sort F`).  CQL 6.2 stops the search on such
 * a filter ("An attempt to match a position against the number"): it is
 * likely a slip, such as `{ 2}` meant as a repetition range.  Only the
 * filters known to match their arguments are followed as matched; the
 * rest are looked into as values. */
static const Cq6Filter *
matched_value (const Cq6Program *prog, const Cq6Filter *f, gboolean matched)
{
  const Cq6Filter *found = NULL;

  if (f == NULL)
    return NULL;
  if (is_bare_value (prog, f))
    return matched ? f : NULL;
  for (guint i = 0; i < f->n_args && found == NULL; i++)
    {
      gboolean arg_matched;

      if ((f->kind == CQ6_LINE_SEQ || f->kind == CQ6_LINE_REPEAT)
          && arithmetic_constituent (f->args[i]) != NULL)
        return arithmetic_constituent (f->args[i]);

      switch (f->kind)
        {
        case CQ6_COMPOUND: case CQ6_CALL:
          /* The last filter gives the value; the others are matched. */
          arg_matched = i + 1 < f->n_args || matched;
          break;
        case CQ6_IF:
          arg_matched = i == 0 || matched;
          break;
        case CQ6_AT:
          arg_matched = i == 1 && matched;
          break;
        case CQ6_ORBIT:
          /* `count` counts the images that match. */
          arg_matched = f->which == CQ6_ORBIT_COUNT || matched;
          break;
        case CQ6_AND: case CQ6_OR: case CQ6_NOT: case CQ6_WHILE: case CQ6_FIND:
        case CQ6_LINE_SEQ: case CQ6_LINE_REPEAT:
          arg_matched = TRUE;
          break;
        case CQ6_SQUARE_LOOP: case CQ6_PIECE_LOOP:
          arg_matched = i == 1;
          break;
        case CQ6_LINE:
          arg_matched = i == 0;
          break;
        case CQ6_DASH:
          arg_matched = i == 3;
          break;
        case CQ6_ECHO:
          /* A numeric body gives its value (CQL 6.2 counts it). */
          arg_matched = f->args[i]->type != CQ6_TYPE_NUMBER;
          break;
        default:
          arg_matched = FALSE;
          break;
        }
      found = matched_value (prog, f->args[i], arg_matched);
    }
  return found;
}

/* Refuses the query if a value that does not match stands where a filter
 * is matched (matched_value()), with a message at its place.  CQL 6.2
 * stops the search there when it is reached; this reader says so before. */
static gboolean
refuse_matched_value (const Cq6Program *prog, const char *filename, GError **error)
{
  const Cq6Filter *value = matched_value (prog, prog->body, TRUE);

  if (value != NULL && value->kind == CQ6_NUMBER)
    {
      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, value->line,
                           value->column,
                           "the number %" G_GINT64_FORMAT " stands where a filter is "
                           "matched against a position: a number has a value but does "
                           "not match (CQL 6 stops on it; a slip such as `{ 2}` for the "
                           "repetition range `{2}`?)", (gint64) value->number);
      return FALSE;
    }
  if (value != NULL && value->kind == CQ6_ARITH)
    {
      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, value->line,
                           value->column,
                           "the arithmetic `%c` is a whole constituent of the line, which "
                           "CQL 6 does not allow (a repetition `+` or `*` read as an "
                           "operator?): write the repetition without white space before "
                           "it, or `{+}` `{*}`", (char) value->which);
      return FALSE;
    }
  if (value != NULL && value->kind == CQ6_READFILE)
    {
      /* CQL 6.2: "readfile was evaluated only for whether it matched". */
      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, value->line,
                           value->column,
                           "`readfile` stands where a filter is matched against a position: "
                           "the file's contents would be ignored (CQL 6 stops on it); keep "
                           "them, e.g. `Text = readfile \"games.cqo\"`");
      return FALSE;
    }
  if (value != NULL && value->kind != CQ6_VARIABLE)
    {
      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, value->line,
                           value->column,
                           "`%s` stands where a filter is matched against a position: it "
                           "has a value but does not match (CQL 6 stops on it); compare "
                           "its value, e.g. `%s ... == 1`", value_function_name (value),
                           value_function_name (value));
      return FALSE;
    }
  if (value != NULL)
    {
      const Cq6Var *var = prog->vars->pdata[value->which];
      /* A function's parameter is held as `f(x#N)`: name it `x`. */
      const char *open = strchr (var->name, '('), *hash = strrchr (var->name, '#');
      g_autofree char *name = open != NULL && hash != NULL && hash > open
                                ? g_strndup (open + 1, hash - open - 1)
                                : g_strdup (var->name);

      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, value->line,
                           value->column,
                           "the %s variable `%s` stands alone where a filter is matched "
                           "against a position, where it would always match (CQL 6 stops "
                           "on it): %s `%s%s`",
                           var->type == CQ6_TYPE_NUMBER   ? "numeric"
                           : var->type == CQ6_TYPE_STRING ? "string"
                                                          : "position",
                           name,
                           var->type == CQ6_TYPE_POSITION ? "look there, e.g."
                                                          : "compare it, e.g.",
                           name,
                           var->type == CQ6_TYPE_POSITION ? ":check" : " == ...");
      return FALSE;
    }
  return TRUE;
}

/* A rough cost of evaluating @f once, in units of a bitboard lookup,
 * given @sum, the cost of its arguments. */
static guint64
node_cost (const Cq6Filter *f, guint64 sum)
{
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
    case CQ6_MATE_FAMILY:
      return 40;
    case CQ6_MOVE:
      return sum + ((f->which & CQ6_MOVE_LEGAL) ? 60 : 5);
    case CQ6_ORBIT:
      return sum + 1;
    default:
      return sum + 4;
    }
}

/* A filter of a compound with its cost and its place as written: sorted
 * by cost, then place, so that equal costs keep the order written. */
typedef struct {
  guint64    cost;
  guint      place;
  Cq6Filter *filter;
} CostedFilter;

static int
compare_costed (const void *a, const void *b)
{
  const CostedFilter *x = a, *y = b;

  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  return (x->place > y->place) - (x->place < y->place);
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

/* Orders the compounds in @f's tree (see above), each filter's cost and
 * statefulness worked out once, bottom up: linear in the tree's size
 * plus a sort of each compound (a query of 1 MiB reads in a fraction of
 * a second).  Returns @f's cost; *@stateful tells whether @f holds a
 * filter that changes the evaluation state.  Recursion is as deep as the
 * tree (CQ6_MAX_HEIGHT). */
static guint64
order_by_cost (Cq6Filter *f, gboolean *stateful)
{
  guint64 sum = 0;
  gboolean any_stateful = FALSE;
  CostedFilter *items = NULL;
  guint n;

  *stateful = FALSE;
  if (f == NULL)
    return 0;
  if (f->kind == CQ6_COMPOUND && f->n_args >= 2)
    items = g_new (CostedFilter, f->n_args);
  for (guint i = 0; i < f->n_args; i++)
    {
      gboolean arg_stateful;
      guint64 c = order_by_cost (f->args[i], &arg_stateful);

      sum = c > G_MAXUINT64 - sum ? G_MAXUINT64 : sum + c;
      any_stateful |= arg_stateful;
      if (items != NULL)
        items[i] = (CostedFilter) { c, i, f->args[i] };
    }
  *stateful = any_stateful || f->kind >= CQ6_FIRST_STATEFUL;
  /* Filters that set variables, write comments or look at other
   * positions run in the order written. */
  if (items != NULL && !*stateful)
    {
      n = f->type == CQ6_TYPE_LOGICAL ? f->n_args : f->n_args - 1;
      qsort (items, n, sizeof *items, compare_costed);
      for (guint i = 0; i < n; i++)
        f->args[i] = items[i].filter;
    }
  g_free (items);
  return node_cost (f, sum);
}

/* Whether @f reads only the game's tags or its number, nothing of the
 * position, and writes nothing: its value is the same at every position
 * of the game (in variations too), so it can be evaluated once, on the
 * tags.  Its one possible error, a tag's string too long, lets the game
 * through (eval_game_filters()).  *@reads_tags is set when a tag is read
 * (`1 == 1` is left alone). */
static gboolean
is_tag_only (const Cq6Filter *f, gboolean *reads_tags)
{
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_TAG: case CQ6_PLAYER: case CQ6_RESULT: case CQ6_ELO: case CQ6_YEAR:
    case CQ6_GAMENUMBER: case CQ6_HHDB:
      *reads_tags = TRUE;
      break;
    case CQ6_NUMBER: case CQ6_STRING:
    case CQ6_COMPOUND: case CQ6_AND: case CQ6_OR: case CQ6_NOT: case CQ6_COMPARE:
      break;
    default:
      return FALSE;
    }
  for (guint i = 0; i < f->n_args; i++)
    if (f->args[i] == NULL || !is_tag_only (f->args[i], reads_tags))
      return FALSE;
  return TRUE;
}

/* Whether @f is a filter of the position alone that writes nothing and
 * cannot fail with an error, so that evaluating it before a tag filter
 * changes nothing but the cost. */
static gboolean
is_quiet_position_filter (const Cq6Filter *f)
{
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_WTM: case CQ6_BTM: case CQ6_DESIGNATOR: case CQ6_CHECK: case CQ6_MATE:
    case CQ6_STALEMATE:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Adds to @into copies of the filters of @f (a compound or an `and`, in
 * the order they are evaluated) that are is_tag_only(), up to the first that
 * is neither that nor is_quiet_position_filter(); a compound or `and`
 * there is looked into the same way.  Returns FALSE where it stopped. */
static gboolean
collect_tag_conjuncts (const Cq6Filter *f, Cq6Filter *into)
{
  for (guint i = 0; i < f->n_args; i++)
    {
      const Cq6Filter *arg = f->args[i];
      gboolean reads_tags = FALSE;

      if (is_tag_only (arg, &reads_tags))
        {
          if (reads_tags)
            _cq6_filter_add_arg (into, _cq6_filter_copy (arg));
        }
      else if (is_quiet_position_filter (arg))
        continue;
      else if (arg->kind == CQ6_COMPOUND || arg->kind == CQ6_AND)
        {
          if (!collect_tag_conjuncts (arg, into))
            return FALSE;
        }
      else
        return FALSE;
    }
  return TRUE;
}

/* The tag filters of the body that every matching position needs
 * (collect_tag_conjuncts() on the body as ordered), as a compound for
 * _cq6_accepts_tags(), or NULL if none: a game where one fails matches at
 * no position, whatever the rest of the body does, since nothing of the
 * body before them writes anything or stops the search.  The body keeps
 * them: this is only a test that may skip a game before its moves. */
static Cq6Filter *
body_tag_filters (const Cq6Filter *body)
{
  Cq6Filter *into = _cq6_filter_new (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, body->line, body->column);

  collect_tag_conjuncts (body, into);
  if (into->n_args == 0)
    g_clear_pointer (&into, _cq6_filter_free);
  return into;
}

void
_cq6_program_free (Cq6Program *program)
{
  if (program == NULL)
    return;
  _cq6_filter_free (program->body);
  _cq6_filter_free (program->game_filters);
  _cq6_filter_free (program->body_tag_filters);
  _cq6_program_free_vars (program);
  _cq6_program_free_output (program);
  _cq6_files_free (program->files);
  g_clear_pointer (&program->similar, g_ptr_array_unref);
  g_clear_pointer (&program->late_atomic, g_hash_table_destroy);
  g_free (program->input);
  g_free (program->output);
  g_free (program->matchstring);
  g_free (program->filename);
  g_free (program);
}

Cq6Program *
_cq6_program_read (const char *text, gsize len, const char *filename, Cq6Files *files,
                   GError **error)
{
  Cq6Parser p = { NULL, 0, filename, error, NULL };
  Cq6Program *prog;
  Cq6Token *first;
  g_autoptr(GPtrArray) items = NULL;

  p.tokens = _cq6_tokenize (text, len, filename, error);
  if (p.tokens == NULL)
    {
      _cq6_files_free (files);
      return NULL;
    }
  prog = g_new0 (Cq6Program, 1);
  prog->files = files;
  prog->filename = g_strdup (filename);
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
  items = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq6_filter_free);
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
      g_ptr_array_add (items, f);
    }
  _cq6_filter_add_args (prog->body, items);
  /* Every subtree was bounded as it was read (the body adds one level);
   * this makes sure of it before the walks below recurse. */
  if (!_cq6_tree_height_ok (&p, prog->body, CQ6_MAX_HEIGHT + 1)
      || !_cq6_tree_height_ok (&p, prog->game_filters, CQ6_MAX_HEIGHT + 1))
    goto fail;
  if (prog->body->n_args == 0)
    {
      _cq6_fail_at (&p, _cq6_peek (&p), CQ_QUERY_ERROR_SYNTAX,
               "the query has no filter after its header: write at least one, e.g. `mate`");
      goto fail;
    }
  if (!_cq6_check_dict_uses (prog, filename, error))
    goto fail;
  _cq6_resolve_bound_names (prog, prog->body);
  _cq6_check_atomic (prog);
  _cq6_order_orbit_assignments (prog->body);
  _cq6_tokens_free (p.tokens);
  p.tokens = NULL;
  if (!refuse_matched_value (prog, filename, error))
    goto fail;
  if (prog->matchcount_sort != 0)
    prog->matchcount_sort = _cq6_add_sort_key (prog, "matchcount", FALSE) + 1;
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
  _cq6_hhdb_mark_uses (prog->body);
  prog->uses_files = _cq6_tree_has_kind (prog->body, CQ6_READFILE, CQ6_WRITEFILE);
  prog->stateful = is_stateful (prog->body);
  {
    gboolean body_stateful;

    order_by_cost (prog->body, &body_stateful);
  }
  /* Not with `matchcount 0 N`: there a game whose tags fail the body's
   * filters still matches, with no position marked. */
  if (prog->matchcount_min > 0)
    prog->body_tag_filters = body_tag_filters (prog->body);
  g_clear_pointer (&p.names, g_hash_table_unref);
  return prog;

fail:
  g_clear_pointer (&p.names, g_hash_table_unref);
  if (error != NULL && *error == NULL)
    _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, 1, 1, "cannot read the query");
  _cq6_tokens_free (p.tokens);
  _cq6_program_free (prog);
  return NULL;
}

const char *
_cq6_program_filename (const Cq6Program *prog)
{
  return prog->filename != NULL ? prog->filename : "<query>";
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

gboolean
_cq6_program_persistent_additive (const Cq6Program *prog)
{
  for (guint i = 0; prog->vars != NULL && i < prog->vars->len; i++)
    {
      const Cq6Var *var = prog->vars->pdata[i];

      /* The first assignment creates it without a lookup, so a variable
       * only ever added to is named once more than it is looked up. */
      if (var->persistent
          && (var->dict != NULL || var->type != CQ6_TYPE_NUMBER || var->reset
              || var->uses + 1 != var->additions))
        return FALSE;
    }
  return TRUE;
}

Cq6Files *
_cq6_program_files (const Cq6Program *prog)
{
  return prog->files;
}

gboolean
_cq6_program_uses_files (const Cq6Program *prog)
{
  return prog->uses_files;
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
