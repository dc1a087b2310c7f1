/* cq6-loops.c: CQL 6 loops and functions: the square and piece loops
 * (`square`, `piece`, `∀`, `∊`), `while`, `loop`, and function definitions
 * and calls.
 *
 * A loop binds its variable (a variable of cq6-vars.c) to each square or
 * piece of its set in turn while its body is evaluated; `while` and
 * `loop` run their body again at the same position, at most
 * CQ6_MAX_WHILE_ROUNDS times.  A function call is read as the function's
 * body read again with its parameters renamed (CQL 6 reference,
 * "function"): an argument that is a variable is passed as that variable,
 * any other argument is assigned first to a variable of its own.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* A function: where its body's tokens lie, and its parameters. */
typedef struct {
  char     *name;
  char    **params;      /* NULL-terminated */
  guint     body_start;  /* index of the body's '{' in the tokens */
  guint     body_end;    /* index after its '}' */
  gboolean  reading;     /* being read: a call now would be recursion */
} Cq6Function;

static void
function_free (gpointer data)
{
  Cq6Function *fn = data;

  g_free (fn->name);
  g_strfreev (fn->params);
  g_free (fn);
}

/* Functions are named apart from variables: the same table, with a
 * prefix no variable's name has. */
static Cq6Function *
find_function (Cq6Parser *p, const char *name)
{
  g_autofree char *key = g_strconcat ("()", name, NULL);

  return p->names != NULL ? g_hash_table_lookup (p->names, key) : NULL;
}

static Cq6Var *
var_at (Cq6Parser *p, int index)
{
  return p->prog->vars->pdata[index];
}

/* The square and piece loops in their three spellings (CQL 6 reference
 * "square", "piece"; docs/cql6-rulings.md, section 16):
 *   square [all] x in S body       piece [all] X in S body
 *   [[forall]] x [element] S body  [[forall]] [piece] X [element] S body
 * where `∊` is `[element]`, `∀` `[forall]` and `◭` before a name the
 * lexer's `[piece]`.  @t is the loop's first word (`square`, `piece`,
 * `[piece]`, `[forall]`) or, for `x [element] S`, the name itself. */
static Cq6Filter *
parse_loop (Cq6Parser *p, Cq6Token *t)
{
  gboolean symbolic = strcmp (t->text, "square") != 0 && strcmp (t->text, "piece") != 0;
  gboolean piece, all = FALSE;
  const char *in_word = symbolic ? "[element]" : "in";
  const char *shown = t->text, *gap = " ";
  Cq6Token *name;
  Cq6Filter *f, *set, *body;
  int index;

  if (strcmp (t->text, "[forall]") == 0)
    {
      all = TRUE;
      if (_cq6_is_word (_cq6_peek (p), "[piece]"))
        _cq6_advance (p), piece = TRUE;
      else
        piece = FALSE;
      name = _cq6_peek (p);
      _cq6_advance (p);
    }
  else if (symbolic && strcmp (t->text, "[piece]") != 0)
    piece = FALSE, name = t;
  else
    {
      piece = t->text[0] == 'p' || strcmp (t->text, "[piece]") == 0;
      if (!symbolic && _cq6_is_word (_cq6_peek (p), "all"))
        all = TRUE, _cq6_advance (p);
      name = _cq6_peek (p);
      _cq6_advance (p);
    }
  /* Messages name the loop as written: `◭`, `∀`, not their ASCII forms
   * (written against the name that follows). */
  if (strcmp (t->text, "[piece]") == 0)
    shown = "◭", gap = "";
  else if (strcmp (t->text, "[forall]") == 0)
    shown = "∀", gap = "";
  if (name->kind != CQ6_TOK_WORD || _cq6_is_reserved (name->text) || name->text[0] == '[')
    {
      g_autofree char *found = _cq6_token_text (name);
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                    "expected a variable's name after `%s%s`, found %s", shown,
                    all && !symbolic ? " all" : "", found);
      return NULL;
    }
  if (piece && !all && _cq6_assign_op (_cq6_peek (p)) != NULL)
    return _cq6_parse_piece_assignment (p, t, name, shown, gap);
  if (!_cq6_is_word (_cq6_peek (p), in_word))
    {
      g_autofree char *found = _cq6_token_text (_cq6_peek (p));
      _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                    "expected `%s` after `%s%s%s`, found %s", symbolic ? "∊" : "in",
                    shown, gap, name->text, found);
      return NULL;
    }
  _cq6_advance (p);
  set = _cq6_want_type (p, _cq6_peek (p), _cq6_parse_union (p), CQ6_TYPE_SET,
                        symbolic ? "∊" : t->text);
  if (set == NULL)
    return NULL;
  index = _cq6_find_var (p, name->text);
  if (index >= 0 && (var_at (p, index)->piece != piece
                     || var_at (p, index)->type != CQ6_TYPE_SET))
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                    "the variable `%s` already holds another kind of value", name->text);
      _cq6_filter_free (set);
      return NULL;
    }
  if (index < 0)
    index = (int) _cq6_add_var (p, name->text, CQ6_TYPE_SET, piece);
  if (piece)
    p->prog->needs_ids = TRUE;
  body = _cq6_parse_filter (p);
  if (body == NULL)
    {
      _cq6_filter_free (set);
      return NULL;
    }
  /* `square x in S` is a set filter (the squares whose body matched);
   * `square all` only matches or not. */
  f = _cq6_node2 (piece ? CQ6_PIECE_LOOP : CQ6_SQUARE_LOOP,
                  all ? CQ6_TYPE_LOGICAL : CQ6_TYPE_SET, t, set, body);
  f->which = (guint32) index;
  f->number = all;
  return f;
}

/* `function name(a b ...) {body}`: kept as tokens, read at each call. */
static Cq6Filter *
parse_function (Cq6Parser *p, Cq6Token *t)
{
  Cq6Token *name = _cq6_peek (p);
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func (g_free);
  Cq6Function *fn;
  guint depth = 0;

  if (name->kind != CQ6_TOK_WORD || _cq6_is_reserved (name->text))
    {
      g_autofree char *found = _cq6_token_text (name);
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                    "expected the function's name after `function`, found %s", found);
      return NULL;
    }
  if (find_function (p, name->text) != NULL || _cq6_find_var (p, name->text) >= 0)
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC, "`%s` is already defined",
                    name->text);
      return NULL;
    }
  _cq6_advance (p);
  if (!_cq6_expect_punct (p, "(", "before the function's parameters"))
    return NULL;
  while (!_cq6_is_punct (_cq6_peek (p), ")"))
    {
      Cq6Token *param = _cq6_peek (p);

      if (_cq6_is_punct (param, ","))
        {
          _cq6_advance (p);
          continue;
        }
      if (param->kind != CQ6_TOK_WORD || _cq6_is_reserved (param->text))
        {
          g_autofree char *found = _cq6_token_text (param);
          _cq6_fail_at (p, param, CQ_QUERY_ERROR_SYNTAX,
                        "expected a parameter's name or ')', found %s", found);
          return NULL;
        }
      for (guint i = 0; i < params->len; i++)
        if (strcmp (params->pdata[i], param->text) == 0)
          {
            _cq6_fail_at (p, param, CQ_QUERY_ERROR_SEMANTIC,
                          "the parameter `%s` is named twice", param->text);
            return NULL;
          }
      g_ptr_array_add (params, g_strdup (param->text));
      _cq6_advance (p);
    }
  _cq6_advance (p);
  if (!_cq6_is_punct (_cq6_peek (p), "{"))
    {
      g_autofree char *found = _cq6_token_text (_cq6_peek (p));
      _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                    "expected the function's body in braces, found %s", found);
      return NULL;
    }
  fn = g_new0 (Cq6Function, 1);
  fn->name = g_strdup (name->text);
  g_ptr_array_add (params, NULL);
  fn->params = (char **) g_ptr_array_steal (params, NULL);
  fn->body_start = p->pos;
  /* The body is read at each call; here only its end is found. */
  do
    {
      Cq6Token *b = _cq6_advance (p);

      if (b->kind == CQ6_TOK_END)
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "the body of `%s` is never closed",
                        fn->name);
          function_free (fn);
          return NULL;
        }
      if (_cq6_is_punct (b, "{"))
        depth++;
      else if (_cq6_is_punct (b, "}"))
        depth--;
    }
  while (depth > 0);
  fn->body_end = p->pos;
  if (p->prog->functions == NULL)
    p->prog->functions = g_ptr_array_new_with_free_func (function_free);
  g_ptr_array_add (p->prog->functions, fn);
  if (p->names == NULL)
    p->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  {
    char *key = g_strconcat ("()", fn->name, NULL);

    if (!g_hash_table_contains (p->names, key))
      g_hash_table_insert (p->names, key, fn);
    else
      g_free (key);
  }
  /* A definition matches: it only names the function. */
  return _cq6_node (CQ6_TRUE, CQ6_TYPE_LOGICAL, t);
}

/* `name(arguments)`: the body read with the parameters renamed. */
static Cq6Filter *
parse_call (Cq6Parser *p, Cq6Token *t, Cq6Function *fn)
{
  Cq6Filter *f = _cq6_node (CQ6_CALL, CQ6_TYPE_LOGICAL, t), *body;
  guint n_params = g_strv_length (fn->params), n = 0, saved_pos;
  GHashTable *saved_params = p->params;
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

  /* A function called while its body is being read calls itself,
   * directly or through others.  Chains of distinct functions are bounded
   * by the reader's nesting (CQ6_MAX_NESTING). */
  if (fn->reading)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` calls itself: CQL functions cannot be recursive", fn->name);
      _cq6_filter_free (f);
      return NULL;
    }
  _cq6_advance (p); /* ( */
  while (!_cq6_is_punct (_cq6_peek (p), ")"))
    {
      Cq6Token *at = _cq6_peek (p);
      Cq6Filter *arg;

      if (_cq6_is_punct (at, ","))
        {
          _cq6_advance (p);
          continue;
        }
      if (at->kind == CQ6_TOK_END)
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "the call of `%s` is never closed",
                        fn->name);
          _cq6_filter_free (f);
          return NULL;
        }
      arg = _cq6_parse_filter (p);
      if (arg == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      if (n >= n_params)
        {
          _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC, "`%s` takes %u argument%s",
                        fn->name, n_params, n_params == 1 ? "" : "s");
          _cq6_filter_free (arg);
          _cq6_filter_free (f);
          return NULL;
        }
      if (arg->kind == CQ6_VARIABLE)
        {
          /* A variable is passed as itself. */
          g_hash_table_insert (params, fn->params[n], GINT_TO_POINTER ((int) arg->which));
          _cq6_filter_free (arg);
        }
      else
        {
          g_autofree char *hidden = g_strdup_printf ("%s(%s#%u)", fn->name, fn->params[n],
                                                     p->prog->vars ? p->prog->vars->len : 0);
          guint index;
          Cq6Filter *assign;

          if (arg->type == CQ6_TYPE_LOGICAL)
            {
              _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC,
                            "an argument of `%s` must have a value (a set, a number, a "
                            "string or a position)", fn->name);
              _cq6_filter_free (arg);
              _cq6_filter_free (f);
              return NULL;
            }
          index = _cq6_add_var (p, hidden, arg->type, FALSE);
          assign = _cq6_node1 (CQ6_ASSIGN, CQ6_TYPE_LOGICAL, at, arg);
          assign->which = index;
          assign->number = '=';
          _cq6_filter_add_arg (f, assign);
          g_hash_table_insert (params, fn->params[n], GINT_TO_POINTER ((int) index));
        }
      n++;
    }
  _cq6_advance (p); /* ) */
  if (n != n_params)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC, "`%s` takes %u argument%s, not %u",
                    fn->name, n_params, n_params == 1 ? "" : "s", n);
      _cq6_filter_free (f);
      return NULL;
    }
  /* Read the body again, here, with the parameters renamed: counted
   * before it is read, so that calls multiplying calls (a body calling
   * the previous function 8 times, 7 deep) are refused before they take
   * memory. */
  if (fn->body_end - fn->body_start > CQ6_MAX_EXPANDED_TOKENS - p->expanded)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "expanding the function `%s` here would make the query more than %d "
                    "tokens long (each call reads its function's body again)", fn->name,
                    CQ6_MAX_EXPANDED_TOKENS);
      _cq6_filter_free (f);
      return NULL;
    }
  p->expanded += fn->body_end - fn->body_start;
  saved_pos = p->pos;
  p->pos = fn->body_start + 1;
  p->params = params;
  p->call_depth++;
  p->fence_valid = FALSE;   /* the scans before were of other tokens */
  fn->reading = TRUE;
  body = _cq6_parse_sequence (p, &g_array_index (p->tokens, Cq6Token, fn->body_start), "}");
  fn->reading = FALSE;
  p->fence_valid = FALSE;
  p->call_depth--;
  p->params = saved_params;
  p->pos = saved_pos;
  if (body == NULL)
    {
      _cq6_filter_free (f);
      return NULL;
    }
  _cq6_filter_add_arg (f, body);
  f->type = body->type;
  return f;
}

/* Whether the while condition between the tokens @open, `(`, and @close,
 * `)`, holds another pair of parentheses around all of it: `while ((S ~~
 * "re"))`. */
static gboolean
own_parentheses (Cq6Parser *p, guint open, guint close)
{
  guint depth = 0;

  if (!_cq6_is_punct (&g_array_index (p->tokens, Cq6Token, open + 1), "("))
    return FALSE;
  for (guint i = open + 1; i < close; i++)
    {
      Cq6Token *tok = &g_array_index (p->tokens, Cq6Token, i);

      if (_cq6_is_punct (tok, "("))
        depth++;
      else if (_cq6_is_punct (tok, ")") && --depth == 0)
        return i == close - 1;
    }
  return FALSE;
}

gboolean
_cq6_parse_loops_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  const char *w = t->text;
  Cq6Function *fn;

  *out = NULL;
  if (strcmp (w, "square") == 0 || strcmp (w, "piece") == 0 || strcmp (w, "[piece]") == 0
      || strcmp (w, "[forall]") == 0
      || (!_cq6_is_reserved (w) && g_ascii_isalpha (w[0])
          && _cq6_is_word (_cq6_peek (p), "[element]")))
    {
      *out = parse_loop (p, t);
      return TRUE;
    }
  if (strcmp (w, "function") == 0)
    {
      *out = parse_function (p, t);
      return TRUE;
    }
  if (strcmp (w, "while") == 0)
    {
      Cq6Filter *cond, *body;

      if (!_cq6_is_punct (_cq6_peek (p), "("))
        {
          _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                        "expected '(' and the condition after `while`");
          return TRUE;
        }
      guint open = p->pos, close;

      cond = _cq6_parse_primary (p);
      if (cond == NULL)
        return TRUE;
      close = p->pos - 1;
      body = _cq6_parse_filter (p);
      if (body == NULL)
        {
          _cq6_filter_free (cond);
          return TRUE;
        }
      *out = _cq6_node2 (CQ6_WHILE, CQ6_TYPE_LOGICAL, t, cond, body);
      /* `while (S ~~ "re") body` runs the body at each match of the
       * pattern in S, as CQL 6.2 does; not when the `~~` has parentheses
       * of its own, `while ((S ~~ "re")) body`. */
      if (cond->kind == CQ6_REGEX && !own_parentheses (p, open, close))
        (*out)->which = 1;
      return TRUE;
    }
  if (strcmp (w, "loop") == 0)
    {
      /* `loop F`: F again and again until it fails (CQ6_WHILE without a
       * condition, which 2). */
      Cq6Filter *body = _cq6_parse_filter (p);

      if (body != NULL)
        {
          *out = _cq6_node1 (CQ6_WHILE, CQ6_TYPE_LOGICAL, t, body);
          (*out)->which = 2;
        }
      return TRUE;
    }
  if ((fn = find_function (p, w)) != NULL && _cq6_is_punct (_cq6_peek (p), "("))
    {
      *out = parse_call (p, t, fn);
      return TRUE;
    }
  return FALSE;
}

/* Evaluation */

/* The square and piece loops (CQL 6 reference "square", "piece"): the
 * body at each square of the set (each piece on it), the variable bound
 * to it; the value is the squares whose body matched, `all` matching when
 * every one did (and on an empty set).  The body sees the variable bound
 * to the square or piece; after the loop it is as it was before. */
static gboolean
loop (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Slot *slot = &c->st->slots[f->which], saved = *slot;
  gboolean piece = f->kind == CQ6_PIECE_LOOP;
  Cq6Val a = { 0 }, b;
  CqBitboard hits = 0;
  const guint8 *ids = NULL;

  _cq6_eval (f->args[0], c, &a);
  if (piece)
    {
      a.set &= c->pos->by_color[CQ_WHITE] | c->pos->by_color[CQ_BLACK];
      ids = _cq6_piece_ids (c, c->node);
    }
  for (CqBitboard s = a.set; s != 0; s &= s - 1)
    {
      int sq = __builtin_ctzll (s);

      if (_cq6_halted (c))
        {
          *slot = saved;
          return FALSE;
        }
      slot->bound = TRUE;
      memset (&slot->val, 0, sizeof slot->val);
      if (piece)
        slot->val.num = ids[sq];
      else
        slot->val.set = CQ_BIT (sq);
      b.set = 0;
      if (_cq6_eval (f->args[1], c, &b))
        hits |= CQ_BIT (sq);
      else if (f->number)
        {
          *slot = saved;
          return FALSE;
        }
    }
  /* The variable is bound only inside the body (CQL 6.2 refuses to read
   * it after the loop; here it reads as it did before). */
  *slot = saved;
  v->set = hits;
  return f->number ? TRUE : hits != 0;
}

gboolean
_cq6_runaway_loop (const Cq6Filter *f, Cq6Ctx *c, const char *what)
{
  if (c->st->error == NULL && !_cq6_stopped (c))
    c->st->error = g_strdup_printf ("%s:%u:%u: %s ran %d rounds at game %" G_GUINT64_FORMAT
                                    ", position %u (positionid) without ending, more than "
                                    "one position may take: the search stops (a loop that "
                                    "never ends?)", _cq6_program_filename (c->program),
                                    f->line, f->column, what, CQ6_MAX_WHILE_ROUNDS,
                                    c->game->source.number, c->node->index);
  return FALSE;
}

/* `while (C) body`, `while (S ~~ "re") body` and `loop body` (CQ6_WHILE). */
static gboolean
eval_while (const Cq6Filter *f, Cq6Ctx *c)
{
  Cq6Val a = { 0 };

  if (f->which == 1)
    return _cq6_eval_regex_loop (f, c);
  if (f->which == 2)
    {
      /* `loop`: the body until it fails; matches if it matched at
       * least once (CQL 6.2).  A runaway loop stops the search. */
      guint64 round = 0;

      for (; _cq6_eval (f->args[0], c, &a); round++)
        {
          if (_cq6_halted (c))
            return FALSE;
          if (round == CQ6_MAX_WHILE_ROUNDS)
            return _cq6_runaway_loop (f, c, "`loop`");
        }
      return round > 0;
    }
  /* The body while the condition matches; while matches when the
   * condition stops matching (CQL 6.2 always matches). */
  for (guint64 round = 0; _cq6_eval (f->args[0], c, &a); round++)
    {
      if (_cq6_halted (c))
        return FALSE;
      if (round == CQ6_MAX_WHILE_ROUNDS)
        return _cq6_runaway_loop (f, c, "`while`");
      a.set = 0;
      _cq6_eval (f->args[1], c, &a);
    }
  return TRUE;
}

gboolean
_cq6_eval_loops (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a = { 0 };

  switch ((Cq6Kind) f->kind)
    {
    case CQ6_SQUARE_LOOP:
    case CQ6_PIECE_LOOP:
      return loop (f, c, v);
    case CQ6_CALL:
      /* The arguments' assignments, then the body, whose value it has. */
      for (guint i = 0; i + 1 < f->n_args; i++)
        if (!_cq6_eval (f->args[i], c, &a))
          return FALSE;
      return _cq6_eval (f->args[f->n_args - 1], c, v);
    case CQ6_WHILE:
      return eval_while (f, c);
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}
