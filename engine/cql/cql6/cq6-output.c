/* cq6-output.c: CQL 6 filters that write: comment, message, sort; the
 * texts CQL 6.2 writes for values, positions, sort labels and persistent
 * variables.
 *
 * `comment` adds its text to the current position's comment
 * (#CqMatchInfo.comments; the search driver merges it into the PGN as
 * CQL 6.2 does), `message` records a line for the standard output
 * (#CqMatchInfo.messages; the CLI prints it), `sort` keeps the best value
 * of its argument in the game (#CqMatchInfo.sort_values; the CLI writes
 * the games in that order).  The rules were observed on CQL 6.2 (build
 * 9.493) and are written down in docs/cql6-rulings.md ("Output").
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* One `sort` filter of the query (Cq6Program.sorts). */
typedef struct {
  char    *label;   /* NULL: unlabelled, named <sort-id-N>, N = @id */
  guint    id;      /* unlabelled: 1 + the number of unlabelled sorts before */
  gboolean min;     /* `sort min`: the smallest value is the best */
  gboolean quiet;   /* `sort quiet`: sorts, but its value is not written */
  guint8   type;    /* CQ6_TYPE_NUMBER or CQ6_TYPE_STRING: the values sorted */
} Cq6Sort;

static void
sort_free (gpointer data)
{
  Cq6Sort *sort = data;

  g_free (sort->label);
  g_free (sort);
}

void
_cq6_program_free_output (Cq6Program *prog)
{
  g_clear_pointer (&prog->sorts, g_ptr_array_unref);
}

/* Reading */

/* A sort key with no `sort` filter of the query, the largest value first
 * (the smallest with @min): the header's `sort matchcount`, whose value
 * is set by the game's search (_cq6_match_game()), and the sort that
 * `similarposition` adds. */
guint
_cq6_add_sort_key (Cq6Program *prog, const char *label, gboolean min)
{
  Cq6Sort *sort = g_new0 (Cq6Sort, 1);

  sort->label = g_strdup (label);
  sort->min = min;
  if (prog->sorts == NULL)
    prog->sorts = g_ptr_array_new_with_free_func (sort_free);
  g_ptr_array_add (prog->sorts, sort);
  return prog->sorts->len - 1;
}

/* One part of a text (a whole filter, or with @one the single part written
 * without parentheses), as CQL 6.2 reads its parts (its page "str"):
 * `fen` before a string is the position's FEN, the string the next part;
 * a tag filter or originalcomment followed by a string is read without
 * the string, which is the next part: `comment ("Event: " event " and
 * site")` (in parentheses, `(event "Open")`, the search it is elsewhere). */
static Cq6Filter *
parse_part (Cq6Parser *p, gboolean one)
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *f;

  if (_cq6_is_word (at, "fen") && _cq6_peek_at (p, 1)->kind == CQ6_TOK_STRING)
    return _cq6_node (CQ6_FEN, CQ6_TYPE_STRING, _cq6_advance (p));
  f = one ? _cq6_parse_add (p) : _cq6_parse_filter (p);
  if (f != NULL && !_cq6_is_punct (at, "(") && f->n_args == 1 && f->args[0] != NULL
      && f->args[0]->kind == CQ6_STRING && f->type == CQ6_TYPE_LOGICAL
      && (f->kind == CQ6_TAG || f->kind == CQ6_PLAYER
          || (f->kind == CQ6_ORIGINALCOMMENT && f->number == 0))
      && g_array_index (p->tokens, Cq6Token, p->pos - 1).kind == CQ6_TOK_STRING)
    {
      /* The string looked for is the last token read: unread it. */
      _cq6_filter_free (f->args[0]);
      f->n_args = 0;
      f->type = CQ6_TYPE_STRING;
      p->pos--;
    }
  return f;
}

/* `(a b ...)` after @t, a text's parts (the `(` not read yet). */
static gboolean
parse_parts (Cq6Parser *p, Cq6Token *t, Cq6Filter *f)
{
  Cq6Token *open = _cq6_advance (p);

  if (_cq6_is_punct (_cq6_peek (p), ")"))
    /* CQL 6.2 refuses an empty list too. */
    return _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                         "`%s ()` has nothing to write", t->text);
  while (!_cq6_is_punct (_cq6_peek (p), ")"))
    {
      Cq6Filter *arg;

      if (_cq6_peek (p)->kind == CQ6_TOK_END)
        return _cq6_fail_at (p, open, CQ_QUERY_ERROR_SYNTAX, "this '(' is never closed");
      arg = parse_part (p, FALSE);
      if (arg == NULL)
        return FALSE;
      _cq6_filter_add_arg (f, arg);
    }
  _cq6_advance (p);
  return TRUE;
}

/* Keeps where @f (a comment or a message, at @t) is in the query, as
 * "FILE:LINE:COL" in @f->string, for the error of a game whose texts grow
 * too long (count_text()). */
static void
set_place (Cq6Parser *p, const Cq6Token *t, Cq6Filter *f)
{
  f->string = g_strdup_printf ("%s:%u:%u", p->filename != NULL ? p->filename : "<query>",
                               t->line, t->column);
}

/* `comment (a b ...)`, `comment F`, the same for `message` and `str`: the
 * parts of the text, each any filter (CQL 6 reference "comment",
 * "message", "str"). */
static Cq6Filter *
parse_text (Cq6Parser *p, Cq6Token *t, Cq6Kind kind)
{
  Cq6Filter *f = _cq6_node (kind, kind == CQ6_STR ? CQ6_TYPE_STRING : CQ6_TYPE_LOGICAL, t);
  Cq6Filter *arg;

  if (kind != CQ6_STR)
    set_place (p, t, f);

  if (!_cq6_is_punct (_cq6_peek (p), "("))
    {
      /* One part without parentheses: `comment "text"`, `message ply`. */
      if (!_cq6_starts_filter (_cq6_peek (p)))
        {
          g_autofree char *found = _cq6_token_text (_cq6_peek (p));
          _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                        "expected the text of `%s`: a string or (parts...), found %s",
                        t->text, found);
          _cq6_filter_free (f);
          return NULL;
        }
      arg = parse_part (p, TRUE);
      if (arg == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_filter_add_arg (f, arg);
      return f;
    }
  if (!parse_parts (p, t, f))
    {
      _cq6_filter_free (f);
      return NULL;
    }
  return f;
}

/* `/// parts...`: `comment (parts...)` written to the end of its line,
 * as CQL 6.2 reads it (its examples write `///"Front moves to " Front`).
 * The tokenizer ends the line with a CQ6_LINE_COMMENT_END token. */
static Cq6Filter *
parse_line_comment (Cq6Parser *p, Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_COMMENT, CQ6_TYPE_LOGICAL, t), *arg;

  set_place (p, t, f);

  while (!_cq6_is_punct (_cq6_peek (p), CQ6_LINE_COMMENT_END))
    {
      Cq6Token *at = _cq6_peek (p);

      if (!_cq6_starts_filter (at))
        {
          g_autofree char *found = _cq6_token_text (at);
          _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX, "expected the parts of the `///` "
                        "comment up to the end of its line, found %s", found);
          _cq6_filter_free (f);
          return NULL;
        }
      arg = parse_part (p, FALSE);
      if (arg == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_filter_add_arg (f, arg);
    }
  if (f->n_args == 0)
    {
      /* CQL 6.2 refuses an empty one too. */
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "`///` has nothing to write");
      _cq6_filter_free (f);
      return NULL;
    }
  _cq6_advance (p);
  return f;
}

/* The CQ6_SORT filter sorting by @arg (owned) as @want asks: a labelled
 * sort shares the key of the sorts before it with the same label, as CQL
 * 6.2's sorts share the variable named after the label (the first one sets
 * the key's direction and quietness; each filter keeps its own direction
 * when it compares a value with the key's best).  NULL, with the error
 * set, when the label's key sorts values of another type. */
static Cq6Filter *
sort_filter (Cq6Parser *p, const Cq6Token *t, const Cq6Sort *want, Cq6Filter *arg)
{
  Cq6Filter *f;
  guint k = 0;

  if (p->prog->sorts == NULL)
    p->prog->sorts = g_ptr_array_new_with_free_func (sort_free);
  if (want->label != NULL)
    for (k = 0; k < p->prog->sorts->len; k++)
      {
        const Cq6Sort *old = p->prog->sorts->pdata[k];

        if (old->type != 0 && old->label != NULL && strcmp (old->label, want->label) == 0)
          break;
      }
  if (want->label == NULL || k == p->prog->sorts->len)
    {
      Cq6Sort *sort = g_memdup2 (want, sizeof *want);

      sort->label = g_strdup (want->label);
      sort->type = arg->type;
      g_ptr_array_add (p->prog->sorts, sort);
      k = p->prog->sorts->len - 1;
    }
  else if (((const Cq6Sort *) p->prog->sorts->pdata[k])->type != arg->type)
    {
      /* CQL 6.2 stops with an internal error. */
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC, "`sort \"%s\"` sorts %s, but an earlier "
                    "sort with this label sorts %s", want->label,
                    arg->type == CQ6_TYPE_STRING ? "strings" : "numbers",
                    arg->type == CQ6_TYPE_STRING ? "numbers" : "strings");
      _cq6_filter_free (arg);
      return NULL;
    }
  f = _cq6_node1 (CQ6_SORT, arg->type, t, arg);
  f->which = k;
  f->number = want->min;
  return f;
}

Cq6Filter *
_cq6_sort_filter (Cq6Parser *p, const Cq6Token *t, const char *label, gboolean quiet,
                  gboolean min, Cq6Filter *arg)
{
  Cq6Sort want = { (char *) label, 0, min, quiet, 0 };

  return sort_filter (p, t, &want, arg);
}

/* `sort [quiet] [min|max] ["label"] F` (CQL 6 reference "sort"; cql64.com
 * manual, "the sort filter"); `quiet` first, as CQL 6.2 wants it. */
static Cq6Filter *
parse_sort (Cq6Parser *p, Cq6Token *t)
{
  Cq6Sort *sort = g_new0 (Cq6Sort, 1);
  Cq6Token *at;
  Cq6Filter *arg, *f;

  if (_cq6_is_word (_cq6_peek (p), "quiet"))
    sort->quiet = TRUE, _cq6_advance (p);
  if (_cq6_is_word (_cq6_peek (p), "min") || _cq6_is_word (_cq6_peek (p), "max"))
    sort->min = _cq6_advance (p)->text[1] == 'i';
  /* A string followed by a filter is the label; a string alone is the
   * value sorted on. */
  if (_cq6_peek (p)->kind == CQ6_TOK_STRING && _cq6_starts_filter (_cq6_peek_at (p, 1)))
    sort->label = g_strdup (_cq6_advance (p)->text);
  else
    {
      /* CQL 6.2 numbers the unlabelled sorts only: <sort-id-1>, ... */
      sort->id = 1;
      for (guint k = 0; p->prog->sorts != NULL && k < p->prog->sorts->len; k++)
        if (((const Cq6Sort *) p->prog->sorts->pdata[k])->label == NULL)
          sort->id++;
    }
  at = _cq6_peek (p);
  if (!_cq6_starts_filter (at))
    {
      g_autofree char *found = _cq6_token_text (at);
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX, "expected the filter to sort by after "
                    "`sort`, found %s", found);
      sort_free (sort);
      return NULL;
    }
  /* The filter sorted by is a whole filter (CQL 6.2's precedence table):
   * `sort #P >= 3` sorts by the count of P when the comparison holds. */
  arg = _cq6_parse_filter (p);
  if (arg == NULL)
    {
      sort_free (sort);
      return NULL;
    }
  /* A set sorts by its number of squares. */
  if (arg->type == CQ6_TYPE_SET)
    arg = _cq6_node1 (CQ6_COUNT, CQ6_TYPE_NUMBER, at, arg);
  if (arg->kind == CQ6_NUMBER)
    {
      /* CQL 6.2 refuses it: CQL 5's `sort 5 F` ranges are gone. */
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX, "`sort` by the constant %" G_GINT64_FORMAT
                    " sorts nothing (ranges are no longer part of sort)", arg->number);
      _cq6_filter_free (arg);
      sort_free (sort);
      return NULL;
    }
  if (arg->type != CQ6_TYPE_NUMBER && arg->type != CQ6_TYPE_STRING)
    {
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC,
                    "`sort` needs a number, a set or a string to sort by");
      _cq6_filter_free (arg);
      sort_free (sort);
      return NULL;
    }
  f = sort_filter (p, t, sort, arg);
  sort_free (sort);
  return f;
}

gboolean
_cq6_parse_output_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  *out = NULL;
  if (strcmp (t->text, "comment") == 0)
    *out = parse_text (p, t, CQ6_COMMENT);
  else if (strcmp (t->text, "message") == 0)
    *out = parse_text (p, t, CQ6_MESSAGE);
  else if (strcmp (t->text, "str") == 0)
    *out = parse_text (p, t, CQ6_STR);
  else if (strcmp (t->text, "///") == 0)
    *out = parse_line_comment (p, t);
  else if (strcmp (t->text, "sort") == 0)
    *out = parse_sort (p, t);
  else
    return FALSE;
  return TRUE;
}

/* Texts */

/* A set as CQL 6.2 writes it: one square by its name (`a1`), else the
 * squares in order a1, b1, ..., h8 in brackets (`[a1,b2]`, `[]`). */
void
_cq6_append_set (GString *out, CqBitboard set)
{
  gboolean one = set != 0 && (set & (set - 1)) == 0;

  if (!one)
    g_string_append_c (out, '[');
  for (CqBitboard s = set; s != 0; s &= s - 1)
    {
      int sq = __builtin_ctzll (s);

      if (s != set)
        g_string_append_c (out, ',');
      g_string_append_c (out, (char) ('a' + CQ_FILE (sq)));
      g_string_append_c (out, (char) ('1' + CQ_RANK (sq)));
    }
  if (!one)
    g_string_append_c (out, ']');
}

/* Appends the value of @f at @c as CQL 6.2 writes a part of a comment:
 * strings as they are, numbers in decimal, sets by their squares, a
 * position by its move (_cq6_position_ref()), a piece variable as its
 * piece and square (`Qd1`), a logical filter `<true>`; a part without a
 * value `<false>`, an unbound variable `<unbound: name>`. */
static void
append_value (const Cq6Filter *f, Cq6Ctx *c, GString *out)
{
  Cq6Val v = { 0 };
  gboolean ok;
  const Cq6Var *var = NULL;

  if (f->kind == CQ6_DICT)
    {
      _cq6_dict_text (c, f->which, out);
      return;
    }
  if (f->kind == CQ6_VARIABLE)
    {
      var = c->program->vars->pdata[f->which];
      if (!c->st->slots[f->which].bound)
        {
          g_string_append_printf (out, "<unbound: %s>", var->name);
          return;
        }
    }
  ok = _cq6_eval (f, c, &v);
  switch ((Cq6Type) f->type)
    {
    case CQ6_TYPE_SET:
      if (var != NULL && var->piece)
        {
          if (!ok)
            break;
          g_string_append_c (out, cq_piece_char ((CqPiece) c->pos->board[__builtin_ctzll (v.set)]));
          _cq6_append_set (out, v.set);
          return;
        }
      /* A set always has a value, maybe empty. */
      _cq6_append_set (out, ok ? v.set : 0);
      return;
    case CQ6_TYPE_NUMBER:
      if (ok)
        {
          g_string_append_printf (out, "%" G_GINT64_FORMAT, v.num);
          return;
        }
      break;
    case CQ6_TYPE_STRING:
      if (ok && v.str != NULL)
        {
          g_string_append (out, v.str);
          return;
        }
      break;
    case CQ6_TYPE_POSITION:
      if (ok && v.node != NULL)
        {
          _cq6_position_ref (c, v.node, out);
          return;
        }
      break;
    case CQ6_TYPE_LOGICAL:
    default:
      g_string_append (out, ok ? "<true>" : "<false>");
      return;
    }
  g_string_append (out, "<false>");
}

/* Evaluation */

/* `sort`: the argument's value; the best one of the game is kept. */
static gboolean
eval_sort (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6State *st = c->st;
  /* The filter's own direction: sorts sharing a label may differ. */
  gboolean min = f->number != 0;
  guint k = f->which;

  if (!_cq6_eval (f->args[0], c, v))
    return FALSE;
  if (st->sort_set == NULL)
    {
      guint n = c->program->sorts->len;

      st->sort_set = g_new0 (gboolean, n);
      st->sort_num = g_new0 (gint64, n);
      st->sort_str = g_new0 (const char *, n);
    }
  if (f->type == CQ6_TYPE_STRING)
    {
      int cmp;

      if (v->str == NULL)
        return FALSE;
      cmp = st->sort_set[k] ? strcmp (v->str, st->sort_str[k]) : 0;
      if (!st->sort_set[k] || (min ? cmp < 0 : cmp > 0))
        {
          /* The value may live in the game's string chunk or the query:
           * both outlive the evaluation. */
          st->sort_str[k] = v->str;
          st->sort_set[k] = TRUE;
        }
      return TRUE;
    }
  if (!st->sort_set[k] || (min ? v->num < st->sort_num[k] : v->num > st->sort_num[k]))
    {
      st->sort_num[k] = v->num;
      st->sort_set[k] = TRUE;
    }
  return TRUE;
}

/* Counts @len bytes more of the texts `comment` and `message` (@f) wrote
 * in the game; past #CQ6_MAX_GAME_TEXT_BYTES the game's evaluation stops
 * with an error at @f (FALSE). */
static gboolean
count_text (const Cq6Filter *f, Cq6Ctx *c, gsize len)
{
  Cq6State *st = c->st;

  if (len < CQ6_MAX_GAME_TEXT_BYTES - st->text_bytes)
    {
      st->text_bytes += len + 1;
      return TRUE;
    }
  if (st->error == NULL && !_cq6_stopped (c))
    st->error = g_strdup_printf ("%s: the comments and messages written in game %"
                                 G_GUINT64_FORMAT " pass %" G_GSIZE_FORMAT " MiB at "
                                 "position %u (positionid), more than one game may have",
                                 f->string, c->game->source.number,
                                 CQ6_MAX_GAME_TEXT_BYTES >> 20, c->node->index);
  return FALSE;
}

/* The texts of comment, message and str are built at the end of the
 * game's one scratch string (#Cq6State.scratch), not in a string of their
 * own each time: a comment that its position's failure takes back then
 * costs one allocation, its copy.  A text built while another is (a `str`
 * among a comment's parts) goes after it; each is cut off again when
 * done.  Returns the scratch string, *@start where the new text begins. */
static GString *
scratch_begin (Cq6State *st, gsize *start)
{
  if (st->scratch == NULL)
    st->scratch = g_string_sized_new (256);
  *start = st->scratch->len;
  return st->scratch;
}

gboolean
_cq6_eval_output (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  GString *text;
  gsize start, len;
  gboolean ok;

  switch ((Cq6Kind) f->kind)
    {
    case CQ6_COMMENT:
    case CQ6_MESSAGE:
      text = scratch_begin (c->st, &start);
      /* The parts are written whether they match or not, and so the
       * filter always matches (CQL 6.2). */
      for (guint i = 0; i < f->n_args; i++)
        append_value (f->args[i], c, text);
      len = text->len - start;
      ok = count_text (f, c, len);
      if (ok && f->kind == CQ6_COMMENT)
        {
          CqPositionComment comment = { c->node->index, NULL, FALSE };

          comment.text = g_strndup (text->str + start, len);
          g_array_append_val (c->st->comments, comment);
        }
      else if (ok && c->st->messages != NULL)
        {
          CqMessage message = { c->node->index, NULL, NULL };
          GString *where = g_string_new (NULL);

          _cq6_position_ref (c, c->node, where);
          message.where = g_string_free (where, FALSE);
          message.text = g_strndup (text->str + start, len);
          g_array_append_val (c->st->messages, message);
        }
      g_string_truncate (text, start);
      return ok;
    case CQ6_STR:
      /* The text `comment` would write, a string; it always matches. */
      text = scratch_begin (c->st, &start);
      for (guint i = 0; i < f->n_args; i++)
        append_value (f->args[i], c, text);
      v->str = _cq6_state_string_n (c, f, text->str + start, text->len - start);
      g_string_truncate (text, start);
      return TRUE;
    case CQ6_SORT:
      return eval_sort (f, c, v);
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}

void
_cq6_add_user_comment (Cq6Ctx *c, const CqNode *node, const char *text)
{
  CqPositionComment comment = { node->index, g_strdup (text), FALSE };

  g_array_append_val (c->st->comments, comment);
}

void
_cq6_output_finish (Cq6State *st, CqMatchInfo *info)
{
  guint n = st->program->sorts != NULL ? st->program->sorts->len : 0;

  for (guint k = 0; k < n; k++)
    {
      CqSortValue value = { 0 };

      if (st->sort_set != NULL && st->sort_set[k])
        {
          value.has_value = TRUE;
          value.is_string = st->sort_str[k] != NULL;
          if (value.is_string)
            value.string = g_strdup (st->sort_str[k]);
          else
            value.number = st->sort_num[k];
        }
      g_array_append_val (info->sort_values, value);
    }
  g_clear_pointer (&st->sort_set, g_free);
  g_clear_pointer (&st->sort_num, g_free);
  g_clear_pointer (&st->sort_str, g_free);
}

/* Answers for common/cq-query.c */

int
_cq6_compare_sort_values (const Cq6Program *prog, const CqSortValue *a, const CqSortValue *b)
{
  guint n = prog->sorts != NULL ? prog->sorts->len : 0;

  for (guint k = 0; k < n; k++)
    {
      const Cq6Sort *sort = prog->sorts->pdata[k];
      int cmp;

      if (a[k].has_value != b[k].has_value)
        return a[k].has_value ? -1 : 1;
      if (!a[k].has_value)
        continue;
      if (a[k].is_string)
        cmp = strcmp (a[k].string, b[k].string);
      else
        cmp = (a[k].number > b[k].number) - (a[k].number < b[k].number);
      if (cmp != 0)
        return sort->min ? cmp : -cmp;
    }
  return 0;
}

char *
_cq6_format_sort_labels (const Cq6Program *prog, const CqSortValue *values)
{
  guint n = prog->sorts != NULL ? prog->sorts->len : 0;
  GString *out = NULL;

  for (guint k = 0; k < n; k++)
    {
      const Cq6Sort *sort = prog->sorts->pdata[k];

      if (!values[k].has_value || sort->quiet)
        continue;
      if (out == NULL)
        out = g_string_new (NULL);
      g_string_append_c (out, ' ');
      if (sort->label != NULL)
        g_string_append (out, sort->label);
      else
        g_string_append_printf (out, "<sort-id-%u>", sort->id);
      if (values[k].is_string)
        g_string_append_printf (out, ": %s", values[k].string);
      else
        g_string_append_printf (out, ": %" G_GINT64_FORMAT, values[k].number);
    }
  return out != NULL ? g_string_free (out, FALSE) : NULL;
}

char **
_cq6_persistent_text (const Cq6Program *prog)
{
  GPtrArray *out = NULL;

  if (prog->vars == NULL || prog->persistent == NULL)
    return NULL;
  for (guint i = 0; i < prog->vars->len; i++)
    {
      const Cq6Var *var = prog->vars->pdata[i];
      const Cq6Slot *slot = &prog->persistent[i];
      GString *value = g_string_new (NULL);

      if (!var->persistent || var->quiet)
        {
          g_string_free (value, TRUE);
          continue;
        }
      /* Never assigned: CQL 6.2 prints 0, "" or []. */
      switch ((Cq6Type) var->type)
        {
        case CQ6_TYPE_NUMBER:
          g_string_append_printf (value, "%" G_GINT64_FORMAT, slot->bound ? slot->val.num : 0);
          break;
        case CQ6_TYPE_STRING:
          g_string_append_printf (value, "\"%s\"",
                                  slot->bound && slot->val.str ? slot->val.str : "");
          break;
        case CQ6_TYPE_SET:
          _cq6_append_set (value, slot->bound ? slot->val.set : 0);
          break;
        default:
          break;
        }
      if (out == NULL)
        out = g_ptr_array_new ();
      g_ptr_array_add (out, g_strdup (var->name));
      g_ptr_array_add (out, g_string_free (value, FALSE));
    }
  if (out == NULL)
    return NULL;
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

const char *
_cq6_sort_label (const Cq6Program *prog, guint key, gboolean *min)
{
  const Cq6Sort *sort;

  if (prog->sorts == NULL || key >= prog->sorts->len)
    return NULL;
  sort = prog->sorts->pdata[key];
  if (min != NULL)
    *min = sort->min;
  return sort->label;
}
