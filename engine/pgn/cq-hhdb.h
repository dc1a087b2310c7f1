/* cq-hhdb.h: the facts the Heijden study database (HHdb) writes in a
 * game's tags and first comment, read where CQL 6's `hhdb` filter and the
 * workbench's diagrams both find them.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * HHdb's conventions (as CQL 6.2's hhdb keys read them):
 * - the Event tag starts with the award, "1.p" (first prize), "2/3.hm"
 *   (shared second and third honourable mention), "sp.c" (special
 *   commendation), then a blank and the source; a '#' ends the source and
 *   starts the diagram number: "3.p 2nd UAPA internet ty#22";
 * - the White tag holds the composers as "Surname=I", blank-separated,
 *   with " NN" at the end when there are more than fit; with the marker
 *   MC in the Black tag, the first comment starts with all of them, up to
 *   a '.';
 * - the Black tag holds the GBR code of the material, "(+0016.32d4g7)"
 *   ('+' a win, '=' a draw), and markers (MC, TT, "(c)", U1 ...);
 * - the first comment holds "stipulation: mate in 24." when the
 *   stipulation is neither win nor draw, and "(EG#N)".
 * Every function returns spans of the game's own strings (no copies).
 */
#pragma once

#include <glib.h>
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/**
 * CqHhdbAwardKind:
 * @CQ_HHDB_PRIZE: a prize (".p").
 * @CQ_HHDB_HM: an honourable mention (".hm").
 * @CQ_HHDB_COMMENDATION: a commendation (".c").
 */
typedef enum {
  CQ_HHDB_PRIZE,
  CQ_HHDB_HM,
  CQ_HHDB_COMMENDATION
} CqHhdbAwardKind;

/**
 * CqHhdbAward:
 * @kind: prize, honourable mention or commendation.
 * @first: the rank ("2" in "2/3.hm"), 0 when the award names none.
 * @last: the last of a shared rank ("3" in "2/3.hm"); @first when not
 *   shared, 0 when the award names no rank.
 * @special: a special award ("sp.p", "1.sp.hm").
 * @length: the bytes of the Event tag the award takes ("2/3.hm": 6).
 */
typedef struct {
  CqHhdbAwardKind kind;
  gint64          first;
  gint64          last;
  gboolean        special;
  gsize           length;
} CqHhdbAward;

/**
 * cq_hhdb_read_award:
 * @event: (nullable): an Event tag's value.
 * @award: (out): the award read.
 *
 * Reads the award at the start of @event as CQL 6.2's `hhdb` does: an
 * optional rank (a positive number up to 10^8, or two, "2/3", the second
 * larger), an optional "sp" (".sp" after a rank), then ".p", ".hm" or
 * ".c".
 *
 * Returns: %TRUE if @event starts with an award; *@award is set only then.
 */
gboolean    cq_hhdb_read_award     (const char *event, CqHhdbAward *award);

/**
 * cq_hhdb_find_gbr:
 * @black: (nullable): a Black tag's value.
 *
 * The GBR code in @black, as CQL 6.2's pattern finds it: a character
 * from '+' to '=', four digits, '.', two digits and two squares, e.g.
 * "+0016.32d4g7" in "(+0016.32d4g7) TT".
 *
 * Returns: (nullable): the code's first character (12 bytes follow from
 *   it, unterminated), inside @black; %NULL if there is none.
 */
const char *cq_hhdb_find_gbr       (const char *black);

/**
 * cq_hhdb_first_comment:
 * @game: a parsed game.
 *
 * Returns: (nullable): the comment before the game's first move
 *   (cq_node_get_comment_after() of the root), owned by @game; %NULL when
 *   there is none or it is empty.
 */
const char *cq_hhdb_first_comment  (const CqGame *game);

/**
 * cq_hhdb_composer:
 * @game: a parsed game.
 * @out: (out): the start of the composers' names, owned by @game.
 * @length: (out): their length in bytes (0 for an empty White tag).
 *
 * The composers as HHdb writes them (`hhdb composer`): with the marker MC
 * in the Black tag, the first comment up to its first '.'; otherwise the
 * White tag without a trailing " NN".
 *
 * Returns: %TRUE if the game names them (*@out and *@length set only
 *   then): FALSE without a White tag, or with MC and no '.' after the
 *   comment's first character.
 */
gboolean    cq_hhdb_composer       (const CqGame *game, const char **out, gsize *length);

/**
 * cq_hhdb_stipulation:
 * @game: a parsed game.
 * @out: (out): the start of the stipulation, owned by @game.
 *
 * The stipulation HHdb writes in the first comment when it is neither win
 * nor draw (`hhdb stipulation`): the text after "stipulation: " up to the
 * next '.', e.g. "mate in 24".
 *
 * Returns: the length in bytes of the text at *@out; 0 (and *@out unset)
 *   when there is none.
 */
gsize       cq_hhdb_stipulation    (const CqGame *game, const char **out);

/**
 * cq_hhdb_diagram:
 * @event: (nullable): an Event tag's value.
 * @out: (out): the start of the diagram number, inside @event.
 *
 * The diagram number (`hhdb diagram`): the text after the first '#' that
 * is followed by a non-blank, up to a blank or the end ("22" in
 * "3.p 2nd UAPA internet ty#22").
 *
 * Returns: its length in bytes; 0 (and *@out unset) when there is none.
 */
gsize       cq_hhdb_diagram        (const char *event, const char **out);

/**
 * cq_hhdb_eg_number:
 * @game: a parsed game.
 * @number: (out): the number.
 *
 * The study's number in the magazine EG (`hhdb egdiagram`): the digits
 * after the first "EG#" of the first comment that has some.
 *
 * Returns: %TRUE if there is one of at most 18 digits.
 */
gboolean    cq_hhdb_eg_number      (const CqGame *game, gint64 *number);

G_END_DECLS
