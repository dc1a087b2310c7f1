/* ex-result.h: one matched game in the workbench's results list.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "search/cq-search.h"

G_BEGIN_DECLS

#define EX_TYPE_RESULT (ex_result_get_type ())

/* The `message` lines a result keeps at most (ex_result_get_messages()). */
#define EX_RESULT_MAX_MESSAGES 100

G_DECLARE_FINAL_TYPE (ExResult, ex_result, EX, RESULT, GObject)

ExResult                *ex_result_new_from_match (const CqMatch *match);

guint64                  ex_result_get_number      (ExResult *self);
const CqGameSource      *ex_result_get_source      (ExResult *self);
const char              *ex_result_get_white       (ExResult *self);
const char              *ex_result_get_black       (ExResult *self);
const char              *ex_result_get_event       (ExResult *self);
const char              *ex_result_get_site        (ExResult *self);
const char              *ex_result_get_date        (ExResult *self);
const char              *ex_result_get_round       (ExResult *self);
const char              *ex_result_get_result      (ExResult *self);
const CqMatchedPosition *ex_result_get_positions   (ExResult *self,
                                                    guint    *n_positions);
const CqSortValue       *ex_result_get_sort_values (ExResult *self,
                                                    guint    *n_values);
const char              *ex_result_get_sort_labels (ExResult *self);
const CqPositionComment *ex_result_get_comments    (ExResult *self,
                                                    guint    *n_comments);
const CqMessage         *ex_result_get_messages    (ExResult *self,
                                                    guint    *n_messages);
guint                    ex_result_get_n_messages_dropped (ExResult *self);

G_END_DECLS
