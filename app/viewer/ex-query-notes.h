/* ex-query-notes.h: under the game viewer, what the query wrote about the game shown.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cql/cq-query.h"

G_BEGIN_DECLS

#define EX_TYPE_QUERY_NOTES (ex_query_notes_get_type ())

G_DECLARE_FINAL_TYPE (ExQueryNotes, ex_query_notes, EX, QUERY_NOTES, GtkWidget)

/**
 * ex_query_notes_new:
 *
 * Creates the panel that shows, for the game in the viewer, the comment a
 * CQL 6 query wrote at the position shown and the lines its `message`
 * filters printed in the game.  Hidden while there is neither.
 *
 * Returns: (transfer floating): a new #ExQueryNotes.
 */
GtkWidget  *ex_query_notes_new           (void);

/**
 * ex_query_notes_set:
 * @notes: (array length=n_notes) (nullable): the query's comment text at
 *   each node of the game shown (each nullable;
 *   cq_annotate_comment_texts()); copied.
 * @messages: (array length=n_messages) (nullable): the game's `message`
 *   lines (#CqMessage); copied.
 * @n_more: how many more lines the game printed than @messages holds
 *   (said after them, not listed).
 *
 * Sets what the panel shows for a new game; the position is the root
 * until ex_query_notes_set_node().  NULL and 0 for both: nothing (hidden).
 */
void        ex_query_notes_set           (ExQueryNotes       *self,
                                          const char *const  *notes,
                                          guint               n_notes,
                                          const CqMessage    *messages,
                                          guint               n_messages,
                                          guint               n_more);

/* Shows the comment at node @node (none past the notes: the user's
 * moves, say). */
void        ex_query_notes_set_node      (ExQueryNotes       *self,
                                          guint               node);

/* The comment shown for the current node, or NULL when there is none
 * (for tests and accessibility). */
const char *ex_query_notes_get_comment   (ExQueryNotes       *self);

/* The messages as shown, one per line ("move 3(wtm): text"), or NULL. */
const char *ex_query_notes_get_messages  (ExQueryNotes       *self);

G_END_DECLS
