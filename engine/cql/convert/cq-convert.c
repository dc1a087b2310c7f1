/* cq-convert.c: a CQL 3 query written as CQL 6 (cq_query_convert_to_cql6()).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CQL 3 text is first compiled by the CQL 3 compiler, so that a bad
 * query fails with the compiler's own error; the converter then walks the
 * list tree (CqSexp) and writes each keyword of the match list and of its
 * position lists as the CQL 6 filter that keeps its CQL 3 meaning.  Where
 * CQL 6 has no filter with the same meaning that a person would write, the
 * construct is refused (CQ_QUERY_ERROR_CONVERT at its line and column):
 * the converter never changes what a query finds.  What maps to what, and
 * why, is docs/convert.md; the semantic points are docs/cql6-rulings.md
 * section 13.
 *
 * This file writes the match list (the header, one position list as the
 * body or several as `find`s), the layout and the comments;
 * cq-convert-list.c converts the position lists' keywords.
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query.h"
#include "cql/cql3/cq3-private.h"
#include "cql/cql3/cq3-sexp-private.h"
#include "cql/cql3/cq3-keywords-private.h"
#include "cql/cq-designator-text.h"
#include "cql/convert/cq-convert-private.h"

/* Comments go at this column (0-based) when the code is shorter, as the
 * hand-written twins in data/themes/ align them. */
#define COMMENT_COLUMN 40

/* A position list with transforms goes on one line up to this width. */
#define INLINE_WIDTH 60

/* A `;` comment of the CQL 3 text. */
typedef struct {
  guint    line;
  gboolean own_line;  /* nothing but blanks before the `;` */
  char    *text;      /* after the `;`, blanks trimmed */
} Comment;

/* A line of CQL 6 output.  @src_line..@src_end: the CQL 3 lines its
 * filters come from (their trailing comments go beside it). */
typedef struct {
  guint    indent;
  guint    src_line;
  guint    src_end;
  char    *text;
  char    *comment;
} OutLine;

static void
out_line_free (gpointer data)
{
  OutLine *l = data;

  g_free (l->text);
  g_free (l->comment);
  g_free (l);
}

static void
comment_free (gpointer data)
{
  Comment *c = data;

  g_free (c->text);
  g_free (c);
}

static void
emit_lines (Converter *cv, guint indent, guint src_line, guint src_end, const char *text)
{
  OutLine *l = g_new0 (OutLine, 1);

  l->indent = indent;
  l->src_line = src_line;
  l->src_end = MAX (src_line, src_end);
  l->text = g_strdup (text);
  g_ptr_array_add (cv->out, l);
}

static void
emit (Converter *cv, guint indent, guint src_line, const char *text)
{
  emit_lines (cv, indent, src_line, src_line, text);
}

/* ------------------------------------------------------------------------
 * Comments
 */

/* The `;` comments of @text, as the list reader skips them: a `;` outside
 * a `"..."` string (which never spans lines) starts one. */
static GPtrArray *
collect_comments (const char *text)
{
  GPtrArray *comments = g_ptr_array_new_with_free_func (comment_free);
  guint line = 1;
  const char *p = text;

  while (*p != '\0')
    {
      const char *end = strchr (p, '\n');
      const char *q;
      gboolean quoted = FALSE, blank = TRUE;

      if (end == NULL)
        end = p + strlen (p);
      for (q = p; q < end; q++)
        {
          if (*q == '"')
            quoted = !quoted;
          else if (*q == ';' && !quoted)
            {
              Comment *c = g_new0 (Comment, 1);

              c->line = line;
              c->own_line = blank;
              c->text = g_strstrip (g_strndup (q + 1, end - q - 1));
              /* A comment of `;` alone says nothing. */
              if (c->text[0] == '\0')
                comment_free (c);
              else
                g_ptr_array_add (comments, c);
              break;
            }
          if (!g_ascii_isspace (*q))
            blank = FALSE;
        }
      line++;
      p = *end == '\n' ? end + 1 : end;
    }
  return comments;
}

/* Places each comment: a trailing comment beside the first output line
 * that comes from its line (after the comments already there); a comment
 * on a line of its own, or one whose line gave no output, as a line of
 * its own after the last output line that comes from before it. */
static void
place_comments (Converter *cv, GPtrArray *comments)
{
  for (guint i = 0; i < comments->len; i++)
    {
      const Comment *c = comments->pdata[i];
      guint at = 0;
      guint indent = 0;
      OutLine *l;

      if (!c->own_line)
        {
          gboolean placed = FALSE;

          for (guint k = 0; k < cv->out->len && !placed; k++)
            {
              l = cv->out->pdata[k];
              if (l->src_line <= c->line && c->line <= l->src_end && l->text[0] != '\0')
                {
                  char *joined = l->comment == NULL ? g_strdup (c->text)
                                 : g_strdup_printf ("%s %s", l->comment, c->text);

                  g_free (l->comment);
                  l->comment = joined;
                  placed = TRUE;
                }
            }
          if (placed)
            continue;
        }
      for (guint k = 0; k < cv->out->len; k++)
        {
          l = cv->out->pdata[k];
          if (l->src_line <= c->line)
            {
              at = k + 1;
              indent = l->indent;
            }
        }
      /* Before the header a comment has no indent; after a line that
       * opens a block it takes the block's. */
      if (at > 0)
        {
          l = cv->out->pdata[at - 1];
          if (g_str_has_suffix (l->text, "{"))
            indent++;
        }
      l = g_new0 (OutLine, 1);
      l->indent = at == 0 ? 0 : indent;
      l->src_line = l->src_end = c->line;
      l->text = g_strdup ("");
      l->comment = g_strdup (c->text);
      g_ptr_array_insert (cv->out, at, l);
    }
}

static char *
render (Converter *cv)
{
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < cv->out->len; k++)
    {
      const OutLine *l = cv->out->pdata[k];
      gsize start = text->len;

      for (guint i = 0; i < l->indent; i++)
        g_string_append (text, "  ");
      /* A filter of several lines (echo) keeps the line's indent. */
      for (const char *c = l->text; *c != '\0'; c++)
        {
          g_string_append_c (text, *c);
          if (*c == '\n')
            {
              start = text->len;
              for (guint i = 0; i < l->indent; i++)
                g_string_append (text, "  ");
            }
        }
      if (l->comment != NULL)
        {
          if (l->text[0] != '\0')
            {
              if (text->len - start < COMMENT_COLUMN)
                while (text->len - start < COMMENT_COLUMN)
                  g_string_append_c (text, ' ');
              else
                g_string_append_c (text, ' ');
            }
          g_string_append_printf (text, "// %s", l->comment);
        }
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------------
 * The match list
 */

/* TRUE if @list has the keyword @name. */
static const CqSexp *
list_keyword (const CqSexp *list, const char *name)
{
  /* A position list's first item is `position`, a relation
   * specification's is a keyword. */
  for (guint i = 0; i < list->n_items; i++)
    if (list->items[i]->kind == CQ_SEXP_STRING && !list->items[i]->quoted
        && strcmp (list->items[i]->text, name) == 0)
      return list->items[i];
  return NULL;
}

/* A file name for the header: as it is, or quoted when it holds a blank,
 * a parenthesis or a quote. */
static char *
path_text (const char *name)
{
  GString *text;

  if (strpbrk (name, " \t()\"\\") == NULL && name[0] != '\0')
    return g_strdup (name);
  text = g_string_new ("\"");
  for (const char *p = name; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (text, '\\');
      g_string_append_c (text, *p);
    }
  g_string_append_c (text, '"');
  return g_string_free (text, FALSE);
}

/* The filters of @b, one output line per CQL 3 line: the filters written
 * on one line of the CQL 3 text stay together. */
static void
emit_block_lines (Converter *cv, const Block *b, guint indent)
{
  for (guint k = 0; k < b->texts->len; k++)
    {
      guint line = g_array_index (b->lines, guint, k);
      guint end = g_array_index (b->ends, guint, k);
      GString *text = g_string_new (b->texts->pdata[k]);

      /* A filter of several lines (echo) stands on its own. */
      while (k + 1 < b->texts->len && g_array_index (b->lines, guint, k + 1) == line
             && end == line && strchr (text->str, '\n') == NULL
             && strchr (b->texts->pdata[k + 1], '\n') == NULL)
        {
          k++;
          end = g_array_index (b->ends, guint, k);
          g_string_append_printf (text, " %s", (const char *) b->texts->pdata[k]);
        }
      emit_lines (cv, indent, line, end, text->str);
      g_string_free (text, TRUE);
    }
}

/* TRUE if the position list @pl has a :relation whose later positions
 * may lie in variations (R10): the CQL 6 header needs `variations`. */
static gboolean
relation_variations (const CqSexp *pl)
{
  for (guint i = 1; i + 1 < pl->n_items; i++)
    if (pl->items[i]->kind == CQ_SEXP_STRING && strcmp (pl->items[i]->text, ":relation") == 0
        && (list_keyword (pl->items[i + 1], ":variations") != NULL
            || list_keyword (pl->items[i + 1], ":variationsonly") != NULL))
      return TRUE;
  return FALSE;
}

/* TRUE if the position list @pl, a list nested in it or a :relation of
 * theirs looks at variations (R1, R4, R10): the header needs
 * `variations`. */
static gboolean
any_list_variations (const CqSexp *pl)
{
  if (list_keyword (pl, ":variations") != NULL || relation_variations (pl))
    return TRUE;
  for (guint i = 1; i < pl->n_items; i++)
    if (pl->items[i]->kind == CQ_SEXP_LIST && pl->items[i - 1]->kind == CQ_SEXP_STRING
        && strcmp (pl->items[i - 1]->text, ":relation") != 0
        && !g_str_has_prefix (pl->items[i - 1]->text, ":ray"))
      for (guint k = 0; k < pl->items[i]->n_items; k++)
        if (pl->items[i]->items[k]->kind == CQ_SEXP_LIST
            && any_list_variations (pl->items[i]->items[k]))
          return TRUE;
  return FALSE;
}

/* A regular expression that finds @name whatever its case: each ASCII
 * letter as a class of both cases (`[Kk]`), digits and blanks as they
 * are, a few punctuation marks in a class of their own; NULL for any
 * other character (non-ASCII letters fold beyond one class). */
static char *
player_pattern (const char *name)
{
  GString *pattern = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p++)
    {
      if (g_ascii_isalpha (*p))
        g_string_append_printf (pattern, "[%c%c]", g_ascii_toupper (*p), g_ascii_tolower (*p));
      else if (g_ascii_isdigit (*p) || *p == ' ')
        g_string_append_c (pattern, *p);
      else if (strchr (".,-'():/", *p) != NULL)
        g_string_append_printf (pattern, "[%c]", *p);
      else
        {
          g_string_free (pattern, TRUE);
          return NULL;
        }
    }
  return g_string_free (pattern, FALSE);
}

/* The index of @item in @list. */
static guint
index_of (const CqSexp *list, const CqSexp *item)
{
  guint i = 0;

  while (list->items[i] != item)
    i++;
  return i;
}

/* TRUE if @pl's :matchcount range includes 0: a game matches where the
 * list matches nowhere, which a header's matchcount cannot say. */
static gboolean
matchcount_allows_zero (const CqSexp *pl)
{
  const CqSexp *count = list_keyword (pl, ":matchcount");
  guint i;
  gint64 min = 1, max = 1;

  if (count == NULL)
    return FALSE;
  i = index_of (pl, count);
  _cq_convert_take_range (pl, &i, &min, &max);
  return min <= 0;
}

/* `find [N M] quiet BODY` (@range "N M " or NULL); for a range 0 to
 * @zero_max (@zero), `not find quiet BODY` or `not (find all quiet BODY >
 * M)`: a count find has no value where nothing matches.  @bare: @body
 * needs no braces. */
static char *
find_text (const char *range, gboolean zero, gint64 zero_max, const char *body, gboolean bare)
{
  g_autofree char *braced = body[0] == '{' || bare ? g_strdup (body)
                                                   : g_strdup_printf ("{%s}", body);

  if (zero && zero_max == 0)
    return g_strdup_printf ("not find quiet %s", braced);
  if (zero)
    return g_strdup_printf ("not (find all quiet %s > %" G_GINT64_FORMAT ")", braced,
                            zero_max);
  return g_strdup_printf ("find %squiet %s", range != NULL ? range : "", braced);
}


/* The CQL 6 piece variable for the tag @name: capitalised, as the twins
 * in data/themes/ write them (`Pawn`), and prefixed with `Tag` when that
 * would read as a piece designator (`P`, `Ka1`). */
static char *
tag_variable (const char *name)
{
  g_autofree char *word = g_strdup (name);
  CqDesignator d;

  word[0] = g_ascii_toupper (word[0]);
  if (g_ascii_isdigit (word[0]) || strlen (word) < 2
      || _cq_designator_parse_cql6 (word, NULL, 1, 1, &d, NULL))
    return g_strconcat ("Tag", word, NULL);
  return g_steal_pointer (&word);
}

/* Writes the header and body of the CQL 6 query for the match list @ml. */
static gboolean
convert_match (Converter *cv, const CqSexp *ml)
{
  g_autoptr(GPtrArray) header = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) lists = g_ptr_array_new ();
  g_autoptr(GPtrArray) tags = g_ptr_array_new ();  /* the :forany items */
  /* Game filters written as the body's first filters (:player). */
  g_autoptr(GPtrArray) body_first = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) body_first_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean any_variations = FALSE;
  guint indent = 0;
  guint16 tag_colours[2] = { 0, 0 };
  g_autofree char *header_text = NULL;

  for (guint i = 1; i < ml->n_items; i++)
    {
      const CqSexp *item = ml->items[i];
      const CqKeywordInfo *info;
      gint64 min, max;

      if (item->kind == CQ_SEXP_LIST)
        {
          g_ptr_array_add (lists, (gpointer) item);
          if (list_keyword (item, ":variationsonly") || any_list_variations (item))
            any_variations = TRUE;
          continue;
        }
      info = _cq_keyword_lookup (item->text);
      g_assert (info != NULL);
      switch (info->id)
        {
        case CQ_KEYWORD_PGN:
          {
            const CqSexp *name = ml->items[++i];
            g_autofree char *path = path_text (name->text);

            if (i + 1 < ml->n_items && ml->items[i + 1]->kind == CQ_SEXP_STRING
                && !ml->items[i + 1]->quoted && ml->items[i + 1]->text[0] != ':')
              return _cq_convert_refuse (cv, ml->items[i + 1], "':pgn' with several files: CQL 6's "
                             "input names one");
            g_ptr_array_add (header, g_strdup_printf ("input %s", path));
          }
          break;
        case CQ_KEYWORD_OUTPUT:
          {
            g_autofree char *path = path_text (ml->items[++i]->text);

            g_ptr_array_add (header, g_strdup_printf ("output %s", path));
          }
          break;
        case CQ_KEYWORD_YEAR:
          /* R3: the Date tag's year; a game without one does not match.
           * A body filter, as CQL 6.2 reads `year` (its header does not
           * take it, docs/cql6-rulings.md 8). */
          _cq_convert_take_range (ml, &i, &min, &max);
          g_ptr_array_add (body_first, _cq_convert_range_text ("year", min, max, G_MININT64,
                                                               G_MAXINT64));
          g_array_append_val (body_first_lines, item->line);
          break;
        case CQ_KEYWORD_GAMENUMBER:
          _cq_convert_take_range (ml, &i, &min, &max);
          if (min == max)
            g_ptr_array_add (header, g_strdup_printf ("%s %" G_GINT64_FORMAT, item->text + 1,
                                                      min));
          else
            g_ptr_array_add (header, g_strdup_printf ("%s %" G_GINT64_FORMAT " %"
                                                      G_GINT64_FORMAT, item->text + 1, min,
                                                      max));
          break;
        case CQ_KEYWORD_RESULT:
          g_ptr_array_add (header, g_strdup_printf ("result %s",
                                                    _cq_convert_result_text (ml->items[++i]->text)));
          break;
        case CQ_KEYWORD_PLAYER:
          {
            /* R3: a part of White's or Black's name, whatever its case;
             * CQL 6's `player "X"` minds the case (docs/cql6-rulings.md
             * 3), so each letter becomes a class of both cases, a
             * pattern CQL 6.2's regular expressions read alike. */
            const CqSexp *name = ml->items[++i];
            g_autofree char *pattern = player_pattern (name->text);

            if (pattern == NULL)
              return _cq_convert_refuse (cv, name, "':player' with `%s`: only letters, digits, "
                                         "blanks and . , - ' ( ) : / convert", name->text);
            g_ptr_array_add (body_first, g_strdup_printf ("player white ~~ \"%s\" or player "
                                                          "black ~~ \"%s\"", pattern,
                                                          pattern));
            g_array_append_val (body_first_lines, item->line);
          }
          break;
        case CQ_KEYWORD_FORANY:
          {
            /* The name, then the designator (read below, with the
             * loops). */
            const CqSexp *name = ml->items[++i];

            i++;
            g_ptr_array_add (tags, (gpointer) item);
            cv->tag_names[cv->n_tags] = g_strdup (name->text);
            cv->tag_vars[cv->n_tags] = tag_variable (name->text);
            cv->n_tags++;
          }
          break;
        default:
          return _cq_convert_refuse (cv, item, "the keyword '%s' in the match list", item->text);
        }
    }

  if (any_variations)
    g_ptr_array_add (header, g_strdup ("variations"));
  cv->variations = any_variations;

  /* The accumulators' counts, for the :sumrange of any list (R8). */
  for (guint n = 0; n < lists->len; n++)
    if (!_cq_convert_accumulators (cv, lists->pdata[n], FALSE))
      return FALSE;

  if (lists->len == 1 && cv->n_tags == 0
      && list_keyword (lists->pdata[0], ":pretransformmatchcount") == NULL
      && !matchcount_allows_zero (lists->pdata[0]))
    {
      /* One position list: it is the body, evaluated at every position it
       * examines; its :matchcount is the header's. */
      const CqSexp *pl = lists->pdata[0];
      const CqSexp *count = list_keyword (pl, ":matchcount");
      gboolean plain = list_keyword (pl, ":variations") == NULL
                       && list_keyword (pl, ":variationsonly") == NULL;
      Block b;

      if (count != NULL)
        {
          guint i = index_of (pl, count);
          gint64 min = 0, max = 0;

          _cq_convert_take_range (pl, &i, &min, &max);
          /* 0 goes to the form with `find` (matchcount_allows_zero()). */
          g_assert (min > 0);
          g_ptr_array_add (header, min == max
                           ? g_strdup_printf ("matchcount %" G_GINT64_FORMAT, min)
                           : g_strdup_printf ("matchcount %" G_GINT64_FORMAT " %"
                                              G_GINT64_FORMAT, min, max));
        }
      g_ptr_array_add (header, NULL);
      header_text = g_strjoinv (" ", (char **) header->pdata);
      {
        g_autofree char *line = g_strdup_printf ("cql(%s)", header_text);

        emit (cv, 0, ml->line, line);
        for (guint k = 0; k < body_first->len; k++)
          emit (cv, 0, g_array_index (body_first_lines, guint, k), body_first->pdata[k]);
      }

      _cq_convert_block_init (&b);
      /* `variations` in the header for a :relation alone: the list's own
       * positions and moves stay on the main line. */
      cv->primary = any_variations && plain;
      if (!_cq_convert_list (cv, pl, &b))
        {
          _cq_convert_block_clear (&b);
          return FALSE;
        }
      cv->primary = FALSE;
      if (list_keyword (pl, ":variationsonly"))
        _cq_convert_block_prepend (&b, pl->line, g_strdup ("variation"));
      else if (any_variations && plain)
        _cq_convert_block_prepend (&b, pl->line, g_strdup ("mainline"));
      if (b.prefix == NULL && !b.negated)
        {
          /* The filters at the top level, those of one CQL 3 line on one
           * line. */
          emit_block_lines (cv, &b, 0);
          if (b.texts->len == 0)
            emit (cv, 0, pl->line, "true");
        }
      else
        {
          g_autofree char *open = g_strdup_printf ("%s%s {", b.negated ? "not (" : "",
                                                   b.prefix != NULL ? b.prefix : "");
          char *one = _cq_convert_block_inline (&b);

          /* On one line when short and written on one line in CQL 3
           * (so that each comment stays beside its filter). */
          gboolean one_line = b.texts->len == 0
                              || g_array_index (b.lines, guint, 0)
                                 == g_array_index (b.ends, guint, b.texts->len - 1);

          if (strlen (one) <= INLINE_WIDTH && one_line)
            emit_lines (cv, 0, pl->line, pl->end_line, one);
          else
            {
              /* "not {" without a transform: `not` then the braces. */
              if (b.prefix == NULL)
                {
                  g_free (open);
                  open = g_strdup ("not {");
                }
              emit (cv, 0, pl->line, open);
              emit_block_lines (cv, &b, 1);
              emit (cv, 0, pl->end_line, b.negated && b.prefix != NULL ? "})" : "}");
            }
          g_free (one);
        }
      _cq_convert_block_clear (&b);
      return TRUE;
    }

  /* Several position lists: the game matches when each of them matches
   * somewhere in it (the evaluator's match_binding()), so each becomes a
   * `find` from the initial position, keeping to the positions it
   * examines: a list without :variations in a query with `variations`
   * looks at the main line (and its moves at the main continuation).
   * With tags, the match list is evaluated for each piece a tag may name
   * (R11): a piece loop over the pieces of the initial position (a piece
   * keeps its identity, promoted too), each piece once it has had a type
   * of the tag's designator in a position examined (`find quiet`). */
  g_ptr_array_add (header, NULL);
  header_text = g_strjoinv (" ", (char **) header->pdata);
  {
    char *text = g_strdup_printf ("cql(%s)", header_text);

    emit (cv, 0, ml->line, text);
    for (guint k = 0; k < body_first->len; k++)
      emit (cv, 0, g_array_index (body_first_lines, guint, k), body_first->pdata[k]);
    g_free (text);
  }
  emit (cv, 0, ml->line, "initial");
  for (guint t = 0; t < cv->n_tags; t++)
    {
      const CqSexp *item = tags->pdata[t];
      const CqSexp *d_item = ml->items[index_of (ml, item) + 2];
      CqDesignator d;
      guint16 colours = 0;
      CqDesignatorSets types = { 0, CQ_SQUARES_ALL };
      g_autofree char *types_text = NULL;
      const char *loop_set;
      char *text;

      if (!_cq_designator_parse (d_item->text, cv->filename, d_item->line, d_item->column, &d,
                                 cv->error))
        return FALSE;
      types.pieces = d.pieces & CQ_PIECES_ANY;
      if (types.pieces & CQ_PIECES_WHITE)
        colours |= CQ_PIECES_WHITE;
      if (types.pieces & CQ_PIECES_BLACK)
        colours |= CQ_PIECES_BLACK;
      loop_set = colours == CQ_PIECES_ANY ? "[Aa]" : colours == CQ_PIECES_WHITE ? "A" : "a";
      text = g_strdup_printf ("piece %s in %s {", cv->tag_vars[t], loop_set);
      emit (cv, indent, item->line, text);
      g_free (text);
      indent++;
      /* Squares are ignored (R11): the types only. */
      if (types.pieces != colours)
        {
          types_text = cq_designator_sets_to_cql6_text (&types);
          text = g_strdup_printf ("find quiet (%s & %s)", cv->tag_vars[t], types_text);
          emit (cv, indent, item->line, text);
          g_free (text);
        }
      /* Two tags never name one piece (R11). */
      if (t == 1 && (tag_colours[0] & colours) != 0)
        {
          text = g_strdup_printf ("not (%s & %s)", cv->tag_vars[0], cv->tag_vars[1]);
          emit (cv, indent, item->line, text);
          g_free (text);
        }
      tag_colours[t] = colours;
    }
  for (guint n = 0; n < lists->len; n++)
    {
      const CqSexp *pl = lists->pdata[n];
      const CqSexp *count = list_keyword (pl, ":matchcount");
      const CqSexp *pretransform = list_keyword (pl, ":pretransformmatchcount");
      gboolean only = list_keyword (pl, ":variationsonly") != NULL;
      gboolean plain = !only && list_keyword (pl, ":variations") == NULL;
      g_autofree char *range = NULL;
      g_autofree char *body = NULL;
      gboolean zero = FALSE;
      gint64 zero_max = 0;
      char *text;
      Block b;

      if (pretransform != NULL)
        count = pretransform;
      if (count != NULL)
        {
          guint i = index_of (pl, count);
          gint64 min = 0, max = 0;

          _cq_convert_take_range (pl, &i, &min, &max);
          if (min == 0)
            {
              /* 0 to M: not more than M (find has no value for none). */
              zero = TRUE;
              zero_max = max;
            }
          else
            range = min == max ? g_strdup_printf ("%" G_GINT64_FORMAT " ", min)
                               : g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " ",
                                                  min, max);
        }
      _cq_convert_block_init (&b);
      cv->shift_h = cv->shift_v = FALSE;
      cv->primary = any_variations && plain;
      if (!_cq_convert_list (cv, pl, &b))
        {
          _cq_convert_block_clear (&b);
          return FALSE;
        }
      cv->primary = FALSE;
      if (pretransform != NULL && b.prefix != NULL)
        {
          /* R8: some member of the transforms matches at as many
           * positions as the range says: the transforms before the
           * counting `find`. */
          char *prefix = b.prefix;

          if (b.negated)
            {
              _cq_convert_block_clear (&b);
              return _cq_convert_refuse (cv, pretransform, "':pretransformmatchcount' with "
                                         ":not");
            }
          b.prefix = NULL;
          if (any_variations && plain)
            _cq_convert_block_prepend (&b, pl->line, g_strdup ("mainline"));
          else if (only)
            _cq_convert_block_prepend (&b, pl->line, g_strdup ("variation"));
          body = _cq_convert_block_inline (&b);
          b.prefix = prefix;
          {
            g_autofree char *find = find_text (range, zero, zero_max, body, FALSE);

            text = g_strdup_printf ("%s %s", prefix, find);
          }
          emit_lines (cv, indent, pl->line, pl->end_line, text);
          g_free (text);
          _cq_convert_block_clear (&b);
          continue;
        }
      /* A list that is only a gapped sequence matches somewhere in the
       * game when it matches at the initial position, whose lines pass
       * through every position (R9: positions before the first element
       * are allowed): no `find`, which would try the line from every
       * position. */
      if (b.gapped_only && range == NULL && !zero && !only)
        {
          body = _cq_convert_block_inline (&b);
          emit_lines (cv, indent, pl->line, pl->end_line, body);
          _cq_convert_block_clear (&b);
          continue;
        }
      if (any_variations && plain)
        _cq_convert_block_prepend (&b, pl->line, g_strdup ("mainline"));
      else if (only)
        _cq_convert_block_prepend (&b, pl->line, g_strdup ("variation"));
      body = _cq_convert_block_inline (&b);
      /* One filter in parentheses needs no braces. */
      text = find_text (range, zero, zero_max, body,
                        b.texts->len == 1 && b.prefix == NULL && !b.negated
                        && _cq_convert_one_group (body));
      emit_lines (cv, indent, pl->line, pl->end_line, text);
      g_free (text);
      _cq_convert_block_clear (&b);
    }
  while (indent > 0)
    emit (cv, --indent, ml->end_line, "}");
  return TRUE;
}

char *
cq_query_convert_to_cql6 (const char *text, gsize len, const char *filename, GError **error)
{
  g_autofree char *utf8 = NULL;
  g_autoptr(CqSexp) top = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_autoptr(GPtrArray) comments = NULL;
  Converter cv = { 0 };
  char *result = NULL;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  cv.filename = filename != NULL ? filename : "<query>";
  cv.error = error;

  utf8 = _cq_query_text_to_utf8 (text != NULL ? text : "", len, filename, error);
  if (utf8 == NULL)
    return NULL;
  if (cq_query_text_dialect (utf8, -1) == CQ_DIALECT_CQL6)
    {
      _cq_query_set_error (error, CQ_QUERY_ERROR_CONVERT, cv.filename, 1, 1,
                           "cannot convert to CQL 6: the query is CQL 6 already");
      return NULL;
    }
  /* The compiler's own errors for a bad CQL 3 query. */
  query = cq_query_new_from_string (utf8, filename, error);
  if (query == NULL)
    return NULL;
  top = _cq_sexp_read (utf8, strlen (utf8), filename, error);
  if (top == NULL)
    return NULL;

  comments = collect_comments (utf8);
  cv.out = g_ptr_array_new_with_free_func (out_line_free);
  cv.sums = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (convert_match (&cv, top->items[0]))
    {
      place_comments (&cv, comments);
      result = render (&cv);
    }
  g_ptr_array_unref (cv.out);
  g_hash_table_unref (cv.sums);
  for (guint t = 0; t < cv.n_tags; t++)
    {
      g_free (cv.tag_names[t]);
      g_free (cv.tag_vars[t]);
    }
  return result;
}
