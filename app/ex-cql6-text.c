/* ex-cql6-text.c: the text the workbench writes in either dialect: new
 * queries, the palettes' class spellings, and where an item goes in a
 * CQL 6 query.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * - New Query starts from ex_cql_new_query_text(), in the dialect of the
 *   "new-query-dialect" setting (ex_cql_new_query_dialect()).  The picker
 *   and the pattern board write the dialect of the editor's text, or that
 *   setting's for an empty editor (ex_cql_insert_dialect()).
 * - CQL 6 designators (docs/cql6.md "Piece designators") denote the same
 *   sets as CQL 3's with other letters: `_` is the empty square, `.` every
 *   square, a bare square designator (`a1`, `a-h1`) is any content, and
 *   there are no `M I U ?` classes nor `?` square wildcards.  The engine
 *   writes them (cq_designator_sets_to_cql6_text()) and reads them back
 *   (cq_designator_sets_parse_cql6()).
 * - A pattern in CQL 6 is a list of filters of the body, which the engine
 *   writes (cq_pattern_to_cql6_text()).
 * - An item goes into the body of a CQL 6 query (ex_cql6_plan_insertion()):
 *   in place of a new query's placeholder `true` when that is all the body
 *   holds, a designator at the cursor when the query still parses with it there,
 *   a position on the cursor's line when it is empty, anything else at the
 *   end of the body; `cql()` is written first into an empty editor.
 */
#include "config.h"

#include <string.h>

#include "ex-utils.h"
#include "ex-cql6-text.h"

void
ex_cql6_insertion_clear (ExCql6Insertion *insertion)
{
  g_clear_pointer (&insertion->header_text, g_free);
  g_clear_pointer (&insertion->body_text, g_free);
}

/* ------------------------------------------------------------------------
 * New queries
 */

CqDialect
ex_cql_new_query_dialect (void)
{
  GSettings *settings = ex_utils_get_settings ();
  g_autofree char *value = NULL;

  if (settings == NULL)
    return CQ_DIALECT_CQL6;
  value = g_settings_get_string (settings, "new-query-dialect");
  return g_strcmp0 (value, "cql3") == 0 ? CQ_DIALECT_CQL3 : CQ_DIALECT_CQL6;
}

const char *
ex_cql_new_query_text (CqDialect dialect)
{
  if (dialect == CQ_DIALECT_CQL3)
    return "; A new query: write the position's keywords and designators\n"
           "; inside (position), or insert them with Theme Tools\n"
           "(match\n"
           "  (position))\n";
  return "cql()\n"
         "// A new query: a position matches when all the filters below do.\n"
         "// Replace `true` with yours (`mate`, `Ra1`), or insert them with Theme Tools.\n"
         "true\n";
}

static gboolean
is_blank (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

CqDialect
ex_cql_insert_dialect (const char *text)
{
  g_return_val_if_fail (text != NULL, CQ_DIALECT_CQL3);

  if (is_blank (text))
    return ex_cql_new_query_dialect ();
  return cq_query_text_dialect (text, -1);
}

/* ------------------------------------------------------------------------
 * Designators and patterns
 */

char *
ex_cql_class_spelling (char      symbol,
                       CqDialect dialect)
{
  char letter[2] = { symbol, '\0' };
  CqDesignatorSets d = { 0, CQ_SQUARES_ALL };
  char *text = NULL;

  if (dialect == CQ_DIALECT_CQL6 && cq_designator_sets_parse (letter, &d, NULL))
    {
      d.squares = CQ_SQUARES_ALL;
      text = cq_designator_sets_to_cql6_text (&d);
    }
  return text != NULL ? text : g_strdup (letter);
}

/* ------------------------------------------------------------------------
 * Insertion into a CQL 6 query
 */

/* Where each byte of a CQL 6 text is: code, or inside a comment or a
 * string (the lexer's rules: `//` or `;` to the end of the line but `///`
 * a filter, `/ * ... * /`, "strings" with backslash escapes). */
typedef enum { IN_CODE, IN_LINE_COMMENT, IN_BLOCK_COMMENT, IN_STRING } Place;

/* Returns: the place of each byte of @text (@len + 1 entries, the last for
 * the end of the text). */
static guint8 *
map_places (const char *text,
            gsize       len)
{
  guint8 *places = g_new (guint8, len + 1);
  Place place = IN_CODE;

  for (gsize i = 0; i < len; i++)
    {
      char c = text[i], next = text[i + 1];

      places[i] = place;
      switch (place)
        {
        case IN_CODE:
          if (c == '/' && next == '/' && i + 2 < len && text[i + 2] == '/'
              && text[i + 3] != '/')
            {
              /* `///` is a filter, the comment filter to the end of its
               * line: code, as the rest of its line (`////` a comment). */
              places[++i] = place;
              places[++i] = place;
            }
          else if ((c == '/' && next == '/') || c == ';')
            place = IN_LINE_COMMENT;
          else if (c == '/' && next == '*')
            {
              place = IN_BLOCK_COMMENT;
              places[i] = place;
              if (i + 1 < len)
                places[++i] = place;
            }
          else if (c == '"')
            place = IN_STRING;
          if (place == IN_LINE_COMMENT)
            places[i] = place;
          break;
        case IN_LINE_COMMENT:
          if (c == '\n')
            place = IN_CODE, places[i] = place;
          break;
        case IN_BLOCK_COMMENT:
          if (c == '*' && next == '/')
            {
              if (i + 1 < len)
                places[++i] = place;
              place = IN_CODE;
            }
          break;
        case IN_STRING:
          if (c == '\\' && i + 1 < len)
            places[++i] = place;
          else if (c == '"')
            place = IN_CODE;
          break;
        }
    }
  places[len] = place;
  return places;
}

/* Finds the header `cql( ... )`: the byte offsets of its '(' and ')'.
 * Returns: FALSE if the text's first word is not `cql` or its header is
 * not closed. */
static gboolean
find_header (const char   *text,
             const guint8 *places,
             gsize         len,
             gsize        *open,
             gsize        *close)
{
  gsize i = 0;
  int depth = 0;

  while (i < len && (places[i] != IN_CODE || g_ascii_isspace (text[i])))
    i++;
  if (len - i < 3 || strncmp (text + i, "cql", 3) != 0)
    return FALSE;
  i += 3;
  while (i < len && g_ascii_isspace (text[i]))
    i++;
  if (i >= len || text[i] != '(')
    return FALSE;
  *open = i;
  for (; i < len; i++)
    if (places[i] == IN_CODE)
      {
        if (text[i] == '(')
          depth++;
        else if (text[i] == ')' && --depth == 0)
          {
            *close = i;
            return TRUE;
          }
      }
  return FALSE;
}

/* TRUE if the header between @open and @close holds the word @word. */
static gboolean
header_has_word (const char *text,
                 gsize       open,
                 gsize       close,
                 const char *word)
{
  gsize n = strlen (word);

  for (gsize i = open + 1; i + n <= close; i++)
    if (strncmp (text + i, word, n) == 0
        && !g_ascii_isalnum (text[i - 1]) && !g_ascii_isalnum (text[i + n]))
      return TRUE;
  return FALSE;
}

static gboolean
parses (const char *text)
{
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, "<insert>", NULL);

  return query != NULL;
}

static gboolean
is_word_byte (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == ']' || c == '[' || c == ',' || c == '-';
}

/* The byte offset of the body's placeholder: the body after the header
 * (which closes at @close) holds one word outside comments, `true`, the
 * filter ex_cql_new_query_text() writes for the user to replace; or -1. */
static gssize
find_placeholder (const char   *text,
                  const guint8 *places,
                  gsize         len,
                  gsize         close)
{
  gssize found = -1;

  for (gsize i = close + 1; i < len; i++)
    {
      if (places[i] != IN_CODE || g_ascii_isspace (text[i]))
        continue;
      if (found >= 0 || len - i < 4 || strncmp (text + i, "true", 4) != 0
          || (i + 4 < len && places[i + 4] == IN_CODE && !g_ascii_isspace (text[i + 4])))
        return -1;
      found = (gssize) i;
      i += 3;
    }
  return found;
}

/* @text with @insert put at byte @at. */
static char *
spliced (const char *text,
         gsize       at,
         const char *insert)
{
  return g_strdup_printf ("%.*s%s%s", (int) at, text, insert, text + at);
}

void
ex_cql6_plan_insertion (const char      *text,
                        int              cursor,
                        const char      *item,
                        ExCql6ItemKind   kind,
                        const char      *header_word,
                        ExCql6Insertion *out)
{
  gsize len, open = 0, close = 0, at;
  g_autofree guint8 *places = NULL;
  gboolean has_header;

  g_return_if_fail (text != NULL && item != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  if (is_blank (text))
    {
      out->replace_all = TRUE;
      out->body_text = g_strdup_printf ("cql(%s)\n%s\n", header_word != NULL ? header_word : "",
                                        item);
      out->cursor = (int) g_utf8_strlen (out->body_text, -1) - 1;
      return;
    }

  len = strlen (text);
  places = map_places (text, len);
  has_header = find_header (text, places, len, &open, &close);
  if (has_header && header_word != NULL && !header_has_word (text, open, close, header_word))
    {
      gboolean empty = TRUE;

      for (gsize i = open + 1; i < close; i++)
        if (!g_ascii_isspace (text[i]))
          empty = FALSE;
      out->header_offset = (int) g_utf8_pointer_to_offset (text, text + close);
      out->header_text = g_strdup_printf ("%s%s", empty ? "" : " ", header_word);
    }

  if (has_header)
    {
      gssize placeholder = find_placeholder (text, places, len, close);

      if (placeholder >= 0)
        {
          out->body_offset = (int) g_utf8_pointer_to_offset (text, text + placeholder);
          out->body_length = 4;
          out->body_text = g_strdup (item);
          out->cursor = out->body_offset + (int) g_utf8_strlen (item, -1);
          if (out->header_text != NULL)
            out->cursor += (int) g_utf8_strlen (out->header_text, -1);
          return;
        }
    }

  at = (gsize) (g_utf8_offset_to_pointer (text, CLAMP (cursor, 0, (int) g_utf8_strlen (text, -1)))
                - text);
  if (has_header && at > close && places[at] == IN_CODE
      && (at == 0 || places[at - 1] == IN_CODE || text[at - 1] == '\n'))
    {
      g_autofree char *candidate = NULL;
      g_autofree char *insert = NULL;

      if (kind == EX_CQL6_ITEM_DESIGNATOR)
        {
          /* After the word the cursor is in, spaced from its neighbours. */
          while (at > 0 && at < len && is_word_byte (text[at - 1]) && is_word_byte (text[at]))
            at++;
          insert = g_strdup_printf ("%s%s%s",
                                    at > 0 && !g_ascii_isspace (text[at - 1])
                                      && text[at - 1] != '(' && text[at - 1] != '{' ? " " : "",
                                    item,
                                    at < len && !g_ascii_isspace (text[at])
                                      && text[at] != ')' && text[at] != '}' ? " " : "");
        }
      else
        {
          gsize start = at, end = at;

          /* Only on a line of blanks, where it is a line of its own. */
          while (start > 0 && text[start - 1] != '\n' && g_ascii_isspace (text[start - 1]))
            start--;
          while (end < len && text[end] != '\n' && g_ascii_isspace (text[end]))
            end++;
          if ((start == 0 || text[start - 1] == '\n') && (end == len || text[end] == '\n'))
            insert = g_strdup (item);
        }
      if (insert != NULL)
        {
          candidate = spliced (text, at, insert);
          if (parses (candidate) || !parses (text))
            {
              out->body_offset = (int) g_utf8_pointer_to_offset (text, text + at);
              out->body_text = g_steal_pointer (&insert);
              /* After the item, before the space that follows it. */
              out->cursor = out->body_offset + (int) g_utf8_strlen (out->body_text, -1)
                            - (g_str_has_suffix (out->body_text, " ") ? 1 : 0);
              if (out->header_text != NULL)
                out->cursor += (int) g_utf8_strlen (out->header_text, -1);
              return;
            }
        }
    }

  /* At the end, on a line of its own; `cql()` first when there is no
   * header (a text of comments only). */
  out->body_offset = (int) g_utf8_strlen (text, -1);
  out->body_text = g_strdup_printf ("%s%s%s\n", text[len - 1] == '\n' ? "" : "\n",
                                    has_header ? "" : "cql()\n", item);
  out->cursor = out->body_offset + (int) g_utf8_strlen (out->body_text, -1) - 1;
  if (out->header_text != NULL)
    out->cursor += (int) g_utf8_strlen (out->header_text, -1);
}

void
ex_cql6_insert_into_buffer (GtkTextBuffer  *buffer,
                            const char     *item,
                            ExCql6ItemKind  kind,
                            const char     *header_word)
{
  g_auto(ExCql6Insertion) plan = { 0 };
  g_autofree char *text = NULL;
  GtkTextIter start, end, where;

  g_return_if_fail (GTK_IS_TEXT_BUFFER (buffer));
  g_return_if_fail (item != NULL);

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  gtk_text_buffer_get_iter_at_mark (buffer, &where, gtk_text_buffer_get_insert (buffer));
  ex_cql6_plan_insertion (text, gtk_text_iter_get_offset (&where), item, kind, header_word,
                          &plan);

  gtk_text_buffer_begin_user_action (buffer);
  if (plan.replace_all)
    {
      gtk_text_buffer_delete (buffer, &start, &end);
      gtk_text_buffer_get_start_iter (buffer, &where);
      gtk_text_buffer_insert (buffer, &where, plan.body_text, -1);
    }
  else
    {
      /* The later change first, so that the earlier offset still holds. */
      gtk_text_buffer_get_iter_at_offset (buffer, &where, plan.body_offset);
      if (plan.body_length > 0)
        {
          GtkTextIter replaced = where;

          gtk_text_iter_forward_chars (&replaced, plan.body_length);
          gtk_text_buffer_delete (buffer, &where, &replaced);
        }
      gtk_text_buffer_insert (buffer, &where, plan.body_text, -1);
      if (plan.header_text != NULL)
        {
          gtk_text_buffer_get_iter_at_offset (buffer, &where, plan.header_offset);
          gtk_text_buffer_insert (buffer, &where, plan.header_text, -1);
        }
    }
  gtk_text_buffer_end_user_action (buffer);
  gtk_text_buffer_get_iter_at_offset (buffer, &where, plan.cursor);
  gtk_text_buffer_place_cursor (buffer, &where);
}
