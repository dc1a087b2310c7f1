/* ex-move-text.c: the text of a game's move list, with the spans to style.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-move-text.h"

/* Layout state while the text is written. */
typedef struct {
  ExMoveText *mt;
  guint32     n_chars;        /* length of mt->text in characters */
  guint32     para_start;     /* offset of the current paragraph */
  int         para_depth;     /* its variation depth */
  int         pending_depth;  /* >= 0: start a paragraph of this depth first */
  gboolean    at_para_start;  /* nothing written on this paragraph yet */
  gboolean    after_open;     /* the last thing written is "(" */
  gboolean    need_number;    /* a Black move must show "N..." */
  gboolean    para_error;     /* the current paragraph is the error message */
  gboolean    figurine;       /* EX_MOVE_TEXT_FIGURINE */
  guint       game_nodes;     /* the game's own nodes; higher indices are the user's */
  GString    *scratch;
  const char *const *notes;   /* the query's text at each node, or NULL */
  guint       n_notes;
  const CqGame *game;
} Writer;

gsize
ex_san_to_figurine (const char *san,
                    char       *out,
                    gsize       out_size)
{
  gsize n = 0;

  g_return_val_if_fail (san != NULL, 0);
  g_return_val_if_fail (out != NULL && out_size > 0, 0);

  for (const char *p = san; *p != '\0'; p++)
    {
      const char *figurine = NULL;
      gsize len;

      switch (*p)
        {
        case 'K': figurine = "♔"; break;
        case 'Q': figurine = "♕"; break;
        case 'R': figurine = "♖"; break;
        case 'B': figurine = "♗"; break;
        case 'N': figurine = "♘"; break;
        default: break;
        }

      len = figurine != NULL ? strlen (figurine) : 1;
      if (n + len + 1 > out_size)
        break;
      memcpy (out + n, figurine != NULL ? figurine : p, len);
      n += len;
    }
  out[n] = '\0';

  return n;
}

const char *
ex_nag_to_glyph (guint nag)
{
  /* The NAGs of the PGN standard (section 10) that have a symbol in
   * common use (ChessBase's and the Informator's); the PGN writer keeps
   * writing `$n`, this is only how the viewer shows them. */
  switch (nag)
    {
    case 1: return "!";
    case 2: return "?";
    case 3: return "!!";
    case 4: return "??";
    case 5: return "!?";
    case 6: return "?!";
    case 7: case 8: return "□";          /* forced move, singular move */
    case 10: case 11: case 12: return "="; /* drawish, equal chances */
    case 13: return "∞";                 /* unclear */
    case 14: return "⩲";                 /* White is slightly better */
    case 15: return "⩱";
    case 16: return "±";                 /* White is better */
    case 17: return "∓";
    case 18: case 20: return "+−";       /* White is winning */
    case 19: case 21: return "−+";
    case 22: case 23: return "⨀";        /* zugzwang */
    case 26: case 27: return "○";        /* space advantage */
    case 32: case 33: return "⟳";        /* development advantage */
    case 36: case 37: return "→";        /* initiative */
    case 40: case 41: return "↑";        /* attack */
    case 44: case 45: return "=∞";       /* compensation for the material */
    case 132: case 133: return "⇆";      /* counterplay */
    case 138: case 139: return "⊕";      /* time trouble */
    case 140: return "∆";                /* with the idea */
    case 141: return "∇";                /* aimed against */
    case 142: return "⌓";                /* better is */
    case 143: return "≤";                /* worse is */
    case 144: return "==";               /* equal is (not $10's "=": drawish) */
    case 145: return "RR";               /* editorial comment */
    case 146: return "N";                /* novelty */
    default: return NULL;
    }
}

static void
writer_append (Writer     *w,
               const char *text,
               gssize      len)
{
  if (len < 0)
    len = strlen (text);

  g_string_append_len (w->mt->text, text, len);
  w->n_chars += g_utf8_strlen (text, len);
  w->at_para_start = FALSE;
  w->after_open = len > 0 && text[len - 1] == '(';
}

static void
writer_add_span (Writer        *w,
                 ExMoveTextKind kind,
                 guint32        start,
                 guint32        node,
                 int            depth,
                 gboolean       mainline)
{
  ExMoveTextSpan span = {
    .start = start,
    .end = w->n_chars,
    .node = node,
    .kind = kind,
    .depth = (guint8) MIN (depth, G_MAXUINT8),
    .mainline = !!mainline,
  };

  if (kind == EX_MOVE_TEXT_MOVE && node >= w->game_nodes)
    {
      /* A node the game view added for the user's moves (numbered after
       * the game's): the index table grows to it. */
      span.own = TRUE;
      if (node >= w->mt->n_nodes)
        {
          w->mt->node_to_move = g_renew (guint32, w->mt->node_to_move, node + 1);
          for (guint i = w->mt->n_nodes; i <= node; i++)
            w->mt->node_to_move[i] = G_MAXUINT32;
          w->mt->n_nodes = node + 1;
        }
    }
  g_array_append_val (w->mt->spans, span);
  if (kind == EX_MOVE_TEXT_MOVE)
    {
      g_array_append_val (w->mt->moves, span);
      if (node < w->mt->n_nodes)
        w->mt->node_to_move[node] = w->mt->moves->len - 1;
    }
}

static void
writer_close_paragraph (Writer *w)
{
  if (w->n_chars > w->para_start)
    writer_add_span (w, EX_MOVE_TEXT_PARAGRAPH, w->para_start, 0, w->para_depth,
                     w->para_depth == 0 && !w->para_error);
}

static void
writer_new_paragraph (Writer *w,
                      int     depth)
{
  writer_close_paragraph (w);
  if (w->mt->text->len > 0)
    writer_append (w, "\n", 1);
  w->para_start = w->n_chars;
  w->para_depth = depth;
  w->para_error = FALSE;
  w->at_para_start = TRUE;
  w->after_open = FALSE;
}

/* Prepares for the next token: starts the pending paragraph, if any, or
 * writes the separating space. */
static void
writer_begin_token (Writer *w)
{
  if (w->pending_depth >= 0)
    {
      writer_new_paragraph (w, w->pending_depth);
      w->pending_depth = -1;
    }
  else if (!w->at_para_start && !w->after_open)
    writer_append (w, " ", 1);
}

/* Writes @comment as a span of @kind (a comment, or the query's at
 * @node): lichess/ChessBase commands such as [%csl Gd4] or
 * [%clk 0:03:00] are dropped and white space is collapsed. */
static void
writer_add_comment_full (Writer         *w,
                         const char     *comment,
                         int             depth,
                         ExMoveTextKind  kind,
                         guint32         node)
{
  GString *clean = w->scratch;
  g_autofree char *valid = NULL;
  gboolean space = FALSE;
  guint32 start;

  if (comment == NULL)
    return;

  if (!g_utf8_validate (comment, -1, NULL))
    comment = valid = g_utf8_make_valid (comment, -1);

  g_string_truncate (clean, 0);
  for (const char *p = comment; *p != '\0'; p++)
    {
      if (p[0] == '[' && p[1] == '%')
        {
          const char *close = strchr (p, ']');

          if (close != NULL)
            {
              p = close;
              space = clean->len > 0;
              continue;
            }
        }

      if (g_ascii_isspace (*p))
        space = clean->len > 0;
      else
        {
          if (space)
            g_string_append_c (clean, ' ');
          g_string_append_c (clean, *p);
          space = FALSE;
        }
    }

  if (clean->len == 0)
    return;

  writer_begin_token (w);
  start = w->n_chars;
  writer_append (w, clean->str, clean->len);
  writer_add_span (w, kind, start, node, depth, FALSE);
  w->need_number = TRUE;
}

static void
writer_add_comment (Writer     *w,
                    const char *comment,
                    int         depth)
{
  writer_add_comment_full (w, comment, depth, EX_MOVE_TEXT_COMMENT, 0);
}

/* Writes the query's note at @node, if there is one. */
static void
writer_add_note (Writer  *w,
                 guint32  node,
                 int      depth)
{
  if (w->notes != NULL && node < w->n_notes && node < w->game_nodes)
    writer_add_comment_full (w, w->notes[node], depth, EX_MOVE_TEXT_QUERY_COMMENT, node);
}

static void
writer_add_move (Writer       *w,
                 const CqNode *node,
                 int           depth,
                 gboolean      mainline)
{
  const CqPosition *before = &node->parent->position;
  char san[CQ_SAN_MAX + 1];
  guint32 start;
  gsize len;

  writer_add_comment (w, cq_node_get_comment_before (w->game, node), depth);

  if (before->side_to_move == CQ_WHITE || w->need_number)
    {
      char number[32];

      writer_begin_token (w);
      start = w->n_chars;
      g_snprintf (number, sizeof number,
                  before->side_to_move == CQ_WHITE ? "%u." : "%u...",
                  (guint) before->fullmove_number);
      writer_append (w, number, -1);
      writer_add_span (w, EX_MOVE_TEXT_NUMBER, start, 0, depth, mainline);
    }

  len = cq_node_format_san (node, san);
  if (len == 0 || len > CQ_SAN_MAX)
    {
      /* Cannot happen for a replayed move; keep what the PGN said. */
      g_strlcpy (san, node->san != NULL ? node->san : "?", sizeof san);
      len = strlen (san);
    }

  writer_begin_token (w);
  start = w->n_chars;
  if (w->figurine)
    {
      char figurine[4 * CQ_SAN_MAX + 1];

      writer_append (w, figurine, ex_san_to_figurine (san, figurine, sizeof figurine));
    }
  else
    writer_append (w, san, len);
  for (guint i = 0; i < node->n_nags; i++)
    if (node->nags[i] >= 1 && node->nags[i] <= 6)
      writer_append (w, ex_nag_to_glyph (node->nags[i]), -1);
  writer_add_span (w, EX_MOVE_TEXT_MOVE, start, node->index, depth, mainline);
  w->need_number = FALSE;

  for (guint i = 0; i < node->n_nags; i++)
    {
      const char *glyph = ex_nag_to_glyph (node->nags[i]);
      char dollar[8];

      if (node->nags[i] >= 1 && node->nags[i] <= 6)
        continue;
      if (glyph == NULL)
        {
          g_snprintf (dollar, sizeof dollar, "$%u", (guint) node->nags[i]);
          glyph = dollar;
        }
      writer_begin_token (w);
      start = w->n_chars;
      writer_append (w, glyph, -1);
      writer_add_span (w, EX_MOVE_TEXT_NAG, start, 0, depth, mainline);
    }

  writer_add_comment (w, cq_node_get_comment_after (w->game, node), depth);
  writer_add_note (w, node->index, depth);
}

static void writer_add_line (Writer *w, const CqNode *first, int depth, gboolean mainline);

static void
writer_add_variation (Writer       *w,
                      const CqNode *first,
                      int           depth)
{
  gboolean block = depth <= EX_MOVE_TEXT_MAX_BLOCK_DEPTH;

  if (block)
    w->pending_depth = depth;
  writer_begin_token (w);
  writer_append (w, "(", 1);

  writer_add_line (w, first, depth, FALSE);

  /* The closing parenthesis stays on the variation's last paragraph. */
  g_string_append_c (w->mt->text, ')');
  w->n_chars++;
  w->after_open = FALSE;

  if (block)
    w->pending_depth = depth - 1;
}

/* Writes the line that starts with the move @first and follows the first
 * children; after each move, the variations that replace it. */
static void
writer_add_line (Writer       *w,
                 const CqNode *first,
                 int           depth,
                 gboolean      mainline)
{
  w->need_number = TRUE;

  for (const CqNode *node = first; node != NULL; node = node->first_child)
    {
      writer_add_move (w, node, depth, mainline);

      if (node->parent->first_child == node && node->next_sibling != NULL)
        {
          for (const CqNode *v = node->next_sibling; v != NULL; v = v->next_sibling)
            writer_add_variation (w, v, depth + 1);
          w->need_number = TRUE;
        }
    }
}

ExMoveText *
ex_move_text_new (const CqGame *game)
{
  return ex_move_text_new_full (game, EX_MOVE_TEXT_FLAGS_NONE);
}

ExMoveText *
ex_move_text_new_full (const CqGame    *game,
                       ExMoveTextFlags  flags)
{
  return ex_move_text_new_with_notes (game, flags, NULL, 0);
}

ExMoveText *
ex_move_text_new_with_notes (const CqGame       *game,
                             ExMoveTextFlags     flags,
                             const char *const  *notes,
                             guint               n_notes)
{
  ExMoveText *mt;
  Writer w = { 0 };

  g_return_val_if_fail (game != NULL, NULL);

  mt = g_new0 (ExMoveText, 1);
  mt->text = g_string_new (NULL);
  mt->spans = g_array_new (FALSE, FALSE, sizeof (ExMoveTextSpan));
  mt->moves = g_array_sized_new (FALSE, FALSE, sizeof (ExMoveTextSpan), game->n_nodes);
  mt->n_nodes = game->root != NULL ? game->n_nodes : 0;
  mt->node_to_move = g_new (guint32, MAX (mt->n_nodes, 1));
  for (guint i = 0; i < mt->n_nodes; i++)
    mt->node_to_move[i] = G_MAXUINT32;

  w.mt = mt;
  w.game = game;
  w.game_nodes = mt->n_nodes;
  w.figurine = (flags & EX_MOVE_TEXT_FIGURINE) != 0;
  w.pending_depth = -1;
  w.at_para_start = TRUE;
  w.scratch = g_string_new (NULL);
  w.notes = notes;
  w.n_notes = notes != NULL ? n_notes : 0;

  if (game->root != NULL)
    {
      const char *result = game->result;
      guint32 start;

      /* The root: a clickable token for the initial position. */
      writer_append (&w, _("Start"), -1);
      writer_add_span (&w, EX_MOVE_TEXT_MOVE, 0, game->root->index, 0, TRUE);
      writer_add_comment (&w, cq_node_get_comment_before (game, game->root), 0);
      writer_add_comment (&w, cq_node_get_comment_after (game, game->root), 0);
      writer_add_note (&w, game->root->index, 0);

      if (game->root->first_child != NULL)
        writer_add_line (&w, game->root->first_child, 0, TRUE);

      if (result == NULL)
        result = cq_game_get_tag (game, "Result");
      if (result != NULL && *result != '\0')
        {
          writer_begin_token (&w);
          start = w.n_chars;
          writer_append (&w, result, -1);
          writer_add_span (&w, EX_MOVE_TEXT_RESULT, start, 0, 0, TRUE);
        }
    }

  if (game->error != NULL)
    {
      g_autofree char *message = NULL;
      guint32 start;

      w.pending_depth = -1;
      writer_new_paragraph (&w, 0);
      w.para_error = TRUE;
      start = w.n_chars;
      message = g_strdup_printf (_("Error: %s"), game->error);
      writer_append (&w, message, -1);
      writer_add_span (&w, EX_MOVE_TEXT_ERROR, start, 0, 0, FALSE);
    }

  writer_close_paragraph (&w);
  g_string_free (w.scratch, TRUE);

  return mt;
}

void
ex_move_text_free (ExMoveText *self)
{
  if (self == NULL)
    return;

  g_string_free (self->text, TRUE);
  g_array_unref (self->spans);
  g_array_unref (self->moves);
  g_free (self->node_to_move);
  g_free (self);
}

int
ex_move_text_node_at_offset (const ExMoveText *self,
                             guint             offset)
{
  guint lo = 0;
  guint hi;

  g_return_val_if_fail (self != NULL, -1);

  hi = self->moves->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const ExMoveTextSpan *span = &g_array_index (self->moves, ExMoveTextSpan, mid);

      if (offset < span->start)
        hi = mid;
      else if (offset >= span->end)
        lo = mid + 1;
      else
        return span->node;
    }

  return -1;
}

const ExMoveTextSpan *
ex_move_text_get_move (const ExMoveText *self,
                       guint             node)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (node >= self->n_nodes || self->node_to_move[node] == G_MAXUINT32)
    return NULL;

  return &g_array_index (self->moves, ExMoveTextSpan, self->node_to_move[node]);
}
