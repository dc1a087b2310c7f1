/* cq6-strings.c: the string filters of CQL 6: `S + T` (concatenation),
 * `S[i]` and `S[i:j]` (a substring), `x[i:j] = T` (a substring replaced),
 * `S ~~ "re"` (read here, evaluated in cq6-eval.c), `int`, `ascii`,
 * `lowercase`, `uppercase`, `indexof`, `currenttransform` (named when a
 * transform is expanded, in cq6-transform.c), and `fen "..."` (the
 * position whose placement a FEN gives).  `str` is read and written with `comment`
 * in cq6-output.c, the groups of `~~` kept in cq6-regex.c.
 *
 * Strings are bytes, as in CQL 6.2: `#S` counts bytes, an index is a
 * byte's, `lowercase` changes only A to Z.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* Reading */

/* The argument of a string filter read at @level, of @type (CQ6_TYPE_ANY:
 * a string or a number), for @name's messages. */
static Cq6Filter *
string_arg (Cq6Parser *p, Cq6Filter *(*level) (Cq6Parser *), Cq6Type type, const char *name)
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *arg;

  if (!_cq6_starts_filter (at))
    {
      g_autofree char *found = _cq6_token_text (at);
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX, "expected %s after `%s`, found %s",
                    type == CQ6_TYPE_ANY ? "a string or a number" : "a string", name, found);
      return NULL;
    }
  arg = level (p);
  if (arg == NULL)
    return NULL;
  if (type == CQ6_TYPE_ANY && arg->type != CQ6_TYPE_STRING && arg->type != CQ6_TYPE_NUMBER)
    {
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` needs a string or a number here, but this is %s", name,
                    _cq6_type_name (arg->type));
      _cq6_filter_free (arg);
      return NULL;
    }
  if (type == CQ6_TYPE_ANY)
    return arg;
  {
    g_autofree char *where = g_strdup_printf ("`%s`", name);
    return _cq6_want_type (p, at, arg, type, where);
  }
}

gboolean
_cq6_parse_strings_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  const char *w = t->text;
  Cq6Filter *f, *arg;

  *out = NULL;
  if (strcmp (w, "int") == 0)
    {
      /* Its argument may be a concatenation, as CQL 6.2 reads it: `int
       * "2" + "3"` is 23, `int S + 1` adds 1 to `int S`. */
      arg = string_arg (p, _cq6_parse_add, CQ6_TYPE_STRING, w);
      f = arg ? _cq6_node1 (CQ6_STRING_OP, CQ6_TYPE_NUMBER, t, arg) : NULL;
      if (f != NULL)
        f->which = CQ6_STROP_INT;
    }
  else if (strcmp (w, "ascii") == 0)
    {
      /* A string gives its one byte's code, a number the one-byte string. */
      arg = string_arg (p, _cq6_parse_add, CQ6_TYPE_ANY, w);
      if (arg == NULL)
        return TRUE;
      if (arg->type == CQ6_TYPE_STRING)
        {
          f = _cq6_node1 (CQ6_STRING_OP, CQ6_TYPE_NUMBER, t, arg);
          f->which = CQ6_STROP_ASCII_CODE;
        }
      else
        {
          f = _cq6_node1 (CQ6_STRING_OP, CQ6_TYPE_STRING, t, arg);
          f->which = CQ6_STROP_ASCII_CHAR;
        }
    }
  else if (strcmp (w, "lowercase") == 0 || strcmp (w, "uppercase") == 0)
    {
      /* The argument is a primary (with its `[...]`, `~~` and `:`), not a
       * concatenation: `lowercase S + "X"` is `(lowercase S) + "X"`. */
      arg = string_arg (p, _cq6_parse_mul, CQ6_TYPE_STRING, w);
      f = arg ? _cq6_node1 (CQ6_STRING_OP, CQ6_TYPE_STRING, t, arg) : NULL;
      if (f != NULL)
        f->which = w[0] == 'l' ? CQ6_STROP_LOWERCASE : CQ6_STROP_UPPERCASE;
    }
  else if (strcmp (w, "currenttransform") == 0)
    {
      /* The name of the transform whose image is evaluated: "<>" outside
       * transforms, set when a transform is expanded (cq6-transform.c). */
      f = _cq6_node (CQ6_CURRENTTRANSFORM, CQ6_TYPE_STRING, t);
      f->string = g_strdup ("<>");
    }
  else if (strcmp (w, "indexof") == 0)
    {
      f = _cq6_node (CQ6_STRING_OP, CQ6_TYPE_NUMBER, t);
      f->which = CQ6_STROP_INDEXOF;
      if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_STRING, 2, 2, w))
        {
          _cq6_filter_free (f);
          f = NULL;
        }
    }
  else
    return FALSE;
  *out = f;
  return TRUE;
}

/* `fen "placement ..."`: the filter that a position matches when its
 * pieces stand as the FEN's placement says, as CQL 6.2 reads it: the
 * placement only (the rest of the text is not read), a square by each
 * letter (`A`, `a`: any white, black piece; `_` and the digits empty
 * squares; `.` any contents).  A filter that only matches or not (CQL 6.2
 * reads it as `false or {Pa2 _b2 ...}`).  NULL with the error at @t when
 * the placement is not one of 64 squares. */
Cq6Filter *
_cq6_parse_fen_placement (Cq6Parser *p, const Cq6Token *t, const Cq6Token *text)
{
  const char *s = text->text;
  Cq6Filter *f = _cq6_node (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, t);
  int file = 0, rank = 7;
  gsize i = 0;
  const char *problem = NULL;

  for (; s[i] != '\0' && !(rank == 0 && file == 8); i++)
    {
      char ch = s[i];

      if (ch == '/')
        {
          if (file != 8 || rank == 0)
            {
              problem = "'/' before the end of a rank";
              break;
            }
          rank--;
          file = 0;
        }
      else if (ch >= '1' && ch <= '8')
        {
          if (file + (ch - '0') > 8)
            {
              problem = "too many squares in a rank";
              break;
            }
          for (int n = 0; n < ch - '0'; n++, file++)
            {
              char name[4] = { '_', (char) ('a' + file), (char) ('1' + rank), '\0' };
              Cq6Filter *d = _cq6_node (CQ6_DESIGNATOR, CQ6_TYPE_SET, t);

              _cq_designator_parse_cql6 (name, NULL, 0, 0, &d->designator, NULL);
              _cq6_filter_add_arg (f, d);
            }
        }
      else if (strchr ("KQRBNPkqrbnpAa_.", ch) != NULL)
        {
          if (file == 8)
            {
              problem = "too many squares in a rank";
              break;
            }
          if (ch != '.')
            {
              char name[4] = { ch, (char) ('a' + file), (char) ('1' + rank), '\0' };
              Cq6Filter *d = _cq6_node (CQ6_DESIGNATOR, CQ6_TYPE_SET, t);

              _cq_designator_parse_cql6 (name, NULL, 0, 0, &d->designator, NULL);
              _cq6_filter_add_arg (f, d);
            }
          file++;
        }
      else
        {
          problem = "a character that is not a piece, '/' or a digit 1 to 8";
          break;
        }
    }
  if (problem == NULL && !(rank == 0 && file == 8))
    problem = "fewer than 64 squares";
  if (problem != NULL)
    {
      _cq6_fail_at (p, text, CQ_QUERY_ERROR_SYNTAX,
                    "the FEN after `fen` has %s (at its character %" G_GSIZE_FORMAT ")",
                    problem, i + 1);
      _cq6_filter_free (f);
      return NULL;
    }
  if (f->n_args == 0)
    f->kind = CQ6_TRUE;
  return f;
}

/* `[i]`, `[i:j]`, `[:j]`, `[i:]` after a string (the `[` already read):
 * the bounds into @f's args (NULL where not written); TRUE for one index. */
static gboolean
parse_bounds (Cq6Parser *p, Cq6Filter *f, gboolean *single)
{
  Cq6Filter *bound[2] = { NULL, NULL };
  gboolean colon = FALSE;

  p->in_substring++;
  for (guint k = 0; k < 2; k++)
    {
      Cq6Token *at = _cq6_peek (p);

      if (_cq6_is_punct (at, "]") && (k == 1 || colon))
        break;
      if (k == 0 && _cq6_is_punct (at, ":"))
        {
          colon = TRUE;
          _cq6_advance (p);
          continue;
        }
      bound[k] = _cq6_want_type (p, at, _cq6_parse_add (p), CQ6_TYPE_NUMBER,
                                 "a string's index");
      if (bound[k] == NULL)
        goto fail;
      if (k == 0)
        {
          if (!_cq6_is_punct (_cq6_peek (p), ":"))
            break;
          colon = TRUE;
          _cq6_advance (p);
        }
    }
  p->in_substring--;
  if (!_cq6_expect_punct (p, "]", "to close the string's index"))
    goto fail_out;
  _cq6_filter_add_arg (f, bound[0]);
  _cq6_filter_add_arg (f, bound[1]);
  *single = !colon;
  return TRUE;

fail:
  p->in_substring--;
fail_out:
  _cq6_filter_free (bound[0]);
  _cq6_filter_free (bound[1]);
  return FALSE;
}

/* `S ~~ "pattern"` after the string @left: a string filter whose value is
 * the part of S the regular expression (GRegex, PCRE syntax) matches
 * first; no match when none does.  The pattern must be a string literal,
 * compiled once here. */
static Cq6Filter *
parse_regex (Cq6Parser *p, const Cq6Token *at, Cq6Filter *left)
{
  Cq6Token *pattern = _cq6_peek (p);
  g_autoptr(GError) local = NULL;
  Cq6Filter *f;

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
  /* Where the pattern is, for the error of a match that gives up. */
  f->string = g_strdup_printf ("%s:%u:%u", p->filename != NULL ? p->filename : "<query>",
                               pattern->line, pattern->column);
  f->regex = g_regex_new (pattern->text, G_REGEX_OPTIMIZE, 0, &local);
  if (f->regex == NULL)
    {
      _cq6_fail_at (p, pattern, CQ_QUERY_ERROR_SYNTAX, "bad pattern after `~~`: %s",
                    local->message);
      _cq6_filter_free (f);
      return NULL;
    }
  return f;
}

Cq6Filter *
_cq6_parse_string_postfix (Cq6Parser *p, const Cq6Token *at, Cq6Filter *f)
{
  while (f != NULL)
    {
      Cq6Token *t = _cq6_peek (p);

      if (_cq6_is_punct (t, "~~"))
        {
          _cq6_advance (p);
          if (f->type != CQ6_TYPE_STRING)
            {
              _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                            "`~~` matches a string against a pattern, but its left is %s",
                            _cq6_type_name (f->type));
              _cq6_filter_free (f);
              return NULL;
            }
          f = parse_regex (p, at, f);
        }
      else if (_cq6_is_punct (t, "[") && f->type == CQ6_TYPE_STRING
               && !_cq6_is_punct (_cq6_peek_at (p, 1), "]"))
        {
          Cq6Filter *sub = _cq6_node (CQ6_SUBSTRING, CQ6_TYPE_STRING, t);
          gboolean single;

          _cq6_advance (p);
          if (!parse_bounds (p, sub, &single))
            {
              _cq6_filter_free (sub);
              _cq6_filter_free (f);
              return NULL;
            }
          sub->which = single;
          /* `x[...] = T`: the part of the string variable x replaced. */
          if (f->kind == CQ6_VARIABLE && _cq6_is_punct (_cq6_peek (p), "="))
            {
              Cq6Filter *value;

              _cq6_advance (p);
              value = string_arg (p, _cq6_parse_add, CQ6_TYPE_STRING, "x[...] =");
              if (value == NULL)
                {
                  _cq6_filter_free (sub);
                  _cq6_filter_free (f);
                  return NULL;
                }
              sub->kind = CQ6_SUBSTRING_ASSIGN;
              sub->type = CQ6_TYPE_LOGICAL;
              sub->which = f->which;
              sub->number = single;
              _cq6_filter_add_arg (sub, value);
              _cq6_filter_free (f);
              return sub;
            }
          /* args: the string, then the bounds. */
          _cq6_filter_prepend_arg (sub, f);
          f = _cq6_height_check (p, sub);
        }
      else
        break;
    }
  return f;
}

/* `S + T` of two strings (@left and the `+` at @t already read). */
Cq6Filter *
_cq6_concat (const Cq6Token *t, Cq6Filter *left, Cq6Filter *right)
{
  return _cq6_node2 (CQ6_CONCAT, CQ6_TYPE_STRING, t, left, right);
}

const char *
_cq6_string_value_unused (const Cq6Filter *f)
{
  if (f->kind == CQ6_CONCAT)
    return "`+` joins two strings, but the string is never used here (CQL 6.2 stops on it)";
  if (f->kind == CQ6_STR)
    return "`str` makes a string, but the string is never used here (CQL 6.2 stops on it)";
  if (f->kind == CQ6_CURRENTTRANSFORM)
    return "`currenttransform` is a string, but the string is never used here (CQL 6.2 "
           "stops on it)";
  if (f->kind == CQ6_STRING_OP
      && (f->which == CQ6_STROP_LOWERCASE || f->which == CQ6_STROP_UPPERCASE))
    return "`lowercase` and `uppercase` make a string, but the string is never used here";
  return NULL;
}

/* Evaluation */

/* The bounds of @f's `[i]` or `[i:j]` (@lo, @hi: its args; @single: one
 * index) in a string of @len bytes, as CQL 6.2 takes them: a negative
 * index counts from the end; one index must fall inside the string, a
 * range is cut to it (and is empty when j comes before i).  FALSE when an
 * index has no value or one index falls outside. */
static gboolean
bounds (const Cq6Filter *lo, const Cq6Filter *hi, gboolean single, Cq6Ctx *c, gint64 len,
        gint64 *from, gint64 *to)
{
  Cq6Val a = { 0 }, b = { 0 };
  gint64 l = 0, r = len;

  if (lo != NULL)
    {
      if (!_cq6_eval (lo, c, &a))
        return FALSE;
      l = a.num;
    }
  if (l < 0)
    l += len;
  if (single)
    {
      if (l < 0 || l >= len)
        return FALSE;
      *from = l;
      *to = l + 1;
      return TRUE;
    }
  if (hi != NULL)
    {
      if (!_cq6_eval (hi, c, &b))
        return FALSE;
      r = b.num;
    }
  l = CLAMP (l, 0, len);
  if (r < 0)
    r += len;
  r = CLAMP (r, l, len);
  *from = l;
  *to = r;
  return TRUE;
}

/* `int S`: S's integer, as CQL 6.2 reads one: an optional `-`, then only
 * digits; none for any other text, or one past a 32-bit integer. */
static gboolean
string_to_int (const char *s, gint64 *out)
{
  gboolean negative = s[0] == '-';
  gint64 n = 0;

  s += negative;
  if (*s == '\0')
    return FALSE;
  for (; *s != '\0'; s++)
    {
      if (!g_ascii_isdigit (*s))
        return FALSE;
      n = n * 10 + (*s - '0');
      if (n > G_MAXINT32)
        return FALSE;
    }
  *out = negative ? -n : n;
  return TRUE;
}

static gboolean
eval_string_op (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a = { 0 }, b = { 0 };

  if (!_cq6_eval (f->args[0], c, &a))
    return FALSE;
  if (f->which != CQ6_STROP_ASCII_CHAR && a.str == NULL)
    return FALSE;
  switch (f->which)
    {
    case CQ6_STROP_INT:
      return string_to_int (a.str, &v->num);
    case CQ6_STROP_ASCII_CODE:
      /* The code of a string's one byte (1 to 255). */
      if (a.str[0] == '\0' || a.str[1] != '\0')
        return FALSE;
      v->num = (guchar) a.str[0];
      return TRUE;
    case CQ6_STROP_ASCII_CHAR:
      {
        char byte;

        if (a.num <= 0 || a.num > 255)
          return FALSE;
        byte = (char) a.num;
        v->str = _cq6_state_string_n (c, f, &byte, 1);
        return TRUE;
      }
    case CQ6_STROP_LOWERCASE:
    case CQ6_STROP_UPPERCASE:
      {
        gsize len = strlen (a.str);
        char *s = (char *) _cq6_state_string_n (c, f, a.str, len);

        /* Only A to Z change, byte by byte, as in CQL 6.2. */
        for (gsize i = 0; i < len; i++)
          if (f->which == CQ6_STROP_LOWERCASE && s[i] >= 'A' && s[i] <= 'Z')
            s[i] = (char) (s[i] - 'A' + 'a');
          else if (f->which == CQ6_STROP_UPPERCASE && s[i] >= 'a' && s[i] <= 'z')
            s[i] = (char) (s[i] - 'a' + 'A');
        v->str = s;
        return TRUE;
      }
    case CQ6_STROP_INDEXOF:
      {
        const char *found;

        if (!_cq6_eval (f->args[1], c, &b) || b.str == NULL)
          return FALSE;
        found = strstr (b.str, a.str);
        if (found == NULL)
          return FALSE;
        v->num = found - b.str;
        return TRUE;
      }
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}

/* `x[i:j] = T`: the part [i:j] of the string in x replaced by T.  It does
 * not match, and x keeps its string, when x has none (CQL 6.2 stops
 * there), an index or T has no value, or one index falls outside. */
static gboolean
eval_substring_assign (const Cq6Filter *f, Cq6Ctx *c)
{
  Cq6Slot *slot = &c->st->slots[f->which];
  Cq6Val t = { 0 };
  gint64 from, to, len;
  const char *s;
  GString *joined;

  if (!slot->bound || slot->val.str == NULL)
    return FALSE;
  len = (gint64) strlen (slot->val.str);
  if (!bounds (f->args[0], f->args[1], f->number != 0, c, len, &from, &to)
      || !_cq6_eval (f->args[2], c, &t) || t.str == NULL)
    return FALSE;
  /* T may have changed x (CQL 6.2 stops when its length changed). */
  if (!slot->bound || slot->val.str == NULL || (gint64) strlen (slot->val.str) != len)
    return FALSE;
  s = slot->val.str;
  joined = g_string_new_len (s, (gssize) from);
  g_string_append (joined, t.str);
  g_string_append (joined, s + to);
  slot->val.str = _cq6_state_string_n (c, f, joined->str, joined->len);
  g_string_free (joined, TRUE);
  return TRUE;
}

gboolean
_cq6_eval_strings (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a = { 0 }, b = { 0 };

  switch ((Cq6Kind) f->kind)
    {
    case CQ6_CONCAT:
      {
        g_autofree char *joined = NULL;

        if (!_cq6_eval (f->args[0], c, &a) || a.str == NULL
            || !_cq6_eval (f->args[1], c, &b) || b.str == NULL)
          return FALSE;
        joined = g_strconcat (a.str, b.str, NULL);
        v->str = _cq6_state_string_n (c, f, joined, strlen (joined));
        return TRUE;
      }
    case CQ6_SUBSTRING:
      {
        gint64 from, to;

        if (!_cq6_eval (f->args[0], c, &a) || a.str == NULL
            || !bounds (f->args[1], f->args[2], f->which != 0, c, (gint64) strlen (a.str),
                        &from, &to))
          return FALSE;
        v->str = _cq6_state_string_n (c, f, a.str + from, (gsize) (to - from));
        return TRUE;
      }
    case CQ6_STRING_OP:
      return eval_string_op (f, c, v);
    case CQ6_SUBSTRING_ASSIGN:
      return eval_substring_assign (f, c);
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}
