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
  GString                 *text;        /* a comment put together (emit_annotations()) */
} Writer;

/* Makes room for a token of @len bytes whose first byte is @first_byte:
 * a space or a line break before it, so that no line exceeds 80 columns
 * (a longer token stands alone on its line).  @glue_before: no space
 * before the token (`)`).  The caller then appends the token. */
static inline void
emit_break (Writer *w, char first_byte, gsize len, gboolean glue_before)
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
  if (col == 0 && len > 0 && first_byte == '%')
    g_string_append_c (w->out, ' ');
  w->glue = FALSE;
}

/* Appends the token @s (@len bytes) to the movetext (emit_break()). */
static void
emit (Writer *w, const char *s, gsize len, gboolean glue_before)
{
  emit_break (w, len > 0 ? s[0] : '\0', len, glue_before);
  _cq_string_append (w->out, s, len);
}

/* Writes the move number @number followed by @dots dots ("12." or
 * "12...", or a NAG's number without dots) into @buf (at least 24 bytes);
 * returns the length. */
static gsize
format_move_number (char *buf, guint32 number, guint dots)
{
  gsize len = _cq_format_uint (buf, number);

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
 * checks: 187}` with two spaces) unless the line breaks there.  Each word
 * (with the opening brace before the first, the closing one after the
 * last, and the spaces kept before it) is one token, written straight
 * into the output: comments are most of what a study's game writes. */
static void
emit_comment_keeping (Writer *w, const char *text, gsize keep_from)
{
  /* The bytes by class: a word's, white space (g_ascii_isspace()), the
   * end, a brace (a word's, to be replaced). */
  enum { WORD = 0, SPACE = 1, END = 2, BRACE = 4 };
  static const guint8 class[256] = {
    ['\0'] = END, [' '] = SPACE, ['\t'] = SPACE, ['\n'] = SPACE, ['\v'] = SPACE,
    ['\f'] = SPACE, ['\r'] = SPACE, ['{'] = BRACE, ['}'] = BRACE,
  };
  const char *p = text;
  gboolean first = TRUE;
  gsize extra = 0;

  while (class[(guchar) *p] == SPACE)
    p++;
  while (class[(guchar) *p] != END)
    {
      const char *start = p, *run;
      guint seen = 0, c;
      gsize len, at, next_extra = 0;
      gboolean last;

      while (((c = class[(guchar) *p]) & (SPACE | END)) == 0)
        {
          seen |= c;
          p++;
        }
      run = p;
      while (class[(guchar) *p] == SPACE)
        p++;
      last = *p == '\0';
      /* A run of spaces from @keep_from on, kept before the next word. */
      if (!last && (gsize) (run - text) >= keep_from && p - run > 1
          && strspn (run, " ") >= (gsize) (p - run))
        next_extra = (gsize) (p - run) - 1;

      len = (first ? 1 : 0) + (gsize) (run - start) + (last ? 1 : 0);
      /* The extra spaces glued before the word: it stays on this line. */
      if (extra > 0 && w->out->len - w->line_start + 1 + extra + len > MAX_COLUMNS)
        extra = 0;
      emit_break (w, extra > 0 ? ' ' : first ? '{' : *start, extra + len, FALSE);
      for (gsize i = 0; i < extra; i++)
        g_string_append_c (w->out, ' ');
      if (first)
        _cq_string_append (w->out, "{", 1);
      at = w->out->len;
      _cq_string_append (w->out, start, (gsize) (run - start));
      if (seen & BRACE)
        {
          for (char *b = w->out->str + at; *b != '\0'; b++)
            if (*b == '{')
              *b = '(';
            else if (*b == '}')
              *b = ')';
        }
      if (last)
        _cq_string_append (w->out, "}", 1);
      first = FALSE;
      extra = next_extra;
    }
  if (first)
    emit (w, "{}", 2, FALSE);
}

static void
emit_comment (Writer *w, const char *text)
{
  emit_comment_keeping (w, text, G_MAXSIZE);
}

/* Appends @s to @text after a space if @text is not empty; nothing if
 * @s is NULL. */
static void
append_joined (GString *text, const char *s)
{
  if (s == NULL)
    return;
  if (text->len > 0)
    _cq_string_append (text, " ", 1);
  _cq_string_append (text, s, strlen (s));
}

/* The comments and marks that follow @node's move (or stand before the
 * first move, for the root).  Returns TRUE if it wrote any. */
static gboolean
emit_annotations (Writer *w, const CqNode *node)
{
  const CqPgnWriteOptions *o = w->options;
  gboolean marked = o && o->marks && node->index < o->n_marks && o->marks[node->index];
  /* Nodes added to the tree after it was read (the viewer's own moves) are
   * numbered past n_nodes and have no unread text. */
  gboolean skipped = w->has_skipped && node->index < w->game->n_nodes
                     && w->has_skipped[node->index];
  /* A CQL 6 query's own comments at this position, and the sort labels
   * after the first comment's mark. */
  const char *added = o && o->merge_comments && o->node_comments
                      && node->index < o->n_node_comments
                      ? o->node_comments[node->index] : NULL;
  const char *added_after = o && o->merge_comments && o->node_comments_after
                            && node->index < o->n_node_comments
                            ? o->node_comments_after[node->index] : NULL;
  const char *mark, *suffix, *own;
  gboolean header, merge_mark;
  gsize keep_from;
  GString *text = w->text;

  /* Most moves have nothing after them: no comment of their own, no mark,
   * no unread text, no comment of the query, and (not being the root) no
   * game number or sort labels. */
  if (node->comments_after_ == NULL && node->parent != NULL && !marked && !skipped
      && added == NULL && added_after == NULL)
    return FALSE;

  mark = marked && o->mark_texts && o->mark_texts[node->index]
         ? o->mark_texts[node->index] : w->mark_text;
  /* CQL 6.2's layout: the game number and the mark go inside the comment
   * already there. */
  header = o && o->merge_comments && node->parent == NULL && o->header_comment;
  merge_mark = marked && o->merge_comments;
  suffix = o && o->merge_comments && node->parent == NULL ? o->root_suffix : NULL;
  /* The game's own comment, unless the query removed it. */
  own = o && o->drop_comments && node->index < o->n_drop_comments
        && o->drop_comments[node->index]
        ? NULL : cq_node_get_comment_after (w->game, node);

  if (!skipped && !header && !merge_mark && !added && !added_after && !suffix)
    {
      /* The common case: the comment as it is, then the mark. */
      if (own)
        emit_comment (w, own);
      if (marked)
        emit_comment (w, mark);
      return own || marked;
    }

  g_string_truncate (text, 0);
  append_joined (text, own);
  /* The unread text joins the comment after the move: one comment, as it
   * reads back. */
  if (skipped)
    for (guint i = 0; i < w->n_skipped; i++)
      if (w->skipped[i].node == node)
        append_joined (text, w->skipped[i].text);
  /* What is added keeps its spacing; the game's own text does not. */
  keep_from = text->len;
  append_joined (text, header ? o->header_comment : NULL);
  append_joined (text, added);
  append_joined (text, merge_mark ? mark : NULL);
  append_joined (text, added_after);
  append_joined (text, suffix);
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
      char buf[32];
      gsize n;

      buf[0] = '$';
      n = 1 + format_move_number (buf + 1, node->nags[i], 0);
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
      const char *comment = n->comments_before_ != NULL ? cq_node_get_comment_before (w->game, n)
                                                        : NULL;

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
      len = cq_node_format_san (n, buf);
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
  const char *roster_values[CQ_TAG_ROSTER_SIZE];
  gboolean need_number = TRUE;

  g_return_if_fail (out != NULL && game != NULL);
  /* A game read in part (its variations or its tags left out) is not the game. */
  g_return_if_fail (!cq_game_is_partial (game));

  cq_game_parse_moves ((CqGame *) game);

  cq_game_get_roster (game, roster_values);
  result = game->result;
  if (result == NULL)
    result = is_result (roster_values[6]) ? roster_values[6] : "*";

  /* Tags. */
  for (guint i = 0; i < CQ_TAG_ROSTER_SIZE; i++)
    {
      const char *value = roster_values[i];

      if (value == NULL)
        value = i == 2 ? "????.??.??" : i == 6 ? result : "?";
      append_tag (out, cq_tag_roster[i], value);
    }
  for (guint i = 0; i < game->n_tags; i++)
    {
      if (cq_tag_roster_index (game->tags[i].name) < 0)
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
  w.text = g_string_new (NULL);
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
  g_string_free (w.text, TRUE);
}
