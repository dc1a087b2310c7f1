/* cq6-dictionary.c: CQL 6 dictionaries: `dictionary D`, `local dictionary
 * D`, `D[k]`, `D[k] = v`, `#D`, `unbind D[k]`, `unbind D` and the loop over
 * the keys, `x ∊ D body`.
 *
 * A dictionary is a variable of the query (#Cq6Var with @dict set) that
 * maps keys to values.  Its key type and its value type (a set, a number,
 * a string, or a position for a local dictionary only) are fixed by the
 * first `D[k]` and the first `D[k] = v` read, as CQL 6.2 does.  A
 * dictionary declared `dictionary D` or `persistent dictionary D` keeps
 * its entries from game to game, in the program (the search then runs on
 * one thread, in game order: cq_query_needs_one_thread()); a `local
 * dictionary D` starts each game empty, its entries in the game's state.
 * The entries are kept in key order (numbers and sets by value, strings
 * byte by byte, positions in game order), the order of the loop.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* A dictionary: its types (CQ6_TYPE_LOGICAL: not fixed yet) and, unless
 * local, its entries, kept across games. */
typedef struct _Cq6Dict {
  Cq6Type  key_type;
  Cq6Type  value_type;
  gboolean local;
  GTree   *entries;
} Cq6Dict;

/* One entry; its strings are owned. */
typedef struct {
  Cq6Val key;
  Cq6Val val;
} Entry;

static const char *const kinds[] = { "", "a set", "a number", "a string", "a position" };

void
_cq6_dict_free (Cq6Dict *dict)
{
  if (dict == NULL)
    return;
  if (dict->entries != NULL)
    g_tree_destroy (dict->entries);
  g_free (dict);
}

/* Reading */

static Cq6Dict *
dict_of (Cq6Parser *p, int index)
{
  return ((Cq6Var *) p->prog->vars->pdata[index])->dict;
}

static const char *
name_of (Cq6Parser *p, int index)
{
  return ((Cq6Var *) p->prog->vars->pdata[index])->name;
}

/* Whether @t names a dictionary already read. */
static gboolean
is_dict_name (Cq6Parser *p, const Cq6Token *t)
{
  int index;

  return t->kind == CQ6_TOK_WORD && (index = _cq6_find_var (p, t->text)) >= 0
         && dict_of (p, index) != NULL;
}

/* Whether a dictionary starts at @ahead tokens from here: `dictionary`,
 * `local dictionary`, `persistent dictionary` or a dictionary's name. */
static gboolean
dict_starts (Cq6Parser *p, guint ahead)
{
  Cq6Token *t = _cq6_peek_at (p, ahead);

  if (_cq6_is_word (t, "dictionary"))
    return TRUE;
  if (_cq6_is_word (t, "local") || _cq6_is_word (t, "persistent"))
    return _cq6_is_word (_cq6_peek_at (p, ahead + 1), "dictionary");
  return is_dict_name (p, t);
}

/* The dictionary that starts with @t (already taken): a declaration (a
 * new dictionary, or one already declared the same way) or a name.
 * Returns its variable index, or -1 with an error on @p. */
static int
parse_dict_ref (Cq6Parser *p, Cq6Token *t)
{
  gboolean local = FALSE;
  Cq6Token *name;
  Cq6Var *var;
  int index;

  if (!_cq6_is_word (t, "dictionary") && !_cq6_is_word (t, "local")
      && !_cq6_is_word (t, "persistent"))
    return _cq6_find_var (p, t->text);
  if (!_cq6_is_word (t, "dictionary"))
    {
      local = t->text[0] == 'l';
      _cq6_advance (p);
    }
  name = _cq6_peek (p);
  if (name->kind != CQ6_TOK_WORD || _cq6_is_reserved (name->text) || name->text[0] == '[')
    {
      g_autofree char *found = _cq6_token_text (name);
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                    "expected the dictionary's name after `dictionary`, found %s", found);
      return -1;
    }
  _cq6_advance (p);
  index = _cq6_find_var (p, name->text);
  if (index >= 0 && dict_of (p, index) == NULL)
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` is already a variable, not a dictionary", name->text);
      return -1;
    }
  if (index >= 0)
    {
      if (dict_of (p, index)->local != local)
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "the dictionary `%s` was declared %s", name->text,
                        local ? "without `local`" : "`local`");
          return -1;
        }
      return index;
    }
  index = (int) _cq6_add_var (p, name->text, CQ6_TYPE_LOGICAL, FALSE);
  var = p->prog->vars->pdata[index];
  var->dict = g_new0 (Cq6Dict, 1);
  var->dict->local = local;
  /* A dictionary kept across games makes the search run on one thread, in
   * game order, as persistent variables do; it is never printed. */
  var->persistent = !local;
  var->quiet = TRUE;
  return index;
}

/* `[k]` after the dictionary @index: the key, whose type is fixed by the
 * first one read.  NULL with an error on @p. */
static Cq6Filter *
parse_key (Cq6Parser *p, int index)
{
  Cq6Dict *dict = dict_of (p, index);
  Cq6Token *at;
  Cq6Filter *key;

  _cq6_advance (p); /* [ */
  at = _cq6_peek (p);
  key = _cq6_parse_filter (p);
  if (key == NULL)
    return NULL;
  if (key->type == CQ6_TYPE_LOGICAL)
    {
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC,
                    "the key in `%s[...]` must be a set, a number, a string or a position, "
                    "but this filter only matches or not", name_of (p, index));
      _cq6_filter_free (key);
      return NULL;
    }
  if (dict->key_type != CQ6_TYPE_LOGICAL && dict->key_type != key->type)
    {
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC,
                    "this key of `%s` is %s, but its keys are each %s", name_of (p, index),
                    kinds[key->type], kinds[dict->key_type]);
      _cq6_filter_free (key);
      return NULL;
    }
  if (key->type == CQ6_TYPE_POSITION && !dict->local)
    {
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC,
                    "a position can be a key only of a `local dictionary` (`%s` keeps its "
                    "entries from game to game)", name_of (p, index));
      _cq6_filter_free (key);
      return NULL;
    }
  dict->key_type = key->type;
  if (!_cq6_expect_punct (p, "]", "after the dictionary's key"))
    {
      _cq6_filter_free (key);
      return NULL;
    }
  return key;
}

/* `D[k] = v` (the key read, `=` next). */
static Cq6Filter *
parse_set (Cq6Parser *p, Cq6Token *t, int index, Cq6Filter *key)
{
  Cq6Dict *dict = dict_of (p, index);
  Cq6Token *op = _cq6_advance (p), *at = _cq6_peek (p);
  Cq6Filter *value, *f;
  const char *problem = NULL;

  if (!_cq6_is_punct (op, "="))
    {
      _cq6_fail_at (p, op, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` does not apply to a dictionary's entry: assign it with `%s[...] = ...`",
                    op->text, name_of (p, index));
      _cq6_filter_free (key);
      return NULL;
    }
  value = _cq6_parse_filter (p);
  if (value == NULL)
    {
      _cq6_filter_free (key);
      return NULL;
    }
  if (value->type == CQ6_TYPE_LOGICAL)
    problem = "needs a value (a set, a number, a string or a position), but this filter "
              "only matches or not";
  else if (value->type == CQ6_TYPE_POSITION && !dict->local)
    problem = "cannot hold a position: only a `local dictionary` can";
  else if (dict->value_type != CQ6_TYPE_LOGICAL && dict->value_type != value->type)
    problem = "holds values of another type";
  if (problem != NULL)
    {
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC, "`%s[...] =` %s", name_of (p, index),
                    problem);
      _cq6_filter_free (key);
      _cq6_filter_free (value);
      return NULL;
    }
  dict->value_type = value->type;
  f = _cq6_node2 (CQ6_DICT_SET, CQ6_TYPE_LOGICAL, t, key, value);
  f->which = (guint32) index;
  return f;
}

static const char *const assign_ops[] = { "=", "+=", "-=", "*=", "/=", "%=", "|=", "&=" };

/* A dictionary and what follows it: `D`, `D[k]`, `D[k] = v`. */
static Cq6Filter *
parse_access (Cq6Parser *p, Cq6Token *t)
{
  int index = parse_dict_ref (p, t);
  Cq6Filter *key, *f;

  if (index < 0)
    return NULL;
  if (!_cq6_is_punct (_cq6_peek (p), "["))
    {
      f = _cq6_node (CQ6_DICT, CQ6_TYPE_LOGICAL, t);
      f->which = (guint32) index;
      return f;
    }
  key = parse_key (p, index);
  if (key == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (assign_ops); i++)
    if (_cq6_is_punct (_cq6_peek (p), assign_ops[i]))
      return parse_set (p, t, index, key);
  /* Before the first assignment the value's type is not known: `D[k]`
   * then only tells whether k is a key. */
  f = _cq6_node1 (CQ6_DICT_GET, dict_of (p, index)->value_type, t, key);
  f->which = (guint32) index;
  return f;
}

/* `unbind D` and `unbind D[k]` (@t `unbind`, the dictionary next). */
static Cq6Filter *
parse_unbind (Cq6Parser *p, Cq6Token *t)
{
  Cq6Token *d = _cq6_advance (p);
  int index = parse_dict_ref (p, d);
  Cq6Filter *f, *key = NULL;

  if (index < 0)
    return NULL;
  if (_cq6_is_punct (_cq6_peek (p), "["))
    {
      if (dict_of (p, index)->key_type == CQ6_TYPE_LOGICAL)
        {
          _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SEMANTIC,
                        "`unbind %s[...]`: `%s` has no key yet; assign an entry first",
                        name_of (p, index), name_of (p, index));
          return NULL;
        }
      if ((key = parse_key (p, index)) == NULL)
        return NULL;
    }
  f = _cq6_node (CQ6_DICT_UNBIND, CQ6_TYPE_LOGICAL, t);
  f->which = (guint32) index;
  if (key != NULL)
    _cq6_filter_add_arg (f, key);
  return f;
}

/* `x ∊ D body` (@name the variable; `∊` next) and CQL 6.1's `string x in
 * D body` (@strings; `in` next): the body for each key of D in turn, x
 * bound to it. */
static Cq6Filter *
parse_loop (Cq6Parser *p, Cq6Token *name, gboolean strings)
{
  Cq6Token *d;
  Cq6Dict *dict;
  Cq6Filter *body, *f;
  int index, var;

  if (_cq6_is_reserved (name->text))
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` is a word of CQL and cannot name a variable", name->text);
      return NULL;
    }
  _cq6_advance (p); /* ∊ or in */
  d = _cq6_advance (p);
  if ((index = parse_dict_ref (p, d)) < 0)
    return NULL;
  dict = dict_of (p, index);
  if (dict->key_type == CQ6_TYPE_LOGICAL || dict->value_type == CQ6_TYPE_LOGICAL)
    {
      _cq6_fail_at (p, d, CQ_QUERY_ERROR_SEMANTIC,
                    "the types of `%s` are not known yet: assign an entry before the loop "
                    "over its keys", name_of (p, index));
      return NULL;
    }
  if (strings && dict->key_type != CQ6_TYPE_STRING)
    {
      _cq6_fail_at (p, d, CQ_QUERY_ERROR_SEMANTIC,
                    "`string %s in %s`: the keys of `%s` are not strings", name->text,
                    name_of (p, index), name_of (p, index));
      return NULL;
    }
  var = _cq6_find_var (p, name->text);
  if (var < 0)
    var = (int) _cq6_add_var (p, name->text, dict->key_type, FALSE);
  else
    {
      const Cq6Var *v = p->prog->vars->pdata[var];

      if (v->piece || v->dict != NULL || v->type != dict->key_type)
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                        "the variable `%s` cannot hold the keys of `%s`, %s", name->text,
                        name_of (p, index), kinds[dict->key_type]);
          return NULL;
        }
    }
  body = _cq6_parse_filter (p);
  if (body == NULL)
    return NULL;
  f = _cq6_node1 (CQ6_DICT_LOOP, CQ6_TYPE_LOGICAL, name, body);
  f->which = (guint32) index;
  f->number = var;
  return f;
}

gboolean
_cq6_parse_dict_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  const char *w = t->text;

  *out = NULL;
  if (strcmp (w, "unbind") == 0 && dict_starts (p, 0))
    {
      *out = parse_unbind (p, t);
      return TRUE;
    }
  /* `x ∊ D body`, but not `x ∊ D[k] body`, a loop over the squares of a
   * set-valued entry. */
  if (g_ascii_isalpha (w[0]) && !_cq6_is_reserved (w) && _cq6_is_word (_cq6_peek (p), "[element]")
      && dict_starts (p, 1)
      && !(is_dict_name (p, _cq6_peek_at (p, 1)) && _cq6_is_punct (_cq6_peek_at (p, 2), "[")))
    {
      *out = parse_loop (p, t, FALSE);
      return TRUE;
    }
  if (strcmp (w, "string") == 0 && _cq6_peek (p)->kind == CQ6_TOK_WORD
      && _cq6_is_word (_cq6_peek_at (p, 1), "in") && dict_starts (p, 2))
    {
      *out = parse_loop (p, _cq6_advance (p), TRUE);
      return TRUE;
    }
  if (strcmp (w, "dictionary") == 0
      || ((strcmp (w, "local") == 0 || strcmp (w, "persistent") == 0)
          && _cq6_is_word (_cq6_peek (p), "dictionary"))
      || is_dict_name (p, t))
    {
      *out = parse_access (p, t);
      return TRUE;
    }
  return FALSE;
}

Cq6Filter *
_cq6_dict_count (Cq6Filter *dict, const Cq6Token *t)
{
  dict->kind = CQ6_DICT_COUNT;
  dict->type = CQ6_TYPE_NUMBER;
  dict->line = t->line;
  dict->column = t->column;
  return dict;
}

/* Checking the uses */

typedef struct {
  const Cq6Program *prog;
  const char       *filename;
  GError          **error;
  GHashTable       *loop_vars; /* the variables of the loops over keys */
} Check;

static void
collect_loop_vars (const Cq6Filter *f, GHashTable *vars)
{
  if (f == NULL)
    return;
  if (f->kind == CQ6_DICT_LOOP)
    g_hash_table_add (vars, GINT_TO_POINTER ((int) f->number));
  for (guint i = 0; i < f->n_args; i++)
    collect_loop_vars (f->args[i], vars);
}

static const char *
var_name (const Check *k, guint32 index)
{
  return ((const Cq6Var *) k->prog->vars->pdata[index])->name;
}

/* Whether the argument @i of @f is evaluated only to see whether it
 * matches, @f itself being so when @logical. */
static gboolean
arg_only_matched (const Cq6Filter *f, guint i, gboolean logical)
{
  Cq6Kind kind = f->kind;

  /* The value of the last is the compound's (the call's body's). */
  if (kind == CQ6_COMPOUND || kind == CQ6_CALL)
    return i + 1 < f->n_args ? kind == CQ6_COMPOUND : logical;
  if (kind == CQ6_IF)
    return i == 0 || logical;
  if (kind == CQ6_SQUARE_LOOP || kind == CQ6_PIECE_LOOP)
    return i == 1;
  /* A transform of a filter without a value to unite (a string's) or one
   * that counts its members only matches them. */
  if (kind == CQ6_ORBIT)
    return f->type == CQ6_TYPE_LOGICAL || f->which == CQ6_ORBIT_COUNT;
  return kind == CQ6_AND || kind == CQ6_OR || kind == CQ6_NOT || kind == CQ6_WHILE
         || kind == CQ6_DICT_LOOP;
}

static gboolean
check (const Check *k, const Cq6Filter *f, gboolean logical)
{
  g_autofree char *problem = NULL;
  int code = CQ_QUERY_ERROR_SEMANTIC;

  if (f == NULL)
    return TRUE;
  if (logical && f->kind == CQ6_DICT_COUNT)
    problem = g_strdup_printf ("`#%s` counts the entries of a dictionary, but the number is "
                               "never used here (CQL 6.2 stops on it)",
                               var_name (k, f->which));
  else if (logical && f->kind == CQ6_FEN)
    problem = g_strdup ("`fen` is the position's FEN, a string, but the string is never used "
                        "here (CQL 6.2 stops on it)");
  else if (logical && _cq6_string_value_unused (f) != NULL)
    problem = g_strdup (_cq6_string_value_unused (f));
  else if (f->kind == CQ6_ASSIGN && g_hash_table_contains (k->loop_vars,
                                                           GINT_TO_POINTER ((int) f->which)))
    problem = g_strdup_printf ("`%s` is the variable of a loop over a dictionary's keys: it "
                               "cannot be assigned (CQL 6.2 stops when such a loop starts "
                               "with it bound)", var_name (k, f->which));
  else if (f->kind == CQ6_COMMENT || f->kind == CQ6_MESSAGE)
    for (guint i = 0; i < f->n_args; i++)
      if (f->args[i] != NULL && f->args[i]->kind == CQ6_DICT)
        {
          const Cq6Dict *dict = ((const Cq6Var *) k->prog->vars->pdata[f->args[i]->which])->dict;

          /* CQL 6.2 writes a position as a memory address. */
          if (dict->key_type != CQ6_TYPE_POSITION && dict->value_type != CQ6_TYPE_POSITION)
            continue;
          f = f->args[i];
          problem = g_strdup_printf ("the dictionary `%s` holds positions, which a comment or "
                                     "message cannot write (CQL 6.2 writes a memory address)",
                                     var_name (k, f->which));
          code = CQ_QUERY_ERROR_UNSUPPORTED;
          break;
        }
  if (problem != NULL)
    {
      _cq_query_set_error (k->error, code, k->filename, f->line, f->column, "%s", problem);
      return FALSE;
    }
  for (guint i = 0; i < f->n_args; i++)
    if (!check (k, f->args[i], arg_only_matched (f, i, logical)))
      return FALSE;
  return TRUE;
}

gboolean
_cq6_check_dict_uses (Cq6Program *prog, const char *filename, GError **error)
{
  Check k = { prog, filename, error, g_hash_table_new (NULL, NULL) };
  gboolean ok;

  collect_loop_vars (prog->body, k.loop_vars);
  ok = check (&k, prog->body, TRUE);
  g_hash_table_unref (k.loop_vars);
  return ok;
}

/* Evaluation */

static gint
compare_keys (gconstpointer a, gconstpointer b, gpointer type)
{
  const Cq6Val *x = &((const Entry *) a)->key, *y = &((const Entry *) b)->key;

  switch ((Cq6Type) GPOINTER_TO_INT (type))
    {
    case CQ6_TYPE_SET:
      return (x->set > y->set) - (x->set < y->set);
    case CQ6_TYPE_NUMBER:
      return (x->num > y->num) - (x->num < y->num);
    case CQ6_TYPE_STRING:
      return strcmp (x->str, y->str);
    case CQ6_TYPE_POSITION:
      return (x->node->index > y->node->index) - (x->node->index < y->node->index);
    default:
      g_assert_not_reached ();
      return 0;
    }
}

static void
entry_free (gpointer data)
{
  Entry *e = data;

  g_free ((char *) e->key.str);
  g_free ((char *) e->val.str);
  g_free (e);
}

/* The entries of the dictionary @index: the program's (kept across games)
 * or, local, the game's; NULL if there are none yet and not @create. */
static GTree *
entries (Cq6Ctx *c, guint32 index, gboolean create)
{
  Cq6Dict *dict = ((const Cq6Var *) c->program->vars->pdata[index])->dict;
  GTree **tree = &dict->entries;

  if (dict->local)
    {
      if (c->st->dicts == NULL)
        {
          if (!create)
            return NULL;
          c->st->dicts = g_new0 (GTree *, c->program->vars->len);
        }
      tree = &c->st->dicts[index];
    }
  if (*tree == NULL && create)
    *tree = g_tree_new_full (compare_keys, GINT_TO_POINTER (dict->key_type), entry_free,
                             NULL);
  return *tree;
}

/* One entry's key or value as CQL 6.2 writes it. */
static void
append_any (GString *out, Cq6Type type, const Cq6Val *v)
{
  switch (type)
    {
    case CQ6_TYPE_SET:
      g_string_append (out, "<SquareMask>");
      _cq6_append_set (out, v->set);
      break;
    case CQ6_TYPE_NUMBER:
      g_string_append_printf (out, "<NumValue>%" G_GINT64_FORMAT, v->num);
      break;
    case CQ6_TYPE_STRING:
      g_string_append_printf (out, "<string>%s", v->str != NULL ? v->str : "");
      break;
    default:
      /* Refused when the query is read (_cq6_check_dict_uses()). */
      g_assert_not_reached ();
      break;
    }
}

static gboolean
append_entry (gpointer key, gpointer value, gpointer data)
{
  const Entry *e = key;
  gpointer *args = data;
  GString *out = args[0];
  const Cq6Dict *dict = args[1];

  (void) value;
  append_any (out, dict->key_type, &e->key);
  g_string_append (out, ": ");
  append_any (out, dict->value_type, &e->val);
  g_string_append_c (out, '\n');
  return FALSE;
}

void
_cq6_dict_text (Cq6Ctx *c, guint32 index, GString *out)
{
  const Cq6Var *var = c->program->vars->pdata[index];
  GTree *tree = entries (c, index, FALSE);
  gpointer args[2] = { out, var->dict };

  g_string_append_printf (out, "Dictionary %s with %d entries: \n", var->name,
                          tree != NULL ? g_tree_nnodes (tree) : 0);
  if (tree != NULL)
    g_tree_foreach (tree, append_entry, args);
}

void
_cq6_dict_state_free (Cq6State *st)
{
  if (st->dicts == NULL)
    return;
  for (guint i = 0; i < st->program->vars->len; i++)
    if (st->dicts[i] != NULL)
      g_tree_destroy (st->dicts[i]);
  g_clear_pointer (&st->dicts, g_free);
}

/* The value of a key or an entry's value @f, of @type: a set always has
 * one (maybe empty), the others only when @f matches. */
static gboolean
value_of (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  gboolean matched;

  memset (v, 0, sizeof *v);
  matched = _cq6_eval (f, c, v);
  switch ((Cq6Type) f->type)
    {
    case CQ6_TYPE_SET:
      return TRUE;
    case CQ6_TYPE_STRING:
      return matched && v->str != NULL;
    case CQ6_TYPE_POSITION:
      return matched && v->node != NULL;
    default:
      return matched;
    }
}

static Entry *
lookup (GTree *tree, const Cq6Val *key)
{
  Entry probe = { *key };

  return tree != NULL ? g_tree_lookup (tree, &probe) : NULL;
}

static void
assign (GTree *tree, const Cq6Val *key, const Cq6Val *val, Cq6Type key_type,
        Cq6Type value_type)
{
  Entry *e = lookup (tree, key);

  if (e == NULL)
    {
      e = g_new0 (Entry, 1);
      e->key = *key;
      if (key_type == CQ6_TYPE_STRING)
        e->key.str = g_strdup (key->str);
      g_tree_insert (tree, e, e);
    }
  else
    g_free ((char *) e->val.str);
  e->val = *val;
  if (value_type == CQ6_TYPE_STRING)
    e->val.str = g_strdup (val->str);
}

/* `x ∊ D body`: the body for each key in order, x bound to it; the next
 * key is the first after the current one in the dictionary as the body
 * left it (CQL 6.2 walks its map while the body changes it: an entry
 * the body adds further on is visited, one it removes is not).  x is
 * unbound after the loop, which always matches; a loop that never ends
 * (a body that keeps adding keys further on) stops the search. */
static gboolean
eval_loop (const Cq6Filter *f, Cq6Ctx *c)
{
  GTree *tree = entries (c, f->which, FALSE);
  Cq6Slot *slot = &c->st->slots[f->number];
  Cq6Type type = ((const Cq6Var *) c->program->vars->pdata[f->number])->type;
  GTreeNode *node;
  guint64 rounds = 0, most;

  if (tree == NULL)
    return TRUE;
  most = (guint64) g_tree_nnodes (tree) + CQ6_MAX_WHILE_ROUNDS;
  for (node = g_tree_node_first (tree); node != NULL; rounds++)
    {
      Entry probe = { ((Entry *) g_tree_node_key (node))->key };
      Cq6Val a = { 0 };

      if (rounds == most || _cq6_halted (c))
        {
          slot->bound = FALSE;
          return rounds == most ? _cq6_runaway_loop (f, c, "the loop over a dictionary")
                                : FALSE;
        }
      /* The body may remove the entry: the key is copied. */
      if (type == CQ6_TYPE_STRING)
        probe.key.str = _cq6_state_string_n (c, f, probe.key.str, strlen (probe.key.str));
      slot->bound = TRUE;
      slot->val = probe.key;
      _cq6_eval (f->args[0], c, &a);
      tree = entries (c, f->which, FALSE);
      node = tree != NULL ? g_tree_upper_bound (tree, &probe) : NULL;
    }
  slot->bound = FALSE;
  return TRUE;
}

gboolean
_cq6_eval_dict (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const Cq6Dict *dict = ((const Cq6Var *) c->program->vars->pdata[f->which])->dict;
  Cq6Val key, val;
  Entry *e;
  GTree *tree;

  switch ((Cq6Kind) f->kind)
    {
    case CQ6_DICT:
      return TRUE;
    case CQ6_DICT_GET:
      v->set = 0;
      if (!value_of (f->args[0], c, &key)
          || (e = lookup (entries (c, f->which, FALSE), &key)) == NULL)
        return FALSE;
      *v = e->val;
      /* The entry may be replaced while the value is in use. */
      if (dict->value_type == CQ6_TYPE_STRING)
        v->str = _cq6_state_string_n (c, f, e->val.str, strlen (e->val.str));
      return TRUE;
    case CQ6_DICT_SET:
      if (!value_of (f->args[0], c, &key) || !value_of (f->args[1], c, &val))
        return FALSE;
      assign (entries (c, f->which, TRUE), &key, &val, dict->key_type, dict->value_type);
      return TRUE;
    case CQ6_DICT_COUNT:
      tree = entries (c, f->which, FALSE);
      v->num = tree != NULL ? g_tree_nnodes (tree) : 0;
      return TRUE;
    case CQ6_DICT_UNBIND:
      tree = entries (c, f->which, FALSE);
      if (f->n_args == 0)
        {
          if (tree != NULL)
            g_tree_remove_all (tree);
          return TRUE;
        }
      if (!value_of (f->args[0], c, &key))
        return FALSE;
      if (tree != NULL)
        {
          Entry probe = { key };

          g_tree_remove (tree, &probe);
        }
      return TRUE;
    case CQ6_DICT_LOOP:
      return eval_loop (f, c);
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}
