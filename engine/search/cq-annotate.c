/* cq-annotate.c: the annotated PGN of a matched game, as `cql` writes it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One place for what the search driver used to build inline for its
 * output PGN, so that the workbench's export and viewer use the same
 * code (see cq-annotate.h).  Nothing here runs for a game that did not
 * match, and the comment texts only for a game with comments.
 */
#include "config.h"

#include <string.h>

#include "search/cq-annotate.h"
#include "pgn/cq-pgn-private.h"

void
cq_annotation_style_init (CqAnnotationStyle     *style,
                          const CqQuery         *query,
                          const CqSearchOptions *opts)
{
  CqSearchOptions defaults;

  g_return_if_fail (style != NULL);
  g_return_if_fail (query != NULL);

  if (opts == NULL)
    {
      cq_search_options_init (&defaults);
      opts = &defaults;
    }
  memset (style, 0, sizeof *style);
  style->dialect = cq_query_get_dialect (query);
  style->mark_text = opts->mark_text != NULL ? opts->mark_text
                                              : cq_query_get_mark_text (query);
  /* CQL 6's `silent` adds no comment at all, `quiet` no mark (in the
   * query's mark text). */
  style->header = opts->header && !cq_query_get_silent (query);
  style->quiet = opts->quiet || cq_query_get_quiet (query);
  style->silent = opts->silent || cq_query_get_silent (query);
  style->position_search = cq_query_is_position_search (query);
  style->no_set_tags = opts->no_set_tags;
  style->no_remove_comments = opts->no_remove_comments;
}

/* Orders comment indices by node, then as written. */
static gint
compare_comment_nodes (gconstpointer a, gconstpointer b, gpointer data)
{
  const CqPositionComment *comments = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  guint32 x = comments[i].node;
  guint32 y = comments[j].node;

  if (x != y)
    return x < y ? -1 : 1;
  return (i > j) - (i < j);
}

gboolean
cq_annotate_comment_texts (const CqPositionComment *comments,
                           guint                    n_comments,
                           guint                    n_nodes,
                           gboolean                 quiet,
                           const guint32           *split,
                           GPtrArray              **before,
                           GPtrArray              **after)
{
  g_autofree guint *order = NULL;
  guint n = 0;

  g_return_val_if_fail (before != NULL && after != NULL, FALSE);

  if (comments == NULL || n_comments == 0)
    return FALSE;
  /* The comments' indices, grouped by node, in order within a node. */
  order = g_new (guint, n_comments);
  for (guint i = 0; i < n_comments; i++)
    if (comments[i].node < n_nodes && !(quiet && comments[i].automatic)
        && comments[i].edit == CQ_COMMENT_EDIT_NONE)
      order[n++] = i;
  if (n == 0)
    return FALSE;
  g_qsort_with_data (order, n, sizeof *order, compare_comment_nodes, (gpointer) comments);
  *before = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_set_size (*before, n_nodes);
  *after = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_set_size (*after, n_nodes);
  for (guint i = 0; i < n;)
    {
      guint32 node = comments[order[i]].node;
      guint32 at = split != NULL ? split[node] : G_MAXUINT32;
      GString *text[2] = { NULL, NULL };
      guint start = i, end = i;
      g_autoptr(GHashTable) seen_set = NULL;

      while (end < n && comments[order[end]].node == node)
        end++;
      /* Many comments at one position (echo ... in all): a set, not a
       * scan, finds the repeated ones. */
      if (end - start > 16)
        seen_set = g_hash_table_new (g_str_hash, g_str_equal);
      for (; i < end; i++)
        {
          const char *t = comments[order[i]].text;
          gboolean seen = FALSE;
          guint side = order[i] < at ? 0 : 1;

          if (seen_set != NULL)
            seen = !g_hash_table_add (seen_set, (gpointer) t);
          else
            for (guint j = start; j < i && !seen; j++)
              seen = strcmp (comments[order[j]].text, t) == 0;
          if (seen)
            continue;
          /* Joined by spaces, as CQL 6.2 joins the comments of a position. */
          if (text[side] == NULL)
            text[side] = g_string_new (NULL);
          else
            g_string_append_c (text[side], ' ');
          g_string_append (text[side], t);
        }
      if (text[0] != NULL)
        g_ptr_array_index (*before, node) = g_string_free (text[0], FALSE);
      if (text[1] != NULL)
        g_ptr_array_index (*after, node) = g_string_free (text[1], FALSE);
    }
  return TRUE;
}

void
cq_annotate_write_game (GString                 *out,
                        const CqGame            *game,
                        const CqAnnotationStyle *style,
                        const CqAnnotatedMatch  *match)
{
  CqPgnWriteOptions wopts = { 0 };
  g_autofree char *header = NULL;
  g_autofree guint8 *marks = g_new0 (guint8, MAX (game->n_nodes, 1));
  g_autoptr(GPtrArray) mark_texts = NULL;
  g_autoptr(GPtrArray) comment_texts = NULL;
  g_autoptr(GPtrArray) comment_texts_after = NULL;
  g_autofree guint32 *split = NULL;
  g_autofree guint8 *drop = NULL;
  g_autoptr(GArray) tags = NULL;
  g_autoptr(GPtrArray) tag_texts = NULL;

  g_return_if_fail (out != NULL && game != NULL && style != NULL && match != NULL);

  /* The query's edits of the game (CQL 6's settag, removecomment): made
   * whether the query is silent or not. */
  for (guint i = 0; i < match->n_comments; i++)
    {
      const CqPositionComment *e = &match->comments[i];

      if (e->edit == CQ_COMMENT_EDIT_REMOVE && e->node < game->n_nodes
          && !style->no_remove_comments)
        {
          if (drop == NULL)
            drop = g_new0 (guint8, game->n_nodes);
          drop[e->node] = 1;
        }
      else if (e->edit == CQ_COMMENT_EDIT_TAG && !style->no_set_tags)
        {
          const char *space = strchr (e->text, ' ');
          CqTag tag;

          if (space == NULL)
            continue;
          if (tags == NULL)
            {
              tags = g_array_new (FALSE, FALSE, sizeof (CqTag));
              tag_texts = g_ptr_array_new_with_free_func (g_free);
            }
          tag.name = g_strndup (e->text, (gsize) (space - e->text));
          tag.value = space + 1;
          g_ptr_array_add (tag_texts, (char *) tag.name);
          g_array_append_val (tags, tag);
        }
    }
  wopts.drop_comments = drop;
  wopts.n_drop_comments = drop != NULL ? game->n_nodes : 0;
  wopts.set_tags = tags != NULL ? (const CqTag *) tags->data : NULL;
  wopts.n_set_tags = tags != NULL ? tags->len : 0;

  for (guint i = 0; i < match->n_positions; i++)
    if (match->positions[i].node < game->n_nodes)
      marks[match->positions[i].node] = 1;
  if (style->header)
    {
      /* CQL 3 writes {Original game: N} (R2), CQL 6.2 {Game number N}. */
      const char *label = style->dialect == CQ_DIALECT_CQL6 ? "Game number " : "Original game: ";

      /* Put together without g_strdup_printf(), which costs more than the
       * rest of a short game's writing. */
      GString *h = g_string_sized_new (64);
      char digits[24];

      g_string_append (h, label);
      _cq_string_append (h, digits, _cq_format_uint (digits, match->number));
      if (match->file_name != NULL)
        {
          g_string_append (h, " (");
          g_string_append (h, match->file_name);
          g_string_append (h, ", game ");
          _cq_string_append (h, digits, _cq_format_uint (digits, match->number_in_file));
          g_string_append_c (h, ')');
        }
      header = g_string_free (h, FALSE);
    }
  wopts.header_comment = header;
  wopts.mark_text = style->mark_text != NULL ? style->mark_text : "";
  wopts.marks = *wopts.mark_text != '\0' ? marks : NULL;
  wopts.merge_comments = style->dialect == CQ_DIALECT_CQL6;
  wopts.n_marks = wopts.marks != NULL ? game->n_nodes : 0;
  /* A CQL 6 query's comments and sort labels, unless silent. */
  if (!style->silent)
    {
      /* The mark goes where the position matched among its comments. */
      if (wopts.marks != NULL && match->n_comments > 0)
        {
          split = g_new (guint32, MAX (game->n_nodes, 1));
          for (guint i = 0; i < game->n_nodes; i++)
            split[i] = G_MAXUINT32;
          for (guint i = 0; i < match->n_positions; i++)
            if (match->positions[i].node < game->n_nodes)
              split[match->positions[i].node] = match->positions[i].comments_before;
        }
      if (cq_annotate_comment_texts (match->comments, match->n_comments, game->n_nodes,
                                     style->quiet, split,
                                     &comment_texts, &comment_texts_after))
        {
          wopts.node_comments = (const char *const *) comment_texts->pdata;
          wopts.node_comments_after = (const char *const *) comment_texts_after->pdata;
          wopts.n_node_comments = comment_texts->len;
        }
      wopts.root_suffix = match->sort_labels;
    }
  /* A position search says at each mark what it found there. */
  if (wopts.marks != NULL && style->position_search)
    {
      mark_texts = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_set_size (mark_texts, (guint) game->n_nodes);
      for (guint i = 0; i < match->n_positions; i++)
        {
          const CqMatchedPosition *m = &match->positions[i];
          g_autofree char *found = cq_match_describe (m);

          if (m->node < game->n_nodes)
            g_ptr_array_index (mark_texts, m->node)
              = g_strdup_printf ("%s %s", wopts.mark_text, found);
        }
      wopts.mark_texts = (const char *const *) mark_texts->pdata;
    }
  cq_pgn_write_game (out, game, &wopts);
}
