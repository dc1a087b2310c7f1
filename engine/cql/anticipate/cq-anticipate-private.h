/* cq-anticipate-private.h: a position search's images of its position,
 * shared by its evaluation (cq-anticipate.c) and its index condition
 * (cq-anticipate-index.c).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cql/common/cq-common-private.h"

G_BEGIN_DECLS

/* One image of the searched position. */
typedef struct {
  CqBitboard pieces[CQ_N_PIECES]; /* [CQ_EMPTY] unused */
  CqBitboard by_color[2];
  guint8     side_to_move;
  guint8     kind;                /* #CqMatchKind */
  guint8     count[2];            /* pieces of each colour */
} Image;

struct _CqAnticipation {
  guint n_images;
  Image images[4];
  guint max_differ;
};

G_END_DECLS
