/* cq6-hhdb-keys.c: `hhdb KEY`, CQL 6.2's words for the conventions of the
 * Heijden study database (HHdb), other than the awards (cq6-hhdb.c).
 *
 * HHdb writes a study's facts in its tags and first comment:
 * - the Black tag holds the GBR code of the material, as "(+0016.32d4g7)"
 *   (result sign, four digits of pieces, two of pawns, then the two kings'
 *   squares), and markers: MC (too many composers: the first comment then
 *   starts with all their names), TT (theme tourney), AN (anticipated),
 *   U1 .. U5 (the kind of unsoundness), "(c)" (correction) ...;
 * - the White tag the composers, with " NN" at the end when there are
 *   more than fit;
 * - the Event tag the award and, after '#', the diagram number;
 * - the first comment "stipulation: ...." when it is not win or draw, the
 *   source, and "(EG#N)", the study's number in the magazine EG;
 * - comments in the moves: "<cook>", "<minor_dual>", "<main>" (a line
 *   that is part of the solution though not the first), "<or>", "<eg>".
 *
 * The tags and the first comment are read by pgn/cq-hhdb.c.
 * Each key means what CQL 6.2's hhdbkeyword table makes of it (it reads
 * each key as a small CQL query over these tags and comments):
 * - a marker (MC, TT, "(c)", ...; or its long name, `correction`,
 *   `theme_tourney`, ...): the Black tag contains it;
 * - "<cook>", "<eg>", "<main>", "<minor_dual>", "<or>": the comment of the
 *   position (the one after the move that led to it; at the start, the
 *   comment before the first move) contains "<cook", "<eg>", "<main>",
 *   "<minor_dual" or "<or>";
 * - `cooked` (also `cql_hhdbhascook`): "<cook" is anywhere in the game's
 *   text;
 * - `dual`: the Black tag contains U1 or U2; `unsound`: the study is
 *   cooked or the Black tag holds U1 to U5; `sound`: neither cooked with
 *   U1 or U2, nor U3, U4, U5 in the Black tag;
 * - `composer` (a string): with MC, the first comment up to its first
 *   '.', else the White tag without a trailing " NN";
 * - `diagram` (a string): the Event tag's text after the first '#'
 *   followed by a non-blank, up to a blank;
 * - `egdiagram` (a number): the N of the first "EG#N" in the first comment;
 * - `firstcomment` (a string): the first comment, if there is one;
 * - `stipulation` (a string): the text of the first comment between
 *   "stipulation: " and the next '.';
 * - `search` (a string): the Event, White and Black tags and the first
 *   comment, one a line;
 * - `gbr` (a string): the GBR code in the Black tag, without its
 *   brackets; `gbr material`, `gbr pieces`, `gbr pawns`, `gbr kings`: its
 *   parts "0016.32", "0016", "32", "d4g7";
 * - `mainline`, `variation` (the header must have `variations`): the way
 *   here takes no variation move (a move that is not its position's
 *   first continuation) whose comment lacks "<main>"; `variation`, some.
 * A string key followed by a quoted string tests that the value contains
 * it.  `hhdb source`, which CQL 6.2 lists but cannot run ("Internal: no
 * cql mapping for key"), is refused.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "pgn/cq-hhdb.h"

#include <string.h>

/* CQ6_HHDB_KEY.which: the `hhdb` keys that are not awards (CQL 6.2's
 * hhdbkeyword table; the comment at the top gives each one's meaning). */
enum {
  CQ6_HHDB_KEY_MARKER,       /* a marker in the Black tag: MC, (c), ... */
  CQ6_HHDB_KEY_COMMENT,      /* the position's comment holds @string */
  CQ6_HHDB_KEY_COMPOSER,
  CQ6_HHDB_KEY_COOKED,       /* also `cql_hhdbhascook` */
  CQ6_HHDB_KEY_DIAGRAM,
  CQ6_HHDB_KEY_DUAL,
  CQ6_HHDB_KEY_EGDIAGRAM,
  CQ6_HHDB_KEY_FIRSTCOMMENT,
  CQ6_HHDB_KEY_GBR,
  CQ6_HHDB_KEY_GBR_MATERIAL,
  CQ6_HHDB_KEY_GBR_PIECES,
  CQ6_HHDB_KEY_GBR_PAWNS,
  CQ6_HHDB_KEY_GBR_KINGS,
  CQ6_HHDB_KEY_MAINLINE,
  CQ6_HHDB_KEY_VARIATION,
  CQ6_HHDB_KEY_SEARCH,
  CQ6_HHDB_KEY_SOUND,
  CQ6_HHDB_KEY_UNSOUND,
  CQ6_HHDB_KEY_STIPULATION
};

typedef struct {
  const char *word;
  guint32     which;
  const char *text;   /* the marker or the comment's text; NULL: none */
  gboolean    quoted; /* written as a quoted string (CQL 6.2: the keys with
                       * characters other than letters, digits and '_') */
} HhdbKey;

static const HhdbKey keys[] = {
  { "(c)", CQ6_HHDB_KEY_MARKER, "(c)", TRUE },
  { "(m)", CQ6_HHDB_KEY_MARKER, "(m)", TRUE },
  { "(s)", CQ6_HHDB_KEY_MARKER, "(s)", TRUE },
  { "(v)", CQ6_HHDB_KEY_MARKER, "(v)", TRUE },
  { "AN", CQ6_HHDB_KEY_MARKER, "AN", FALSE },
  { "CR", CQ6_HHDB_KEY_MARKER, "CR", FALSE },
  { "MC", CQ6_HHDB_KEY_MARKER, "MC", FALSE },
  { "PH", CQ6_HHDB_KEY_MARKER, "PH", FALSE },
  { "TE", CQ6_HHDB_KEY_MARKER, "TE", FALSE },
  { "TT", CQ6_HHDB_KEY_MARKER, "TT", FALSE },
  { "TW", CQ6_HHDB_KEY_MARKER, "TW", FALSE },
  { "U1", CQ6_HHDB_KEY_MARKER, "U1", FALSE },
  { "U2", CQ6_HHDB_KEY_MARKER, "U2", FALSE },
  { "U3", CQ6_HHDB_KEY_MARKER, "U3", FALSE },
  { "U4", CQ6_HHDB_KEY_MARKER, "U4", FALSE },
  { "U5", CQ6_HHDB_KEY_MARKER, "U5", FALSE },
  { "anticipation", CQ6_HHDB_KEY_MARKER, "AN", FALSE },
  { "colors_reversed", CQ6_HHDB_KEY_MARKER, "CR", FALSE },
  { "corrected_solution", CQ6_HHDB_KEY_MARKER, "(s)", FALSE },
  { "correction", CQ6_HHDB_KEY_MARKER, "(c)", FALSE },
  { "dual_after_move_1", CQ6_HHDB_KEY_MARKER, "U2", FALSE },
  { "dual_at_move_1", CQ6_HHDB_KEY_MARKER, "U1", FALSE },
  { "modification", CQ6_HHDB_KEY_MARKER, "(m)", FALSE },
  { "posthumous", CQ6_HHDB_KEY_MARKER, "PH", FALSE },
  { "theme_tournament", CQ6_HHDB_KEY_MARKER, "TT", FALSE },
  { "theme_tourney", CQ6_HHDB_KEY_MARKER, "TT", FALSE },
  { "theoretical_ending", CQ6_HHDB_KEY_MARKER, "TE", FALSE },
  { "too_many_composers", CQ6_HHDB_KEY_MARKER, "MC", FALSE },
  { "twin", CQ6_HHDB_KEY_MARKER, "TW", FALSE },
  { "unreachable", CQ6_HHDB_KEY_MARKER, "U5", FALSE },
  { "version", CQ6_HHDB_KEY_MARKER, "(v)", FALSE },
  { "white_fails", CQ6_HHDB_KEY_MARKER, "U3", FALSE },
  { "white_wins_in_draw", CQ6_HHDB_KEY_MARKER, "U4", FALSE },
  { "<cook>", CQ6_HHDB_KEY_COMMENT, "<cook", TRUE },
  { "<eg>", CQ6_HHDB_KEY_COMMENT, "<eg>", TRUE },
  { "<main>", CQ6_HHDB_KEY_COMMENT, "<main>", TRUE },
  { "<minor_dual>", CQ6_HHDB_KEY_COMMENT, "<minor_dual", TRUE },
  { "<or>", CQ6_HHDB_KEY_COMMENT, "<or>", TRUE },
  { "composer", CQ6_HHDB_KEY_COMPOSER, NULL, FALSE },
  { "cooked", CQ6_HHDB_KEY_COOKED, NULL, FALSE },
  { "diagram", CQ6_HHDB_KEY_DIAGRAM, NULL, FALSE },
  { "dual", CQ6_HHDB_KEY_DUAL, NULL, FALSE },
  { "egdiagram", CQ6_HHDB_KEY_EGDIAGRAM, NULL, FALSE },
  { "firstcomment", CQ6_HHDB_KEY_FIRSTCOMMENT, NULL, FALSE },
  { "gbr", CQ6_HHDB_KEY_GBR, NULL, FALSE },
  { "mainline", CQ6_HHDB_KEY_MAINLINE, NULL, FALSE },
  { "search", CQ6_HHDB_KEY_SEARCH, NULL, FALSE },
  { "sound", CQ6_HHDB_KEY_SOUND, NULL, FALSE },
  { "stipulation", CQ6_HHDB_KEY_STIPULATION, NULL, FALSE },
  { "unsound", CQ6_HHDB_KEY_UNSOUND, NULL, FALSE },
  { "variation", CQ6_HHDB_KEY_VARIATION, NULL, FALSE },
};

/* The words after `gbr`, in CQ6_HHDB_KEY_GBR_* order. */
static const char *const gbr_parts[] = { "material", "pieces", "pawns", "kings" };

static const HhdbKey *
find_key (const Cq6Token *t)
{
  if (t->kind != CQ6_TOK_WORD && t->kind != CQ6_TOK_STRING)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (strcmp (t->text, keys[i].word) == 0)
      return keys[i].quoted == (t->kind == CQ6_TOK_STRING) ? &keys[i] : NULL;
  return NULL;
}

static Cq6Type
key_type (guint32 which)
{
  switch (which)
    {
    case CQ6_HHDB_KEY_EGDIAGRAM:
      return CQ6_TYPE_NUMBER;
    case CQ6_HHDB_KEY_COMPOSER:
    case CQ6_HHDB_KEY_DIAGRAM:
    case CQ6_HHDB_KEY_FIRSTCOMMENT:
    case CQ6_HHDB_KEY_GBR:
    case CQ6_HHDB_KEY_GBR_MATERIAL:
    case CQ6_HHDB_KEY_GBR_PIECES:
    case CQ6_HHDB_KEY_GBR_PAWNS:
    case CQ6_HHDB_KEY_GBR_KINGS:
    case CQ6_HHDB_KEY_SEARCH:
    case CQ6_HHDB_KEY_STIPULATION:
      return CQ6_TYPE_STRING;
    default:
      return CQ6_TYPE_LOGICAL;
    }
}

Cq6Filter *
_cq6_parse_hhdb_key (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Token *at = _cq6_peek (p);
  const HhdbKey *key = find_key (at);
  Cq6Filter *f;
  guint32 which;

  if (at->kind == CQ6_TOK_WORD && strcmp (at->text, "source") == 0)
    {
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_UNSUPPORTED,
                    "`hhdb source` is not supported: CQL 6.2 lists the key but cannot run it "
                    "(it answers \"Internal: no cql mapping for key: source\")");
      return NULL;
    }
  if (key == NULL)
    {
      g_autofree char *found = _cq6_token_text (at);

      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX,
                    "expected an hhdb keyword after `hhdb` (award, prize, hm, commendation, "
                    "composer, stipulation, cooked, sound, gbr, MC, \"(c)\", \"<cook>\", ...), "
                    "found %s", found);
      return NULL;
    }
  which = key->which;
  if ((which == CQ6_HHDB_KEY_MAINLINE || which == CQ6_HHDB_KEY_VARIATION
       || (which == CQ6_HHDB_KEY_COMMENT
           && (strcmp (key->word, "<main>") == 0 || strcmp (key->word, "<or>") == 0)))
      && !p->prog->variations)
    {
      /* CQL 6.2 stops the run at the first game with this message. */
      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SEMANTIC,
                    "'hhdb %s' can only be used when 'variations' is set in the CQL header",
                    key->word);
      return NULL;
    }
  _cq6_advance (p);
  if (which == CQ6_HHDB_KEY_GBR && _cq6_peek (p)->kind == CQ6_TOK_WORD)
    for (guint i = 0; i < G_N_ELEMENTS (gbr_parts); i++)
      if (strcmp (_cq6_peek (p)->text, gbr_parts[i]) == 0)
        {
          which = CQ6_HHDB_KEY_GBR_MATERIAL + i;
          _cq6_advance (p);
          break;
        }
  f = _cq6_node (CQ6_HHDB_KEY, key_type (which), t);
  f->which = which;
  f->string = g_strdup (key->text);
  if (f->type == CQ6_TYPE_STRING && _cq6_peek (p)->kind == CQ6_TOK_STRING
      && _cq6_peek (p)->text[0] != '\0')
    {
      /* A string key and a quoted string: the value contains the text
       * (CQL 6.2's implicit search, which refuses a text that looks
       * like a regular expression). */
      Cq6Token *s = _cq6_peek (p);
      const char *lb = strchr (s->text, '[');
      Cq6Filter *needle;

      if ((lb != NULL && strchr (lb, ']') != NULL) || strpbrk (s->text + 1, "*+?") != NULL)
        {
          _cq6_fail_at (p, s, CQ_QUERY_ERROR_SEMANTIC,
                        "\"%s\" after `hhdb %s` is searched for literally but looks like a "
                        "regular expression (CQL 6.2 refuses it): write `hhdb %s ~~ \"%s\"` "
                        "for a regular expression, or `\"%s\" in hhdb %s` for the text",
                        s->text, key->word, key->word, s->text, s->text, key->word);
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_advance (p);
      needle = _cq6_node (CQ6_STRING, CQ6_TYPE_STRING, s);
      needle->string = g_strdup (s->text);
      f = _cq6_node2 (CQ6_IN, CQ6_TYPE_LOGICAL, t, needle, f);
    }
  return f;
}

Cq6Filter *
_cq6_parse_hhdb_hascook (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_HHDB_KEY, CQ6_TYPE_LOGICAL, t);

  (void) p;
  f->which = CQ6_HHDB_KEY_COOKED;
  return f;
}

static gboolean
contains (const char *text, const char *part)
{
  return text != NULL && strstr (text, part) != NULL;
}

static gboolean
string_value (Cq6Ctx *c, const char *s, gsize len, Cq6Val *v)
{
  v->str = _cq6_state_string_n (c, NULL, s, len);
  return TRUE;
}

/* Whether the way from the start to @node takes a variation move (a move
 * other than its position's first continuation) whose comment lacks
 * "<main>" (CQL 6.2's `hhdb variation`). */
static gboolean
in_hhdb_variation (const CqGame *game, const CqNode *node)
{
  for (; node != NULL && node->parent != NULL; node = node->parent)
    if (node->parent->first_child != node
        && !contains (cq_node_get_comment_after (game, node), "<main>"))
      return TRUE;
  return FALSE;
}

gboolean
_cq6_eval_hhdb_key (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const char *black = cq_game_get_tag (c->game, "Black");
  const char *s = NULL;
  gsize n;

  switch (f->which)
    {
    case CQ6_HHDB_KEY_MARKER:
      return contains (black, f->string);
    case CQ6_HHDB_KEY_COMMENT:
      return contains (cq_node_get_comment_after (c->game, c->node), f->string);
    case CQ6_HHDB_KEY_COOKED:
      return contains (cq_game_get_text (c->game), "<cook");
    case CQ6_HHDB_KEY_DUAL:
      return contains (black, "U1") || contains (black, "U2");
    case CQ6_HHDB_KEY_SOUND:
    case CQ6_HHDB_KEY_UNSOUND:
      {
        gboolean cooked = contains (cq_game_get_text (c->game), "<cook");
        gboolean u12 = contains (black, "U1") || contains (black, "U2");
        gboolean u345 = contains (black, "U3") || contains (black, "U4")
                        || contains (black, "U5");

        if (f->which == CQ6_HHDB_KEY_UNSOUND)
          return cooked || u12 || u345;
        return !((cooked && u12) || u345);
      }
    case CQ6_HHDB_KEY_MAINLINE:
      return !in_hhdb_variation (c->game, c->node);
    case CQ6_HHDB_KEY_VARIATION:
      return in_hhdb_variation (c->game, c->node);
    case CQ6_HHDB_KEY_COMPOSER:
      return cq_hhdb_composer (c->game, &s, &n) && string_value (c, s, n, v);
    case CQ6_HHDB_KEY_DIAGRAM:
      n = cq_hhdb_diagram (cq_game_get_tag (c->game, "Event"), &s);
      return n > 0 && string_value (c, s, n, v);
    case CQ6_HHDB_KEY_EGDIAGRAM:
      return cq_hhdb_eg_number (c->game, &v->num);
    case CQ6_HHDB_KEY_STIPULATION:
      n = cq_hhdb_stipulation (c->game, &s);
      return n > 0 && string_value (c, s, n, v);
    case CQ6_HHDB_KEY_FIRSTCOMMENT:
      s = cq_hhdb_first_comment (c->game);
      return s != NULL && string_value (c, s, strlen (s), v);
    case CQ6_HHDB_KEY_SEARCH:
      {
        const char *event = cq_game_get_tag (c->game, "Event");
        const char *white = cq_game_get_tag (c->game, "White");
        const char *fc = cq_hhdb_first_comment (c->game);
        g_autofree char *all = NULL;

        if (event == NULL || white == NULL || black == NULL)
          return FALSE;
        all = g_strconcat (event, "\n", white, "\n", black, fc != NULL ? "\n" : "", fc, NULL);
        return string_value (c, all, strlen (all), v);
      }
    case CQ6_HHDB_KEY_GBR:
    case CQ6_HHDB_KEY_GBR_MATERIAL:
    case CQ6_HHDB_KEY_GBR_PIECES:
    case CQ6_HHDB_KEY_GBR_PAWNS:
    case CQ6_HHDB_KEY_GBR_KINGS:
      {
        /* The code's parts: [1, 8) material, [1, 5) pieces, [6, 8)
         * pawns, [8, 12) kings. */
        static const guint8 part[][2] = { { 0, 12 }, { 1, 8 }, { 1, 5 }, { 6, 8 }, { 8, 12 } };
        guint i = f->which - CQ6_HHDB_KEY_GBR;

        s = cq_hhdb_find_gbr (black);
        return s != NULL && string_value (c, s + part[i][0], part[i][1] - part[i][0], v);
      }
    default:
      return FALSE;
    }
}
