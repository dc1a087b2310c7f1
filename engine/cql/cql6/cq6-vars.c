/* cq6-vars.c: CQL 6 variables: assignment (piece assignment too),
 * `persistent`, `pieceid`, `unbind`, the regular expression groups `\N`
 * and reading a variable.
 *
 * A variable is named by its first assignment, which fixes its type (a
 * set, a number, a string or a position; docs/cql6.md "Variables"); the
 * reader turns every later use of the name into a CQ6_VARIABLE node with
 * the variable's index, so that evaluation reads a slot of the game's
 * evaluation state (#Cq6State) and never looks a name up.  A piece
 * variable holds a piece id (the ids of cq_game_piece_ids(), which
 * promotion keeps) and reads as the square of that piece wherever it is
 * evaluated.  The loops that bind a variable, `while`, `loop` and the
 * functions are in cq6-loops.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cq-pieceid.h"

#include <stdlib.h>
#include <string.h>


static void
var_free (gpointer data)
{
  Cq6Var *var = data;

  _cq6_dict_free (var->dict);
  g_free (var->name);
  g_free (var);
}

void
_cq6_program_free_vars (Cq6Program *prog)
{
  if (prog->persistent != NULL && prog->vars != NULL)
    for (guint i = 0; i < prog->vars->len; i++)
      if (((Cq6Var *) prog->vars->pdata[i])->type == CQ6_TYPE_STRING)
        g_free ((char *) prog->persistent[i].val.str);
  g_clear_pointer (&prog->persistent, g_free);
  g_clear_pointer (&prog->vars, g_ptr_array_unref);
  g_clear_pointer (&prog->functions, g_ptr_array_unref);
}

static Cq6Var *var_at (Cq6Parser *p, int index);

/* The index of the variable @name in scope, or -1: a parameter of the
 * function being read names the variable passed for it. */
int
_cq6_find_var (Cq6Parser *p, const char *name)
{
  int index = -1;

  if (p->params != NULL)
    {
      gpointer slot;

      if (g_hash_table_lookup_extended (p->params, name, NULL, &slot))
        index = GPOINTER_TO_INT (slot);
    }
  if (index < 0)
    index = _cq6_var_index (p, name);
  /* Every naming counts, lookups that only probe included: the count
   * errs on the side of "not a plain sum". */
  if (index >= 0)
    var_at (p, index)->uses++;
  return index;
}

int
_cq6_var_index (Cq6Parser *p, const char *name)
{
  gpointer index;

  if (p->names == NULL
      || !g_hash_table_lookup_extended (p->names, name, NULL, &index))
    return -1;
  return GPOINTER_TO_INT (index);
}

guint
_cq6_add_var (Cq6Parser *p, const char *name, Cq6Type type, gboolean piece)
{
  Cq6Var *var = g_new0 (Cq6Var, 1);

  if (p->prog->vars == NULL)
    p->prog->vars = g_ptr_array_new_with_free_func (var_free);
  var->name = g_strdup (name);
  var->type = type;
  var->piece = piece;
  g_ptr_array_add (p->prog->vars, var);
  /* By name, for the reader (the first of a name, as a search from the
   * start found it). */
  if (p->names == NULL)
    p->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!g_hash_table_contains (p->names, name))
    g_hash_table_insert (p->names, g_strdup (name),
                         GINT_TO_POINTER ((int) p->prog->vars->len - 1));
  return p->prog->vars->len - 1;
}

static Cq6Var *
var_at (Cq6Parser *p, int index)
{
  return p->prog->vars->pdata[index];
}

/* Names that may not be variables (nor dictionaries): the words of the
 * language. */
gboolean
_cq6_is_reserved (const char *name)
{
  const char *const *words = _cq6_keywords ();

  for (guint i = 0; words[i] != NULL; i += 2)
    if (strcmp (words[i], name) == 0)
      return TRUE;
  return FALSE;
}

const char *
_cq6_assign_op (const Cq6Token *t)
{
  static const char *const ops[] = { "=", "+=", "-=", "*=", "/=", "%=", "|=", "&=" };

  if (t->kind != CQ6_TOK_PUNCT)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (strcmp (t->text, ops[i]) == 0)
      return ops[i];
  return NULL;
}

Cq6Filter *
_cq6_parse_assignment (Cq6Parser *p, Cq6Token *name, gboolean persistent)
{
  Cq6Token *op_token = _cq6_advance (p);
  const char *op = op_token->text;
  Cq6Filter *value, *f;
  int index = _cq6_find_var (p, name->text);

  if (_cq6_is_reserved (name->text))
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` is a word of CQL and cannot name a variable", name->text);
      return NULL;
    }
  value = _cq6_parse_filter (p);
  if (value == NULL)
    return NULL;
  if (value->type == CQ6_TYPE_LOGICAL)
    {
      _cq6_fail_at (p, op_token, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s %s` needs a value (a set, a number, a string or a position), "
                    "but this filter only matches or not", name->text, op);
      _cq6_filter_free (value);
      return NULL;
    }
  if (index < 0)
    {
      /* A persistent number may start with `+=`: it starts at 0. */
      if (op[0] != '=' && !(persistent && value->type == CQ6_TYPE_NUMBER))
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "`%s %s`: the variable `%s` has no value yet", name->text, op,
                        name->text);
          _cq6_filter_free (value);
          return NULL;
        }
      /* CQL 6.2: "Only string, set, and numeric variables can be
       * persistent" (a position belongs to its game). */
      if (persistent && value->type == CQ6_TYPE_POSITION)
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "`%s`: only numbers, strings and sets can be persistent", name->text);
          _cq6_filter_free (value);
          return NULL;
        }
      index = (int) _cq6_add_var (p, name->text, value->type, FALSE);
      var_at (p, index)->persistent = persistent;
    }
  else
    {
      Cq6Var *var = var_at (p, index);

      if (var->piece || var->type != value->type)
        {
          static const char *const kinds[] = { "", "a set", "a number", "a string",
                                               "a position" };
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "the variable `%s` holds %s and cannot be given %s", name->text,
                        var->piece ? "a piece" : kinds[var->type], kinds[value->type]);
          _cq6_filter_free (value);
          return NULL;
        }
      if (persistent && !var->persistent)
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "`%s` was first assigned without `persistent`", name->text);
          _cq6_filter_free (value);
          return NULL;
        }
    }
  if (op[0] != '=')
    {
      Cq6Type type = var_at (p, index)->type;
      gboolean ok = type == CQ6_TYPE_NUMBER ? strchr ("+-*/%", op[0]) != NULL
                    : type == CQ6_TYPE_SET ? strchr ("|&", op[0]) != NULL
                    : type == CQ6_TYPE_STRING ? op[0] == '+' : FALSE;
      if (!ok)
        {
          _cq6_fail_at (p, op_token, CQ_QUERY_ERROR_SEMANTIC,
                        "`%s` does not apply to the variable `%s`", op, name->text);
          _cq6_filter_free (value);
          return NULL;
        }
    }
  {
    Cq6Var *var = var_at (p, index);

    if ((op[0] == '+' || op[0] == '-') && var->type == CQ6_TYPE_NUMBER)
      var->additions++;
    else
      var->reset = TRUE;
  }
  f = _cq6_node1 (CQ6_ASSIGN, CQ6_TYPE_LOGICAL, name, value);
  f->which = (guint32) index;
  f->number = op[0];
  return f;
}

int
_cq6_declare_var (Cq6Parser *p, const Cq6Token *name, Cq6Type type)
{
  static const char *const kinds[] = { "", "a set", "a number", "a string", "a position" };
  int index;

  if (name->kind != CQ6_TOK_WORD || _cq6_is_reserved (name->text))
    {
      g_autofree char *found = _cq6_token_text (name);
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX, "expected a variable's name, found %s",
                    found);
      return -1;
    }
  index = _cq6_find_var (p, name->text);
  if (index < 0)
    return (int) _cq6_add_var (p, name->text, type, FALSE);
  if (var_at (p, index)->piece || var_at (p, index)->type != type)
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC, "the variable `%s` cannot hold %s",
                    name->text, kinds[type]);
      return -1;
    }
  return index;
}

/* A piece assignment, `piece X = S` or `◭X = S` (the name @name already
 * read; @shown and @gap spell the first word for messages): X is a piece
 * variable and, where S is one square with a piece on it, holds that
 * piece from then on, following it as it moves (CQL 6.2: where S is not
 * one occupied square the assignment does not match and X keeps its
 * value). */
Cq6Filter *
_cq6_parse_piece_assignment (Cq6Parser *p, Cq6Token *t, Cq6Token *name, const char *shown,
                             const char *gap)
{
  Cq6Token *op_token = _cq6_advance (p), *at;
  Cq6Filter *value, *f;
  int index;

  if (strcmp (op_token->text, "=") != 0)
    {
      _cq6_fail_at (p, op_token, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` does not apply to the piece variable `%s`: assign it with `%s%s%s = "
                    "...`", op_token->text, name->text, shown, gap, name->text);
      return NULL;
    }
  /* The value is read down to the arithmetic level, as CQL 6.2 does:
   * `◭X = N or true` is `{◭X = N} or true`. */
  at = _cq6_peek (p);
  value = _cq6_want_type (p, at, _cq6_parse_add (p), CQ6_TYPE_SET, "a piece assignment");
  if (value == NULL)
    return NULL;
  index = _cq6_find_var (p, name->text);
  if (index >= 0 && (!var_at (p, index)->piece || var_at (p, index)->type != CQ6_TYPE_SET))
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                    "the variable `%s` is not a piece variable and cannot be given a piece",
                    name->text);
      _cq6_filter_free (value);
      return NULL;
    }
  if (index < 0)
    index = (int) _cq6_add_var (p, name->text, CQ6_TYPE_SET, TRUE);
  p->prog->needs_ids = TRUE;
  f = _cq6_node1 (CQ6_ASSIGN, CQ6_TYPE_LOGICAL, t, value);
  f->which = (guint32) index;
  f->number = '=';
  return f;
}

gboolean
_cq6_parse_vars_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  const char *w = t->text;
  int index;

  *out = NULL;
  if (_cq6_parse_dict_word (p, t, out))
    return TRUE;
  if (_cq6_assign_op (_cq6_peek (p)) != NULL && !_cq6_is_reserved (w))
    {
      *out = _cq6_parse_assignment (p, t, FALSE);
      return TRUE;
    }
  if (strcmp (w, "persistent") == 0)
    {
      Cq6Token *name = _cq6_peek (p);
      gboolean quiet = FALSE;

      if (_cq6_is_word (name, "quiet"))
        {
          _cq6_advance (p);
          name = _cq6_peek (p);
          quiet = TRUE;
        }
      if (_cq6_is_word (name, "atomic"))
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "`persistent atomic` is not part of CQL 6.2");
          return TRUE;
        }
      if (name->kind != CQ6_TOK_WORD || _cq6_assign_op (_cq6_peek_at (p, 1)) == NULL)
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                        "expected an assignment after `persistent`, e.g. persistent n += 1");
          return TRUE;
        }
      _cq6_advance (p);
      *out = _cq6_parse_assignment (p, name, TRUE);
      /* `persistent quiet`: not printed at the end of the run. */
      if (*out != NULL && quiet)
        var_at (p, (int) (*out)->which)->quiet = TRUE;
      return TRUE;
    }
  if (strcmp (w, "pieceid") == 0)
    {
      Cq6Filter *arg = _cq6_parse_set_arg (p, w);

      p->prog->needs_ids = TRUE;
      *out = arg ? _cq6_node1 (CQ6_PIECEID, CQ6_TYPE_NUMBER, t, arg) : NULL;
      return TRUE;
    }
  if (strcmp (w, "unbind") == 0)
    {
      Cq6Token *name = _cq6_peek (p);

      if (name->kind != CQ6_TOK_WORD || (index = _cq6_find_var (p, name->text)) < 0)
        {
          g_autofree char *found = _cq6_token_text (name);
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "expected a variable after `%s`, found %s", w, found);
          return TRUE;
        }
      _cq6_advance (p);
      *out = _cq6_node (CQ6_UNBIND, CQ6_TYPE_LOGICAL, t);
      (*out)->which = (guint32) index;
      return TRUE;
    }
  if (w[0] == '\\')
    {
      /* `\N` and `\-N` (the lexer gives them as words). */
      gboolean index = w[1] == '-';

      *out = _cq6_node (CQ6_REGEX_GROUP, index ? CQ6_TYPE_NUMBER : CQ6_TYPE_STRING, t);
      (*out)->which = (guint32) atoi (w + 1 + index);
      (*out)->number = index;
      p->prog->regex_groups = TRUE;
      return TRUE;
    }
  /* The loops, `while`, `loop`, function definitions and calls: before
   * the variables, a function's name followed by '(' being a call. */
  if (_cq6_parse_loops_word (p, t, out))
    return TRUE;
  if ((index = _cq6_find_var (p, w)) >= 0)
    {
      Cq6Var *var = var_at (p, index);

      *out = _cq6_node (CQ6_VARIABLE, var->type, t);
      (*out)->which = (guint32) index;
      (*out)->number = (var->piece ? CQ6_VAR_READ_PIECE : 0)
                       | (var->type == CQ6_TYPE_SET ? CQ6_VAR_READ_SET : 0);
      return TRUE;
    }
  return FALSE;
}

/* Evaluation */

static const char *
state_string (Cq6Ctx *c, const Cq6Filter *by, const char *s)
{
  return _cq6_state_string_n (c, by, s, strlen (s));
}

/* The square of the piece with id @id in @c's position, or 0. */
static CqBitboard
piece_square (Cq6Ctx *c, gint64 id)
{
  CqBitboard set;
  int sq;

  if (_cq6_piece_bit_known (c->st, c->node, id, &set))
    return set;
  sq = _cq6_piece_square (c, c->node, (guint) id);
  return sq < 0 ? 0 : CQ_BIT (sq);
}

gboolean
_cq6_eval_assign (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Slot *slot = &c->st->slots[f->which];
  Cq6Val a = { 0 };
  const Cq6Var *var = c->program->vars->pdata[f->which];

  if (!_cq6_eval (f->args[0], c, &a) && var->type != CQ6_TYPE_SET)
    return FALSE;   /* a set always has a value, maybe empty */
  if (var->piece)
    {
      /* A piece assignment: the piece on the set's one square. */
      int sq;

      if (a.set == 0 || (a.set & (a.set - 1)) != 0)
        return FALSE;
      sq = __builtin_ctzll (a.set);
      if (_cq6_piece_ids (c, c->node)[sq] == CQ_PIECE_ID_NONE)
        return FALSE;
      slot->val.num = _cq6_piece_ids (c, c->node)[sq];
      slot->bound = TRUE;
      return TRUE;
    }
  if (f->number != '=' && !slot->bound)
    return FALSE;
  switch ((char) f->number)
    {
    case '=':
      slot->val = a;
      /* A string made at this position is copied into the game's strings;
       * a string constant of the query (`x = "Q"`, a function's argument
       * "Q") is the program's, which outlives the game: kept as it is. */
      if (var->type == CQ6_TYPE_STRING && a.str != NULL && f->args[0]->kind != CQ6_STRING)
        slot->val.str = state_string (c, f, a.str);
      break;
    case '+':
      if (var->type == CQ6_TYPE_STRING)
        {
          g_autofree char *joined = g_strconcat (slot->val.str, a.str, NULL);
          slot->val.str = state_string (c, f, joined);
        }
      else if (!_cq6_arith (f, c, '+', slot->val.num, a.num, &slot->val.num))
        return FALSE;
      break;
    case '-':
    case '*':
    case '/':
    case '%':
      if (!_cq6_arith (f, c, (char) f->number, slot->val.num, a.num, &slot->val.num))
        return FALSE;
      break;
    case '|':
      slot->val.set |= a.set;
      break;
    case '&':
      slot->val.set &= a.set;
      break;
    default:
      g_assert_not_reached ();
    }
  slot->bound = TRUE;
  (void) v;
  return TRUE;
}

gboolean
_cq6_eval_variable (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const Cq6Slot *slot = &c->st->slots[f->which];
  const Cq6Var *var = c->program->vars->pdata[f->which];

  if (!slot->bound)
    return var->type == CQ6_TYPE_SET && !var->piece ? (v->set = 0, FALSE) : FALSE;
  if (var->piece)
    {
      v->set = piece_square (c, slot->val.num);
      return v->set != 0;
    }
  *v = slot->val;
  return var->type != CQ6_TYPE_SET || v->set != 0;
}

gboolean
_cq6_eval_vars (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a = { 0 };

  switch ((Cq6Kind) f->kind)
    {
    case CQ6_VARIABLE:
      return _cq6_eval_variable (f, c, v);
    case CQ6_ASSIGN:
      return _cq6_eval_assign (f, c, v);
    case CQ6_ISBOUND:
      {
        /* A dictionary is always bound (CQL 6.2); a name no variable has,
         * never. */
        gboolean bound = f->which != G_MAXUINT32
                         && (((const Cq6Var *) c->program->vars->pdata[f->which])->dict != NULL
                             || c->st->slots[f->which].bound);

        return bound != (f->number != 0);
      }
    case CQ6_UNBIND:
      c->st->slots[f->which].bound = FALSE;
      return TRUE;
    case CQ6_PIECEID:
      {
        const guint8 *ids;
        int sq;

        _cq6_eval (f->args[0], c, &a);
        if (a.set == 0 || (a.set & (a.set - 1)) != 0)
          return FALSE;
        sq = __builtin_ctzll (a.set);
        ids = _cq6_piece_ids (c, c->node);
        if (ids[sq] == CQ_PIECE_ID_NONE)
          return FALSE;
        v->num = ids[sq];
        return TRUE;
      }
    case CQ6_REGEX_GROUP:
      return _cq6_eval_regex_group (f, c, v);
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}
