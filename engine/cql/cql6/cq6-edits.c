/* cq6-edits.c: CQL 6 filters that read or edit the game's own
 * annotations (originalcomment, hascomment, settag, removecomment), the
 * binding tests isbound and isunbound, the checks assert, cql_abort and
 * cql_assertvariations, notransform, lastgamenumber, and the read-time
 * marking of the paths that change atomic variables.
 *
 * A failed `assert` (or a `cql_abort` reached) leaves its message in
 * #Cq6State.error: the game does not match and the search driver stops
 * with it (#CqMatchInfo.error), as CQL 6.2 stops.
 *
 * `settag` and `removecomment` change the output game, not the search:
 * they are kept in #Cq6State.edits, which no failing filter takes back
 * (CQL 6.2 edits the game as soon as the filter is evaluated), and added
 * to the game's #CqMatchInfo.comments at the end as #CqPositionComment
 * entries with an edit (#CqCommentEdit); the PGN writer applies them to a
 * matched game.  The rules are in docs/cql6-rulings.md ("Game edits", "Edits: ...").
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* Reading */

/* The NAG a `hascomment` string names, as CQL 6.2 reads it: the symbols
 * "!" ... "-+" and "$N"; 0 for any other string (then it is a text to
 * find in the comment). */
static int
nag_of (const char *s)
{
  static const struct { const char *text; int nag; } symbols[] = {
    { "!", 1 }, { "?", 2 }, { "!!", 3 }, { "??", 4 }, { "!?", 5 }, { "?!", 6 },
    { "=", 10 }, { "+/=", 14 }, { "=/+", 15 }, { "+/-", 16 }, { "-/+", 17 },
    { "+-", 18 }, { "-+", 19 },
  };
  gint64 n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (strcmp (s, symbols[i].text) == 0)
      return symbols[i].nag;
  if (s[0] != '$' || s[1] == '\0')
    return 0;
  for (const char *d = s + 1; *d; d++)
    {
      if (!g_ascii_isdigit (*d))
        return 0;
      n = MIN (n * 10 + (*d - '0'), 100000);
    }
  return (int) n;
}

/* `originalcomment ["text"]`, `hascomment ["text"]` (the same filter in
 * CQL 6.2): the comment, or whether it contains the text; with a NAG
 * ("!", "$3") whether the move that led here has it. */
static Cq6Filter *
parse_original_comment (Cq6Parser *p, Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_ORIGINALCOMMENT, CQ6_TYPE_STRING, t);
  Cq6Token *s = _cq6_peek (p);
  int nag;

  if (s->kind != CQ6_TOK_STRING || s->text[0] == '\0')
    return f;
  _cq6_advance (p);
  nag = nag_of (s->text);
  if (strcmp (s->text, "$0") == 0 || nag > 255)
    {
      _cq6_fail_at (p, s, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` looks for the NAGs $1 to $255, not %s", t->text, s->text);
      _cq6_filter_free (f);
      return NULL;
    }
  f->type = CQ6_TYPE_LOGICAL;
  if (nag > 0)
    f->number = nag;
  else if ((strchr (s->text, '[') != NULL && strchr (strchr (s->text, '['), ']') != NULL)
           || strpbrk (s->text + 1, "*+?") != NULL)
    {
      /* CQL 6.2 refuses a text that looks like a regular expression: the
       * search is literal. */
      _cq6_fail_at (p, s, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s \"%s\"` looks for the text as written, not as a pattern: write "
                    "`%s ~~ \"%s\"` for a regular expression, or `\"%s\" in %s` for the "
                    "text", t->text, s->text, t->text, s->text, s->text, t->text);
      _cq6_filter_free (f);
      return NULL;
    }
  else
    {
      Cq6Filter *needle = _cq6_node (CQ6_STRING, CQ6_TYPE_STRING, s);

      needle->string = g_strdup (s->text);
      _cq6_filter_add_arg (f, needle);
    }
  return f;
}

static gboolean
is_tag_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* Whether `settag` may set the tag @name, as CQL 6.2 decides (its message
 * in *@why otherwise): letters, digits and underscores, not starting with
 * an underscore, at most 60 of them, and not a name of the tags CQL 6.2
 * reads itself (White, Event, ...) nor one starting with White or Black. */
static gboolean
settable (const char *name, const char **why)
{
  static const char *const builtin[] = {
    "Black", "black", "BLACK", "White", "white", "WHITE", "Event", "event", "EVENT",
    "Site", "site", "SITE", "Date", "date", "DATE", "Eco", "eco", "ECO",
    "Fen", "fen", "FEN", "Round", "ROUND", "Result", "result", "RESULT",
    "EventDate", "eventdate", "eventDate", "EVENTDATE",
  };

  if (!is_tag_char (name[0]) || name[0] == '_')
    {
      *why = "must start with a letter or a digit";
      return FALSE;
    }
  for (const char *c = name; *c; c++)
    if (!is_tag_char (*c))
      {
        *why = "may hold only letters, digits and underscores";
        return FALSE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    if (strcmp (name, builtin[i]) == 0)
      {
        *why = "is (close to) a tag CQL reads itself";
        return FALSE;
      }
  if (strlen (name) > 5 && (strncmp (name, "White", 5) == 0 || strncmp (name, "Black", 5) == 0))
    {
      *why = "starts with White or Black";
      return FALSE;
    }
  if (strlen (name) > 60)
    {
      *why = "is longer than 60 characters";
      return FALSE;
    }
  return TRUE;
}

/* `settag ("Name" value)`: value a string filter. */
static Cq6Filter *
parse_settag (Cq6Parser *p, Cq6Token *t)
{
  Cq6Token *name;
  Cq6Filter *value, *f;
  const char *why = NULL;

  if (!_cq6_expect_punct (p, "(", "after `settag` (then the tag's name and its value)"))
    return NULL;
  name = _cq6_peek (p);
  if (name->kind != CQ6_TOK_STRING || name->text[0] == '\0')
    {
      g_autofree char *found = _cq6_token_text (name);
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                    "expected the tag's name as a string after `settag (`, found %s", found);
      return NULL;
    }
  if (!settable (name->text, &why))
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC,
                    "`settag` cannot set the tag \"%s\": its name %s", name->text, why);
      return NULL;
    }
  _cq6_advance (p);
  if (!_cq6_starts_filter (_cq6_peek (p)))
    {
      g_autofree char *found = _cq6_token_text (_cq6_peek (p));
      _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                    "expected the tag's value (a string filter) in `settag`, found %s", found);
      return NULL;
    }
  {
    Cq6Token *at = _cq6_peek (p);

    value = _cq6_want_type (p, at, _cq6_parse_filter (p), CQ6_TYPE_STRING,
                            "the value of `settag`");
  }
  if (value == NULL)
    return NULL;
  if (!_cq6_expect_punct (p, ")", "to close `settag (`"))
    {
      _cq6_filter_free (value);
      return NULL;
    }
  f = _cq6_node1 (CQ6_SETTAG, CQ6_TYPE_LOGICAL, t, value);
  f->string = g_strdup (name->text);
  return f;
}

/* `isbound x`, `isunbound x`, `isbound "x"`: any name; one that no
 * variable has when the query is read (_cq6_resolve_bound_names()) is
 * never bound (CQL 6.2). */
static Cq6Filter *
parse_isbound (Cq6Parser *p, Cq6Token *t)
{
  Cq6Token *name = _cq6_peek (p);
  Cq6Filter *f;
  int index;

  if (!((name->kind == CQ6_TOK_STRING && name->text[0] != '\0')
        || (name->kind == CQ6_TOK_WORD && g_ascii_isalpha (name->text[0])
            && !_cq6_is_reserved (name->text))))
    {
      g_autofree char *found = _cq6_token_text (name);
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                    "expected a variable's name after `%s`, found %s", t->text, found);
      return NULL;
    }
  _cq6_advance (p);
  f = _cq6_node (CQ6_ISBOUND, CQ6_TYPE_LOGICAL, t);
  f->number = t->text[2] == 'u';
  index = _cq6_find_var (p, name->text);
  if (index >= 0)
    f->which = (guint32) index;
  else
    {
      f->which = G_MAXUINT32;
      f->string = g_strdup (name->text);
    }
  return f;
}


/* The whole filter after the word @w (`assert F`, `notransform F`), as
 * CQL 6.2 reads it; NULL with the error set on @p. */
static Cq6Filter *
parse_filter_after (Cq6Parser *p, const char *w)
{
  if (!_cq6_starts_filter (_cq6_peek (p)))
    {
      g_autofree char *found = _cq6_token_text (_cq6_peek (p));
      _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                    "expected a filter after `%s`, found %s", w, found);
      return NULL;
    }
  return _cq6_parse_filter (p);
}
/* `cql_assertvariations "message"`: CQL 6.2 refuses the query with the
 * message unless the header says `variations`. */
static Cq6Filter *
parse_assert_variations (Cq6Parser *p, Cq6Token *t)
{
  Cq6Token *message = _cq6_peek (p);

  if (message->kind != CQ6_TOK_STRING || message->text[0] == '\0')
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                    "`cql_assertvariations` must be followed by a string that is not empty");
      return NULL;
    }
  _cq6_advance (p);
  if (!p->prog->variations)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC, "%s", message->text);
      return NULL;
    }
  return _cq6_node (CQ6_TRUE, CQ6_TYPE_LOGICAL, t);
}

gboolean
_cq6_parse_edit_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  const char *w = t->text;

  *out = NULL;
  if (strcmp (w, "originalcomment") == 0 || strcmp (w, "hascomment") == 0)
    *out = parse_original_comment (p, t);
  else if (strcmp (w, "settag") == 0)
    *out = parse_settag (p, t);
  else if (strcmp (w, "removecomment") == 0)
    *out = _cq6_node (CQ6_REMOVECOMMENT, CQ6_TYPE_LOGICAL, t);
  else if (strcmp (w, "isbound") == 0 || strcmp (w, "isunbound") == 0)
    *out = parse_isbound (p, t);
  else if (strcmp (w, "cql_assertvariations") == 0)
    *out = parse_assert_variations (p, t);
  else if (strcmp (w, "assert") == 0 || strcmp (w, "cql_abort") == 0)
    {
      /* `assert F`: F a whole filter, as CQL 6.2 reads it. */
      Cq6Filter *arg = NULL;

      if (w[0] == 'a' && (arg = parse_filter_after (p, w)) == NULL)
        return TRUE;
      *out = _cq6_node (CQ6_ASSERT, CQ6_TYPE_LOGICAL, t);
      _cq6_filter_add_arg (*out, arg);
      (*out)->string = g_strdup_printf ("%s:%u:%u", p->filename ? p->filename : "<query>",
                                        t->line, t->column);
    }
  else if (strcmp (w, "atomic") == 0)
    {
      /* `atomic X = F`: X an atomic variable (_cq6_check_atomic()). */
      Cq6Token *name = _cq6_peek (p);

      if (_cq6_is_word (name, "piece") || _cq6_is_word (name, "persistent"))
        {
          /* CQL 6.2 refuses both. */
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC, "`atomic %s` is not part of CQL 6.2",
                        name->text);
          return TRUE;
        }
      if (name->kind != CQ6_TOK_WORD || _cq6_assign_op (_cq6_peek_at (p, 1)) == NULL)
        {
          _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX,
                        "expected an assignment after `atomic`, e.g. atomic Count = 0");
          return TRUE;
        }
      _cq6_advance (p);
      *out = _cq6_parse_assignment (p, name, FALSE);
      if (*out != NULL)
        {
          Cq6Var *var = p->prog->vars->pdata[(*out)->which];

          var->atomic = TRUE;
          if (var->atomic_decl == NULL)
            var->atomic_decl = *out;
        }
    }
  else if (strcmp (w, "lastgamenumber") == 0)
    {
      p->prog->uses_last_game_number = TRUE;
      *out = _cq6_node (CQ6_LASTGAMENUMBER, CQ6_TYPE_NUMBER, t);
    }
  else if (strcmp (w, "notransform") == 0)
    {
      /* `notransform F`: F a whole filter, as CQL 6.2 reads it. */
      Cq6Filter *arg = parse_filter_after (p, w);

      if (arg != NULL)
        *out = _cq6_node1 (CQ6_NOTRANSFORM, arg->type, t, arg);
    }
  else
    return FALSE;
  return TRUE;
}

void
_cq6_resolve_bound_names (Cq6Program *prog, Cq6Filter *f)
{
  if (f == NULL)
    return;
  if (f->kind == CQ6_ISBOUND && f->which == G_MAXUINT32 && prog->vars != NULL)
    for (guint i = 0; i < prog->vars->len; i++)
      if (strcmp (((const Cq6Var *) prog->vars->pdata[i])->name, f->string) == 0)
        {
          f->which = i;
          break;
        }
  for (guint i = 0; i < f->n_args; i++)
    _cq6_resolve_bound_names (prog, f->args[i]);
}

gboolean
_cq6_program_uses_last_game_number (const Cq6Program *prog)
{
  return prog->uses_last_game_number;
}

gboolean
_cq6_program_reads_game_number (const Cq6Program *prog)
{
  return prog->reads_game_number;
}

void
_cq6_program_set_last_game_number (const Cq6Program *prog, gint64 n)
{
  /* Run state, as the persistent variables' values: the program is
   * otherwise read-only during a search. */
  Cq6Program *run = (Cq6Program *) prog;

  if (prog->header_last_game > 0 && n > prog->header_last_game)
    n = prog->header_last_game;
  run->last_game_number = MAX (n, 0);
}

/* The filter in @f that gives an atomic variable a value or takes it from
 * one (@only: that variable alone, or any when G_MAXUINT32), or NULL; the
 * variable in @var. */
static const Cq6Filter *
atomic_change (const Cq6Program *prog, const Cq6Filter *f, guint32 only, const Cq6Var **var)
{
  guint32 which[2] = { G_MAXUINT32, G_MAXUINT32 };

  if (f == NULL)
    return NULL;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_ASSIGN: case CQ6_UNBIND: case CQ6_SQUARE_LOOP: case CQ6_PIECE_LOOP:
      which[0] = f->which;
      break;
    case CQ6_DICT_LOOP:
      which[0] = (guint32) f->number;
      break;
    case CQ6_ECHO:
      which[0] = f->which & 0xFFFF, which[1] = f->which >> 16;
      break;
    default:
      break;
    }
  for (guint i = 0; i < 2; i++)
    if (which[i] < prog->vars->len && (only == G_MAXUINT32 || which[i] == only)
        && ((const Cq6Var *) prog->vars->pdata[which[i]])->atomic)
      {
        *var = prog->vars->pdata[which[i]];
        return f;
      }
  for (guint i = 0; i < f->n_args; i++)
    {
      const Cq6Filter *found = atomic_change (prog, f->args[i], only, var);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether @target is @f or inside it. */
static gboolean
holds (const Cq6Filter *f, const Cq6Filter *target)
{
  if (f == NULL)
    return FALSE;
  if (f == target)
    return TRUE;
  for (guint i = 0; i < f->n_args; i++)
    if (holds (f->args[i], target))
      return TRUE;
  return FALSE;
}

/* Is @var declared atomic before the end of the path @path is read?  CQL
 * 6.2's path puts back the atomic variables known when it is read. */
static gboolean
known_atomic (const Cq6Var *var, const Cq6Filter *path)
{
  const Cq6Filter *d = var->atomic_decl;

  if (d == NULL)
    return FALSE;
  if (d->line < path->line || (d->line == path->line && d->column < path->column))
    return TRUE;
  return holds (path, d);
}

/* Whether @f or a filter inside it writes a variable or a dictionary's
 * entry (functions called are inside their CQ6_CALL). */
static gboolean
writes_variable (const Cq6Filter *f)
{
  if (f == NULL)
    return FALSE;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_ASSIGN: case CQ6_UNBIND: case CQ6_SQUARE_LOOP: case CQ6_PIECE_LOOP:
    case CQ6_DICT_LOOP: case CQ6_ECHO: case CQ6_SUBSTRING_ASSIGN:
    case CQ6_DICT_SET: case CQ6_DICT_UNBIND:
      return TRUE;
    default:
      break;
    }
  for (guint i = 0; i < f->n_args; i++)
    if (writes_variable (f->args[i]))
      return TRUE;
  return FALSE;
}

static void
check_atomic (Cq6Program *prog, Cq6Filter *f, gboolean any_atomic)
{
  const Cq6Var *var = NULL;
  guint8 *late = NULL;

  if (f == NULL)
    return;
  if (f->kind == CQ6_LINE && writes_variable (f))
    f->which |= CQ6_LINE_WRITES;
  if (any_atomic && f->kind == CQ6_LINE && (f->which & CQ6_LINE_PATH))
    {
      /* CQL 6.2's path puts back the atomic variables known when it is
       * read; one declared later is an ordinary variable there. */
      for (guint i = 0; i < prog->vars->len; i++)
        {
          const Cq6Var *v = prog->vars->pdata[i];

          if (!v->atomic)
            continue;
          if (known_atomic (v, f))
            {
              /* The path is searched route by route (cq6-line-routes.c). */
              if (atomic_change (prog, f, i, &var) != NULL)
                f->which |= CQ6_LINE_ATOMIC;
              continue;
            }
          if (late == NULL)
            late = g_new0 (guint8, prog->vars->len);
          late[i] = 1;
        }
      if (late != NULL)
        {
          if (prog->late_atomic == NULL)
            prog->late_atomic = g_hash_table_new_full (NULL, NULL, NULL, g_free);
          g_hash_table_insert (prog->late_atomic, f, late);
        }
    }
  for (guint i = 0; i < f->n_args; i++)
    check_atomic (prog, f->args[i], any_atomic);
}

void
_cq6_check_atomic (Cq6Program *prog)
{
  gboolean any_atomic = FALSE;

  for (guint i = 0; prog->vars != NULL && i < prog->vars->len; i++)
    if (((const Cq6Var *) prog->vars->pdata[i])->atomic)
      any_atomic = TRUE;
  check_atomic (prog, prog->body, any_atomic);
}

gboolean
_cq6_atomic_in_path (const Cq6Program *prog, const Cq6Filter *path, guint index)
{
  const guint8 *late;

  if (!((const Cq6Var *) prog->vars->pdata[index])->atomic)
    return FALSE;
  late = prog->late_atomic != NULL ? g_hash_table_lookup (prog->late_atomic, path) : NULL;
  return late == NULL || !late[index];
}

/* Evaluation */

/* Keeps an edit of the output game (see the top of the file). */
static void
add_edit (Cq6Ctx *c, guint8 kind, char *text)
{
  CqPositionComment edit = { c->node->index, text, FALSE, kind };

  if (c->st->edits == NULL)
    {
      c->st->edits = g_array_new (FALSE, FALSE, sizeof (CqPositionComment));
      g_array_set_clear_func (c->st->edits, _cq6_position_comment_clear);
    }
  g_array_append_val (c->st->edits, edit);
}

void
_cq6_position_comment_clear (gpointer data)
{
  g_free (((CqPositionComment *) data)->text);
}

void
_cq6_edits_finish (Cq6State *st, GArray *comments)
{
  if (st->edits == NULL)
    return;
  /* The texts move to @comments. */
  if (comments != NULL)
    {
      g_array_append_vals (comments, st->edits->data, st->edits->len);
      g_array_set_clear_func (st->edits, NULL);
    }
  g_clear_pointer (&st->edits, g_array_unref);
}

gboolean
_cq6_eval_edit (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a;

  switch ((Cq6Kind) f->kind)
    {
    case CQ6_ORIGINALCOMMENT:
      {
        /* The comment after the move that led here (at the root: before
         * the first move), as the game has it. */
        const char *text = cq_node_get_comment_after (c->game, c->node);

        if (f->number > 0)
          {
            for (guint i = 0; i < c->node->n_nags; i++)
              if (c->node->nags[i] == f->number)
                return TRUE;
            return FALSE;
          }
        if (text == NULL || *text == '\0')
          return FALSE;
        if (f->n_args > 0)
          return strstr (text, f->args[0]->string) != NULL;
        v->str = text;
        return TRUE;
      }
    case CQ6_SETTAG:
      if (!_cq6_eval (f->args[0], c, &a) || a.str == NULL)
        return FALSE;
      if (c->st->comments != NULL)
        add_edit (c, CQ_COMMENT_EDIT_TAG, g_strdup_printf ("%s %s", f->string, a.str));
      return TRUE;
    case CQ6_REMOVECOMMENT:
      if (c->st->comments != NULL)
        add_edit (c, CQ_COMMENT_EDIT_REMOVE, g_strdup (""));
      return TRUE;
    case CQ6_ASSERT:
      {
        const Cq6Filter *arg = f->args[0];
        gboolean ok;

        /* A variable passes when it is bound (CQL 6.2), an empty set
         * too; any other filter when it matches. */
        if (arg != NULL && arg->kind == CQ6_VARIABLE)
          ok = c->st->slots[arg->which].bound;
        else
          ok = arg != NULL && _cq6_eval (arg, c, &a);
        /* A stopped search is no failed assert: every filter fails. */
        if (!ok && c->st->error == NULL && !_cq6_stopped (c))
          c->st->error = g_strdup_printf ("%s: %s at game %" G_GUINT64_FORMAT
                                          ", position %u (positionid)", f->string,
                                          arg != NULL ? "assert failed" : "cql_abort reached",
                                          c->game->source.number, c->node->index);
        return ok;
      }
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}
