/* cq-pgn-writer.c: writes a game tree in PGN export format.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-private.h"

#define MAX_COLUMNS 80

typedef struct {
  GString                 *out;
  gsize                    line_start;  /* index in @out where the current line starts */
  gboolean                 glue;        /* the next token follows without a space */
  const CqGame            *game;
  const CqPgnWriteOptions *options;
  const char              *mark_text;
  const CqSkippedText     *skipped;
  guint                    n_skipped;
  guint8                  *has_skipped; /* per node index, or NULL */
  GString                 *scratch;
} Writer;

static const char *const roster[7] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result"
};

/* Appends the token @s (@len bytes) to the movetext, after a space or a
 * line break so that no line exceeds 80 columns (a longer token stands
 * alone on its line).  @glue_before: no space before the token (`)`). */
static void
emit (Writer *w, const char *s, gsize len, gboolean glue_before)
{
  gsize col = w->out->len - w->line_start;

  if (col > 0)
    {
      gboolean glue = w->glue || glue_before;

      if (col + (glue ? 0 : 1) + len > MAX_COLUMNS)
        {
          g_string_append_c (w->out, '\n');
          w->line_start = w->out->len;
          col = 0;
        }
      else if (!glue)
        g_string_append_c (w->out, ' ');
    }
  /* A `%` in the first column would make the line an escape line
   * (PGN standard 6): indent it by one space. */
  if (col == 0 && len > 0 && s[0] == '%')
    g_string_append_c (w->out, ' ');
  _cq_string_append (w->out, s, len);
  w->glue = FALSE;
}

/* Writes the move number @number followed by @dots dots ("12." or
 * "12...") into @buf (at least 16 bytes); returns the length.  Called for
 * every white move written, where g_snprintf () cost more than the rest
 * of the writer. */
static gsize
format_move_number (char *buf, guint32 number, guint dots)
{
  char digits[10];
  gsize n = 0, len = 0;

  do
    {
      digits[n++] = (char) ('0' + number % 10);
      number /= 10;
    }
  while (number > 0);
  while (n > 0)
    buf[len++] = digits[--n];
  while (dots-- > 0)
    buf[len++] = '.';
  buf[len] = '\0';
  return len;
}

static void
emit_str (Writer *w, const char *s)
{
  emit (w, s, strlen (s), FALSE);
}

/* Writes @text as a `{}` comment, wrapped between words.  Braces in @text
 * become parentheses so that the comment stays one comment.  White space
 * between words becomes one space, except that from byte @keep_from on a
 * run of spaces is kept as it is (CQL 6.2 writes `{Game number 244 CQL
 * checks: 187}` with two spaces) unless the line breaks there. */
static void
emit_comment_keeping (Writer *w, const char *text, gsize keep_from)
{
  GString *word = w->scratch;
  const char *p = text;
  gboolean first = TRUE;

  for (;;)
    {
      const char *start, *run = p;
      gsize extra = 0;

      while (*p && g_ascii_isspace (*p))
        p++;
      if (!first && (gsize) (run - text) >= keep_from && p - run > 1
          && strspn (run, " ") >= (gsize) (p - run))
        extra = (gsize) (p - run) - 1;
      start = p;
      while (*p && !g_ascii_isspace (*p))
        p++;
      if (p == start)
        break;

      g_string_truncate (word, 0);
      if (first)
        _cq_string_append (word, "{", 1);
      {
        gsize at = word->len;

        /* The word in one copy, then its braces replaced in place. */
        _cq_string_append (word, start, p - start);
        for (char *c = word->str + at; *c != '\0'; c++)
          if (*c == '{')
            *c = '(';
          else if (*c == '}')
            *c = ')';
      }
      {
        const char *rest = p;

        while (*rest && g_ascii_isspace (*rest))
          rest++;
        if (*rest == '\0')
          _cq_string_append (word, "}", 1);
      }
      if (extra > 0 && w->out->len - w->line_start + 1 + extra + word->len <= MAX_COLUMNS)
        {
          /* The extra spaces glued before the word: it stays on this line. */
          for (gsize i = 0; i < extra; i++)
            g_string_prepend_c (word, ' ');
        }
      emit (w, word->str, word->len, FALSE);
      first = FALSE;
    }
  if (first)
    emit (w, "{}", 2, FALSE);
}

static void
emit_comment (Writer *w, const char *text)
{
  emit_comment_keeping (w, text, G_MAXSIZE);
}

/* The comments and marks that follow @node's move (or stand before the
 * first move, for the root).  Returns TRUE if it wrote any. */
static gboolean
emit_annotations (Writer *w, const CqNode *node)
{
  const CqPgnWriteOptions *o = w->options;
  gboolean marked = o && o->marks && node->index < o->n_marks && o->marks[node->index];
  const char *mark = marked && o->mark_texts && o->mark_texts[node->index]
                     ? o->mark_texts[node->index] : w->mark_text;
  /* Nodes added to the tree after it was read (the viewer's own moves) are
   * numbered past n_nodes and have no unread text. */
  gboolean skipped = w->has_skipped && node->index < w->game->n_nodes
                     && w->has_skipped[node->index];
  /* CQL 6.2's layout: the game number and the mark go inside the comment
   * already there. */
  gboolean header = o && o->merge_comments && node->parent == NULL && o->header_comment;
  gboolean merge_mark = marked && o->merge_comments;
  /* A CQL 6 query's own comments at this position, and the sort labels
   * after the first comment's mark. */
  const char *added = o && o->merge_comments && o->node_comments
                      && node->index < o->n_node_comments
                      ? o->node_comments[node->index] : NULL;
  const char *added_after = o && o->merge_comments && o->node_comments_after
                            && node->index < o->n_node_comments
                            ? o->node_comments_after[node->index] : NULL;
  const char *suffix = o && o->merge_comments && node->parent == NULL
                       ? o->root_suffix : NULL;
  /* The game's own comment, unless the query removed it. */
  const char *own = o && o->drop_comments && node->index < o->n_drop_comments
                    && o->drop_comments[node->index]
                    ? NULL : cq_node_get_comment_after (w->game, node);
  gsize keep_from;
  g_autoptr (GString) text = NULL;

  if (!skipped && !header && !merge_mark && !added && !added_after && !suffix)
    {
      /* The common case: the comment as it is, then the mark. */
      if (own)
        emit_comment (w, own);
      if (marked)
        emit_comment (w, mark);
      return own || marked;
    }

  text = g_string_new (own);
  /* The unread text joins the comment after the move: one comment, as it
   * reads back. */
  if (skipped)
    for (guint i = 0; i < w->n_skipped; i++)
      if (w->skipped[i].node == node)
        {
          if (text->len)
            g_string_append_c (text, ' ');
          g_string_append (text, w->skipped[i].text);
        }
  /* What is added keeps its spacing; the game's own text does not. */
  keep_from = text->len;
  if (header)
    {
      if (text->len)
        g_string_append_c (text, ' ');
      g_string_append (text, o->header_comment);
    }
  if (added)
    {
      if (text->len)
        g_string_append_c (text, ' ');
      g_string_append (text, added);
    }
  if (merge_mark)
    {
      if (text->len)
        g_string_append_c (text, ' ');
      g_string_append (text, mark);
    }
  if (added_after)
    {
      if (text->len)
        g_string_append_c (text, ' ');
      g_string_append (text, added_after);
    }
  if (suffix)
    {
      if (text->len)
        g_string_append_c (text, ' ');
      g_string_append (text, suffix);
    }
  emit_comment_keeping (w, text->str, keep_from);
  if (marked && !merge_mark)
    emit_comment (w, mark);
  return TRUE;
}

static void
emit_nags (Writer *w, const CqNode *node)
{
  for (guint i = 0; i < node->n_nags; i++)
    {
      char buf[8];
      int n = g_snprintf (buf, sizeof buf, "$%u", node->nags[i]);
      emit (w, buf, n, FALSE);
    }
}

/* Writes the line of play that starts with the move of @node, with the
 * variations met on the way (recursively; the reader bounds their
 * depth). */
static void
write_line (Writer *w, const CqNode *node, gboolean need_number)
{
  for (const CqNode *n = node; n; n = n->first_child)
    {
      const CqPosition *before = &n->parent->position;
      char buf[32];
      gsize len;
      const char *comment = cq_node_get_comment_before (w->game, n);

      if (comment)
        {
          emit_comment (w, comment);
          need_number = TRUE;
        }
      if (before->side_to_move == CQ_WHITE || need_number)
        {
          len = format_move_number (buf, before->fullmove_number,
                                    before->side_to_move == CQ_WHITE ? 1 : 3);
          emit (w, buf, len, FALSE);
        }
      len = cq_san_format_after (before, &n->move, &n->position, buf);
      emit (w, buf, len, FALSE);
      emit_nags (w, n);
      need_number = emit_annotations (w, n);

      if (n->parent->first_child == n && n->next_sibling)
        {
          for (const CqNode *v = n->next_sibling; v; v = v->next_sibling)
            {
              emit (w, "(", 1, FALSE);
              w->glue = TRUE;
              write_line (w, v, TRUE);
              emit (w, ")", 1, TRUE);
            }
          need_number = TRUE;
        }
    }
}

static void
append_tag (GString *out, const char *name, const char *value)
{
  /* _cq_string_append() rather than g_string_append(): this runs for every
   * tag of every game written, and GLib 2.74's append is a call that costs
   * more than the copy. */
  _cq_string_append (out, "[", 1);
  _cq_string_append (out, name, strlen (name));
  _cq_string_append (out, " \"", 2);
  /* The value in runs between the characters that need a backslash. */
  for (const char *v = value; *v;)
    {
      gsize run = strcspn (v, "\"\\");

      _cq_string_append (out, v, run);
      v += run;
      if (*v)
        {
          char escaped[2] = { '\\', *v++ };

          _cq_string_append (out, escaped, 2);
        }
    }
  _cq_string_append (out, "\"]\n", 3);
}

/* The value the options set for the tag @name (the last one), or NULL. */
static const char *
set_tag_value (const CqPgnWriteOptions *options, const char *name)
{
  const char *value = NULL;

  for (guint i = 0; options != NULL && i < options->n_set_tags; i++)
    if (strcmp (options->set_tags[i].name, name) == 0)
      value = options->set_tags[i].value;
  return value;
}

static gboolean
is_result (const char *s)
{
  return s && (strcmp (s, "1-0") == 0 || strcmp (s, "0-1") == 0
               || strcmp (s, "1/2-1/2") == 0 || strcmp (s, "*") == 0);
}

void
cq_pgn_write_game (GString *out, const CqGame *game, const CqPgnWriteOptions *options)
{
  Writer w = { 0 };
  const char *result;
  gboolean need_number = TRUE;

  g_return_if_fail (out != NULL && game != NULL);
  /* A game read in part (its variations or its tags left out) is not the game. */
  g_return_if_fail (!cq_game_is_partial (game));

  cq_game_parse_moves ((CqGame *) game);

  result = game->result;
  if (result == NULL)
    result = is_result (cq_game_get_tag (game, "Result")) ? cq_game_get_tag (game, "Result") : "*";

  /* Tags. */
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    {
      const char *value = cq_game_get_tag (game, roster[i]);

      if (value == NULL)
        value = i == 2 ? "????.??.??" : i == 6 ? result : "?";
      append_tag (out, roster[i], value);
    }
  for (guint i = 0; i < game->n_tags; i++)
    {
      gboolean in_roster = FALSE;

      for (guint r = 0; r < G_N_ELEMENTS (roster) && !in_roster; r++)
        in_roster = game->tags[i].name[0] == roster[r][0]
                    && strcmp (game->tags[i].name, roster[r]) == 0;
      if (!in_roster)
        {
          const char *set = set_tag_value (options, game->tags[i].name);

          append_tag (out, game->tags[i].name, set != NULL ? set : game->tags[i].value);
        }
    }
  /* The tags set that the game does not have, each once, in the order
   * first set. */
  for (guint i = 0; options != NULL && i < options->n_set_tags; i++)
    {
      const char *name = options->set_tags[i].name;
      gboolean seen = cq_game_get_tag (game, name) != NULL;

      for (guint j = 0; j < i && !seen; j++)
        seen = strcmp (options->set_tags[j].name, name) == 0;
      if (!seen)
        append_tag (out, name, set_tag_value (options, name));
    }
  g_string_append_c (out, '\n');

  /* Movetext. */
  w.out = out;
  w.line_start = out->len;
  w.game = game;
  w.options = options;
  w.mark_text = options && options->mark_text ? options->mark_text : "MATCH";
  w.skipped = _cq_game_get_skipped (game, &w.n_skipped);
  w.scratch = g_string_new (NULL);
  if (w.n_skipped > 0 && game->n_nodes > 0)
    {
      w.has_skipped = g_malloc0 (game->n_nodes);
      for (guint i = 0; i < w.n_skipped; i++)
        if (w.skipped[i].node)
          w.has_skipped[w.skipped[i].node->index] = 1;
    }

  if (options && options->header_comment && !options->merge_comments)
    emit_comment (&w, options->header_comment);
  for (guint i = 0; i < w.n_skipped; i++)
    if (w.skipped[i].node == NULL)
      emit_comment (&w, w.skipped[i].text);
  if (game->root)
    {
      emit_annotations (&w, game->root);
      emit_nags (&w, game->root);
      if (game->root->first_child)
        write_line (&w, game->root->first_child, need_number);
    }
  emit_str (&w, result);
  g_string_append (out, "\n\n");

  g_free (w.has_skipped);
  g_string_free (w.scratch, TRUE);
}
