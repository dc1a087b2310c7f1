/* cq-designator-text.c: CQL 3 piece designators <-> their shortest text.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Text to sets goes through the engine's own designator parser
 * (engine/cql, _cq_designator_parse()), so that what the picker shows is
 * exactly what a search evaluates.  Sets to text is the shortest text
 * that the CQL 3 manual allows ("Piece designators", "Square designators"):
 *
 * - piece types: one character when one piecetype designator denotes the
 *   set (`Q`, `A`, `m`, `U`, `?`); otherwise the fewest characters in
 *   brackets whose union is exactly the set (`[Qr]`, `[A.]`, `[Mi]`),
 *   white before black, classes before pieces, as in the manual's `[Ar]`;
 * - squares: nothing for all 64 squares; a simple designator for one
 *   square (`d1`), one whole rank (`?1`) or one whole file (`a?`); `[]` for
 *   none; otherwise a bracketed comma list of squares (`a1`, 2 characters),
 *   file ranges on one rank (`a-c1`) or rank ranges on one file (`b3-5`),
 *   4 characters, and rectangles (`f-h6-8`, 6), chosen to make the list
 *   shortest (an exact branch and bound over the maximal rectangles, with
 *   a node budget: past it, the best list found so far, never worse than
 *   the greedy one).  Items are sorted by their a1-most square, rank first,
 *   as in the manual's `[a-h1-2,a8,h8]`.  `?` is used only as a whole simple
 *   designator, as the manual defines it; a range is always bracketed
 *   (manual: "Any compound square designator ... must be contained in
 *   brackets").
 *
 * cq_designator_find_at() finds the designator under the editor's cursor,
 * in either dialect: the picker shows it and can write it back.
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query.h"
#include "cql/common/cq-common-private.h"
#include "cql/cq-designator-text.h"

/* ------------------------------------------------------------------------
 * Piece types
 */

typedef struct {
  char    c;
  guint16 mask;
} Symbol;

#define W(p) CQ_PIECE_BIT (p)

/* In output order: white classes, white pieces, black classes, black
 * pieces, then U . ? */
static const Symbol symbols[] = {
  { 'A', W (CQ_WP) | W (CQ_WN) | W (CQ_WB) | W (CQ_WR) | W (CQ_WQ) | W (CQ_WK) },
  { 'M', W (CQ_WR) | W (CQ_WQ) },
  { 'I', W (CQ_WB) | W (CQ_WN) },
  { 'K', W (CQ_WK) }, { 'Q', W (CQ_WQ) }, { 'R', W (CQ_WR) },
  { 'B', W (CQ_WB) }, { 'N', W (CQ_WN) }, { 'P', W (CQ_WP) },
  { 'a', W (CQ_BP) | W (CQ_BN) | W (CQ_BB) | W (CQ_BR) | W (CQ_BQ) | W (CQ_BK) },
  { 'm', W (CQ_BR) | W (CQ_BQ) },
  { 'i', W (CQ_BB) | W (CQ_BN) },
  { 'k', W (CQ_BK) }, { 'q', W (CQ_BQ) }, { 'r', W (CQ_BR) },
  { 'b', W (CQ_BB) }, { 'n', W (CQ_BN) }, { 'p', W (CQ_BP) },
  { 'U', 0x1FFE },
  { '.', W (CQ_EMPTY) },
  { '?', CQ_PIECES_ALL },
};

#undef W

char *
cq_piece_types_to_text (guint16 pieces)
{
  /* Breadth-first over the subsets of @pieces: fewest symbols first. */
  guint8 from_symbol[1 << 13];
  guint16 from_mask[1 << 13];
  gboolean seen[1 << 13] = { FALSE };
  guint16 queue[1 << 13];
  guint head = 0, tail = 0;
  GString *text;
  char chosen[G_N_ELEMENTS (symbols)];
  guint n_chosen = 0;

  pieces &= CQ_PIECES_ALL;
  if (pieces == 0)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (symbols[i].mask == pieces)
      return g_strdup_printf ("%c", symbols[i].c);

  seen[0] = TRUE;
  queue[tail++] = 0;
  while (head < tail && !seen[pieces])
    {
      guint16 covered = queue[head++];

      for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
        {
          guint16 next;

          /* Only symbols inside the set, and only ones that add a piece. */
          if ((symbols[i].mask & ~pieces) != 0 || (symbols[i].mask & ~covered) == 0)
            continue;
          next = covered | symbols[i].mask;
          if (seen[next])
            continue;
          seen[next] = TRUE;
          from_symbol[next] = (guint8) i;
          from_mask[next] = covered;
          queue[tail++] = next;
        }
    }

  /* Every single piece is a symbol, so the set is always reached. */
  g_assert (seen[pieces]);
  for (guint16 m = pieces; m != 0; m = from_mask[m])
    chosen[n_chosen++] = (char) from_symbol[m];

  /* In symbol order. */
  text = g_string_new ("[");
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    for (guint j = 0; j < n_chosen; j++)
      if ((guint) chosen[j] == i)
        g_string_append_c (text, symbols[i].c);
  g_string_append_c (text, ']');

  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------------
 * Square sets
 */

/* A rectangle of files f0..f1 and ranks r0..r1. */
typedef struct {
  guint8     f0, f1, r0, r1;
  CqBitboard set;
  guint8     cost;    /* characters, plus one for its comma */
} Unit;

#define MAX_UNITS     40
#define NODE_BUDGET   3000

static CqBitboard
rect_set (int f0, int f1, int r0, int r1)
{
  CqBitboard set = 0;

  for (int r = r0; r <= r1; r++)
    for (int f = f0; f <= f1; f++)
      set |= CQ_BIT (CQ_SQUARE (f, r));
  return set;
}

static Unit
make_unit (int f0, int f1, int r0, int r1)
{
  Unit u = { (guint8) f0, (guint8) f1, (guint8) r0, (guint8) r1, rect_set (f0, f1, r0, r1), 0 };

  if (f0 == f1 && r0 == r1)
    u.cost = 3;
  else if (f0 == f1 || r0 == r1)
    u.cost = 5;
  else
    u.cost = 7;
  return u;
}

static gboolean
column_spans (CqBitboard set, int f, int r0, int r1)
{
  for (int r = r0; r <= r1; r++)
    if ((set & CQ_BIT (CQ_SQUARE (f, r))) == 0)
      return FALSE;
  return TRUE;
}

/* The units worth trying to cover square @s of @set: the square, the
 * longest file range and rank range through it, and every maximal
 * rectangle (two files and two ranks at least) through it inside @set.
 * Any other unit through @s is covered by one of these at the same cost. */
static guint
candidates (CqBitboard set, int s, Unit *out)
{
  int fs = CQ_FILE (s), rs = CQ_RANK (s);
  int lo, hi;
  guint n = 0;

  out[n++] = make_unit (fs, fs, rs, rs);

  for (lo = fs; lo > 0 && (set & CQ_BIT (CQ_SQUARE (lo - 1, rs))); lo--)
    ;
  for (hi = fs; hi < 7 && (set & CQ_BIT (CQ_SQUARE (hi + 1, rs))); hi++)
    ;
  if (hi > lo)
    out[n++] = make_unit (lo, hi, rs, rs);

  for (lo = rs; lo > 0 && (set & CQ_BIT (CQ_SQUARE (fs, lo - 1))); lo--)
    ;
  for (hi = rs; hi < 7 && (set & CQ_BIT (CQ_SQUARE (fs, hi + 1))); hi++)
    ;
  if (hi > lo)
    out[n++] = make_unit (fs, fs, lo, hi);

  for (int f0 = fs; f0 >= 0; f0--)
    {
      if ((set & CQ_BIT (CQ_SQUARE (f0, rs))) == 0)
        break;
      for (int f1 = fs; f1 <= 7; f1++)
        {
          int r0 = rs, r1 = rs;

          if ((set & CQ_BIT (CQ_SQUARE (f1, rs))) == 0)
            break;
          if (f1 == f0)
            continue;
          /* The tallest band of ranks through rs that every file spans. */
          while (r0 > 0 && (rect_set (f0, f1, r0 - 1, r0 - 1) & ~set) == 0)
            r0--;
          while (r1 < 7 && (rect_set (f0, f1, r1 + 1, r1 + 1) & ~set) == 0)
            r1++;
          if (r1 == r0)
            continue;
          /* Maximal sideways too. */
          if (f0 > 0 && column_spans (set, f0 - 1, r0, r1))
            continue;
          if (f1 < 7 && column_spans (set, f1 + 1, r0, r1))
            continue;
          if (n < MAX_UNITS)
            out[n++] = make_unit (f0, f1, r0, r1);
        }
    }

  return n;
}

typedef struct {
  CqBitboard set;
  Unit       current[64];
  guint      n_current;
  Unit       best[64];
  guint      n_best;
  guint      best_cost;
  guint      nodes;
} Search;

static void
search (Search     *s,
        CqBitboard  uncovered,
        guint       cost)
{
  Unit units[MAX_UNITS];
  guint n, order[MAX_UNITS];

  if (uncovered == 0)
    {
      if (cost < s->best_cost)
        {
          s->best_cost = cost;
          s->n_best = s->n_current;
          memcpy (s->best, s->current, s->n_current * sizeof (Unit));
        }
      return;
    }
  /* Any further unit costs 3 at least. */
  if (cost + 3 >= s->best_cost || s->nodes++ > NODE_BUDGET)
    return;

  n = candidates (s->set, g_bit_nth_lsf (uncovered, -1), units);

  /* Most new squares per character first. */
  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0; j--)
      {
        Unit *a = &units[order[j - 1]], *b = &units[order[j]];
        guint ga = (guint) __builtin_popcountll (a->set & uncovered);
        guint gb = (guint) __builtin_popcountll (b->set & uncovered);

        if (gb * a->cost <= ga * b->cost)
          break;
        guint t = order[j - 1];
        order[j - 1] = order[j];
        order[j] = t;
      }

  for (guint i = 0; i < n; i++)
    {
      s->current[s->n_current++] = units[order[i]];
      search (s, uncovered & ~units[order[i]].set, cost + units[order[i]].cost);
      s->n_current--;
    }
}

/* A first solution: repeatedly the unit with most new squares per
 * character, so that the branch and bound starts with a good bound. */
static void
greedy (Search *s)
{
  CqBitboard uncovered = s->set;

  s->n_best = 0;
  s->best_cost = 0;
  while (uncovered != 0)
    {
      Unit units[MAX_UNITS];
      Unit *pick = NULL;
      double pick_rate = -1.0;
      guint n = candidates (s->set, g_bit_nth_lsf (uncovered, -1), units);

      for (guint i = 0; i < n; i++)
        {
          double rate = (double) __builtin_popcountll (units[i].set & uncovered) / units[i].cost;

          if (rate > pick_rate)
            pick = &units[i], pick_rate = rate;
        }
      s->best[s->n_best++] = *pick;
      s->best_cost += pick->cost;
      uncovered &= ~pick->set;
    }
}

static int
compare_units (gconstpointer a,
               gconstpointer b)
{
  const Unit *u = a, *v = b;
  int ka = ((u->r0 * 8 + u->f0) * 8 + u->r1) * 8 + u->f1;
  int kb = ((v->r0 * 8 + v->f0) * 8 + v->r1) * 8 + v->f1;

  return ka - kb;
}

static void
append_unit (GString    *text,
             const Unit *u)
{
  g_string_append_c (text, (char) ('a' + u->f0));
  if (u->f1 != u->f0)
    g_string_append_printf (text, "-%c", 'a' + u->f1);
  g_string_append_c (text, (char) ('1' + u->r0));
  if (u->r1 != u->r0)
    g_string_append_printf (text, "-%c", '1' + u->r1);
}

char *
cq_squares_to_text (CqBitboard squares)
{
  g_autofree Search *s = NULL;
  GString *text;

  if (squares == CQ_SQUARES_ALL)
    return g_strdup ("");
  if (squares == 0)
    return g_strdup ("[]");
  if (__builtin_popcountll (squares) == 1)
    {
      char name[3];

      cq_square_name (g_bit_nth_lsf (squares, -1), name);
      return g_strdup (name);
    }
  for (int i = 0; i < 8; i++)
    {
      if (squares == rect_set (0, 7, i, i))
        return g_strdup_printf ("?%c", '1' + i);
      if (squares == rect_set (i, i, 0, 7))
        return g_strdup_printf ("%c?", 'a' + i);
    }

  s = g_new0 (Search, 1);
  s->set = squares;
  greedy (s);
  search (s, squares, 0);

  qsort (s->best, s->n_best, sizeof (Unit), compare_units);
  text = g_string_new ("[");
  for (guint i = 0; i < s->n_best; i++)
    {
      if (i > 0)
        g_string_append_c (text, ',');
      append_unit (text, &s->best[i]);
    }
  g_string_append_c (text, ']');

  return g_string_free (text, FALSE);
}

char *
cq_designator_sets_to_text (const CqDesignatorSets *designator)
{
  g_autofree char *pieces = NULL;
  g_autofree char *squares = NULL;

  g_return_val_if_fail (designator != NULL, NULL);

  pieces = cq_piece_types_to_text (designator->pieces);
  if (pieces == NULL)
    return NULL;
  squares = cq_squares_to_text (designator->squares);
  return g_strconcat (pieces, squares, NULL);
}

/* One piece designator of @dialect, all of @text but the white space
 * around it, read by that dialect's own designator parser; errors at
 * "<designator>:1:COLUMN". */
static gboolean
sets_parse (const char        *text,
            CqDialect          dialect,
            CqDesignatorSets  *out,
            GError           **error)
{
  g_autofree char *stripped = NULL;
  CqDesignator d;
  gboolean ok;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));
  if (stripped[0] == '\0')
    {
      cq_query_set_error_at (error, CQ_QUERY_ERROR_SYNTAX, "<designator>", 1, 1,
                             "expected a piece designator, found nothing");
      return FALSE;
    }
  if (dialect == CQ_DIALECT_CQL6)
    {
      /* The token the CQL 6 lexer would take must be the whole text. */
      if (_cq_designator_extent_cql6 (stripped) != strlen (stripped))
        {
          g_autofree char *detail =
            g_strdup_printf ("`%s`: expected one CQL 6 piece designator", stripped);

          cq_query_set_error_at (error, CQ_QUERY_ERROR_SYNTAX, "<designator>", 1, 1, detail);
          return FALSE;
        }
      ok = _cq_designator_parse_cql6 (stripped, "<designator>", 1, 1, &d, error);
    }
  else
    ok = _cq_designator_parse (stripped, "<designator>", 1, 1, &d, error);
  if (!ok)
    return FALSE;

  out->pieces = d.pieces;
  out->squares = d.squares;
  return TRUE;
}

gboolean
cq_designator_sets_parse (const char        *text,
                          CqDesignatorSets  *out,
                          GError           **error)
{
  return sets_parse (text, CQ_DIALECT_CQL3, out, error);
}

gboolean
cq_designator_sets_parse_cql6 (const char        *text,
                               CqDesignatorSets  *out,
                               GError           **error)
{
  return sets_parse (text, CQ_DIALECT_CQL6, out, error);
}

/* ------------------------------------------------------------------------
 * Finding a designator in a query's text
 */

static gboolean
is_item_char (char c)
{
  return c != '\0' && c != '(' && c != ')' && c != ';' && !g_ascii_isspace (c);
}

/* CQL 3: the item (white space, parenthesis or comment delimited) that
 * contains @offset or ends at it, if it is a piece designator. */
static gboolean
find_cql3 (const char *text,
           gsize       len,
           gsize       offset,
           gsize      *start,
           gsize      *end)
{
  g_autofree char *item = NULL;
  CqDesignatorSets d;
  gsize s, e, line_start;

  /* A comment runs from ';' to the end of the line. */
  for (line_start = offset; line_start > 0 && text[line_start - 1] != '\n'; line_start--)
    ;
  for (gsize i = line_start; i < offset; i++)
    if (text[i] == ';')
      return FALSE;

  s = offset;
  while (s > 0 && is_item_char (text[s - 1]))
    s--;
  e = offset;
  while (e < len && is_item_char (text[e]))
    e++;
  if (e == s || text[s] == ':')
    return FALSE;

  item = g_strndup (text + s, e - s);
  if (!cq_designator_sets_parse (item, &d, NULL))
    return FALSE;
  *start = s;
  *end = e;
  return TRUE;
}

/* Can @c be part of a CQL 6 designator (`Ka1`, `[RQ]a-h7`, `N[b1,g1]`,
 * `_`, `.`)?  A run of these holds whole tokens: every other character
 * ends a token. */
static gboolean
is_cql6_designator_char (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("_[],-.", c) != NULL);
}

/* Is @offset of @text inside a CQL 6 comment (`//` to the end of the
 * line, `/ * ... * /`) or string (`"..."`, with `\"` inside)? */
static gboolean
in_cql6_comment_or_string (const char *text,
                           gsize       offset)
{
  gsize i = 0;

  while (i < offset)
    if (text[i] == '/' && text[i + 1] == '/')
      {
        gsize newline = i;

        while (text[newline] != '\0' && text[newline] != '\n')
          newline++;
        if (offset <= newline)
          return TRUE;
        i = newline;
      }
    else if (text[i] == '/' && text[i + 1] == '*')
      {
        const char *close = strstr (text + i + 2, "*/");

        if (close == NULL || offset < (gsize) (close - text) + 2)
          return TRUE;
        i = (gsize) (close - text) + 2;
      }
    else if (text[i] == '"')
      {
        gsize close = i + 1;

        for (; text[close] != '\0' && text[close] != '"'; close++)
          if (text[close] == '\\' && (text[close + 1] == '"' || text[close + 1] == '\\'))
            close++;
        if (text[close] == '\0' || offset <= close)
          return TRUE;
        i = close + 1;
      }
    else
      i++;
  return FALSE;
}

/* CQL 6: the designator token that contains @offset or ends at it.  The
 * run of designator characters round @offset is split into tokens as the
 * reader splits it (numbers, designators by _cq_designator_extent_cql6(),
 * words, `--` and single punctuation), so that `a-h8` is one designator,
 * `Ka1--Kb2` two with a move between, and `Rh8&a` or `check` none that
 * holds the cursor's word by mistake. */
static gboolean
find_cql6 (const char *text,
           gsize       len,
           gsize       offset,
           gsize      *start,
           gsize      *end)
{
  gsize s, e, p;

  if (in_cql6_comment_or_string (text, offset))
    return FALSE;
  s = offset;
  while (s > 0 && is_cql6_designator_char (text[s - 1]))
    s--;
  e = offset;
  while (e < len && is_cql6_designator_char (text[e]))
    e++;

  for (p = s; p < e;)
    {
      gsize n, q = p;
      gboolean designator = FALSE;

      if (g_ascii_isdigit (text[q]))
        while (q < e && g_ascii_isdigit (text[q]))
          q++;
      else if ((n = _cq_designator_extent_cql6 (text + q)) > 0 && q + n <= e)
        q += n, designator = TRUE;
      else if (g_ascii_isalpha (text[q]) || text[q] == '_')
        while (q < e && (g_ascii_isalnum (text[q]) || text[q] == '_'))
          q++;
      else if (text[q] == '-' && text[q + 1] == '-')
        q += 2;
      else
        q++;

      /* The token the cursor is in or just after; at a boundary between
       * two, the one before, unless only the next is a designator. */
      if (designator && p <= offset && offset <= q)
        {
          g_autofree char *item = g_strndup (text + p, q - p);
          CqDesignator d;

          if (!_cq_designator_parse_cql6 (item, "<designator>", 1, 1, &d, NULL))
            return FALSE;
          *start = p;
          *end = q;
          return TRUE;
        }
      if (q > offset)
        return FALSE;
      p = q;
    }
  return FALSE;
}

gboolean
cq_designator_find_at (const char *text,
                       CqDialect   dialect,
                       gsize       offset,
                       gsize      *start,
                       gsize      *end)
{
  gsize len, s = 0, e = 0;
  gboolean found;

  g_return_val_if_fail (text != NULL, FALSE);

  len = strlen (text);
  if (offset > len)
    return FALSE;
  found = dialect == CQ_DIALECT_CQL6 ? find_cql6 (text, len, offset, &s, &e)
                                     : find_cql3 (text, len, offset, &s, &e);
  if (!found)
    return FALSE;
  if (start != NULL)
    *start = s;
  if (end != NULL)
    *end = e;
  return TRUE;
}

/* ------------------------------------------------------------------------
 * Pattern board
 */

static const char *const flag_keywords[CQ_PATTERN_N_FLAGS] = {
  ":wtm", ":btm", ":check", ":mate", ":stalemate", ":variations",
  ":shift", ":shifthorizontal", ":shiftvertical", ":shiftmaindiagonal",
  ":shiftoffdiagonal", ":shiftdiagonal",
  ":flip", ":fliphorizontal", ":flipvertical", ":flipdiagonal", ":flipcolor",
};

const char *
cq_pattern_flag_keyword (CqPatternFlags flag)
{
  guint f = (guint) flag;

  if (f == 0 || (f & (f - 1)) != 0 || f >= (1u << CQ_PATTERN_N_FLAGS))
    return NULL;
  return flag_keywords[g_bit_nth_lsf (f, -1)];
}

/* Order of a piece-type set in a pattern: white king first... (the order of
 * symbols[] for single pieces), classes after. */
static guint
pattern_rank (guint16 pieces)
{
  static const CqPiece order[] = {
    CQ_WK, CQ_WQ, CQ_WR, CQ_WB, CQ_WN, CQ_WP,
    CQ_BK, CQ_BQ, CQ_BR, CQ_BB, CQ_BN, CQ_BP, CQ_EMPTY,
  };

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (pieces == CQ_PIECE_BIT (order[i]))
      return i;
  return G_N_ELEMENTS (order) + pieces;
}

/* The squares of @pieces that hold something, in pattern order (white
 * king first ... empty squares, classes; a1..h8 within a kind) into
 * @order; returns how many. */
static guint
pattern_order (const guint16 pieces[64],
               guint         order[64])
{
  guint n = 0;

  for (guint sq = 0; sq < 64; sq++)
    if ((pieces[sq] & CQ_PIECES_ALL) != 0)
      order[n++] = sq;

  /* Insertion sort by kind, then square (stable). */
  for (guint i = 1; i < n; i++)
    for (guint j = i;
         j > 0 && pattern_rank (pieces[order[j - 1]]) > pattern_rank (pieces[order[j]]);
         j--)
      {
        guint t = order[j - 1];
        order[j - 1] = order[j];
        order[j] = t;
      }
  return n;
}

char *
cq_pattern_to_text (const guint16  pieces[64],
                    CqPatternFlags flags)
{
  GString *text = g_string_new ("(position");
  guint order[64];
  guint n = pattern_order (pieces, order);

  for (guint i = 0; i < n; i++)
    {
      CqDesignatorSets d = { pieces[order[i]] & CQ_PIECES_ALL, CQ_BIT (order[i]) };
      g_autofree char *item = cq_designator_sets_to_text (&d);

      g_string_append_c (text, ' ');
      g_string_append (text, item);
    }

  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    if (flags & (1u << i))
      {
        g_string_append_c (text, ' ');
        g_string_append (text, flag_keywords[i]);
      }

  g_string_append_c (text, ')');
  return g_string_free (text, FALSE);
}

/* The flags CQL 6 writes, in the order their words go in the text: the
 * filters about the side to move, then the transforms (prefixes of a
 * braced block).  CQL 6 has no diagonal flip nor diagonal shifts;
 * :variations is the header's `variations`. */
static const struct {
  CqPatternFlags flag;
  const char    *word;
  gboolean       transform;
} cql6_flags[] = {
  { CQ_PATTERN_WTM, "wtm", FALSE },
  { CQ_PATTERN_BTM, "btm", FALSE },
  { CQ_PATTERN_CHECK, "check", FALSE },
  { CQ_PATTERN_MATE, "mate", FALSE },
  { CQ_PATTERN_STALEMATE, "stalemate", FALSE },
  { CQ_PATTERN_FLIP, "flip", TRUE },
  { CQ_PATTERN_FLIPHORIZONTAL, "fliphorizontal", TRUE },
  { CQ_PATTERN_FLIPVERTICAL, "flipvertical", TRUE },
  { CQ_PATTERN_FLIPCOLOR, "flipcolor", TRUE },
  { CQ_PATTERN_SHIFT, "shift", TRUE },
  { CQ_PATTERN_SHIFTHORIZONTAL, "shifthorizontal", TRUE },
  { CQ_PATTERN_SHIFTVERTICAL, "shiftvertical", TRUE },
};

gboolean
cq_pattern_flag_cql6_supported (CqPatternFlags flag)
{
  if (flag == CQ_PATTERN_VARIATIONS)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (cql6_flags); i++)
    if (cql6_flags[i].flag == flag)
      return TRUE;
  return FALSE;
}

const char *
cq_pattern_flag_cql6_keyword (CqPatternFlags flag)
{
  if (flag == CQ_PATTERN_VARIATIONS)
    return "variations";
  for (guint i = 0; i < G_N_ELEMENTS (cql6_flags); i++)
    if (cql6_flags[i].flag == flag)
      return cql6_flags[i].word;
  return NULL;
}

char *
cq_pattern_to_cql6_text (const guint16  pieces[64],
                         CqPatternFlags flags)
{
  g_autoptr(GString) filters = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  guint order[64];
  guint n = pattern_order (pieces, order);

  for (guint i = 0; i < n; i++)
    {
      CqDesignatorSets d = { pieces[order[i]] & CQ_PIECES_ALL, CQ_BIT (order[i]) };
      g_autofree char *item = cq_designator_sets_to_cql6_text (&d);

      if (item == NULL)
        continue;
      if (filters->len > 0)
        g_string_append_c (filters, ' ');
      g_string_append (filters, item);
    }
  for (guint i = 0; i < G_N_ELEMENTS (cql6_flags); i++)
    if ((flags & cql6_flags[i].flag) && !cql6_flags[i].transform)
      {
        if (filters->len > 0)
          g_string_append_c (filters, ' ');
        g_string_append (filters, cql6_flags[i].word);
      }
  if (filters->len == 0)
    return g_strdup ("true");

  for (guint i = 0; i < G_N_ELEMENTS (cql6_flags); i++)
    if ((flags & cql6_flags[i].flag) && cql6_flags[i].transform)
      g_string_append_printf (text, "%s ", cql6_flags[i].word);
  if (text->len == 0)
    return g_string_free (g_steal_pointer (&filters), FALSE);
  g_string_append_printf (text, "{%s}", filters->str);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* ------------------------------------------------------------------------
 * CQL 6 spelling
 */

/* @squares (not all 64, not none) in CQL 6 spelling: the CQL 3 text of
 * cq_squares_to_text() with each `?` written out, since CQL 6 has no `?`:
 * a `?` where a file goes is `a-h`, one where a rank goes is `1-8`. */
static char *
squares_to_cql6_text (CqBitboard squares)
{
  g_autofree char *cql3 = cq_squares_to_text (squares);
  GString *text = g_string_new (NULL);

  for (const char *p = cql3; *p != '\0'; p++)
    {
      if (*p != '?')
        {
          g_string_append_c (text, *p);
          continue;
        }
      /* A rank follows a file letter (`c?`, `a-c?`); anything else
       * (start, `[`, `,`) is followed by a file. */
      if (p > cql3 && p[-1] >= 'a' && p[-1] <= 'h')
        g_string_append (text, "1-8");
      else
        g_string_append (text, "a-h");
    }
  return g_string_free (text, FALSE);
}

char *
cq_designator_sets_to_cql6_text (const CqDesignatorSets *designator)
{
  static const struct { char c; CqPiece piece; } letters[] = {
    { 'K', CQ_WK }, { 'Q', CQ_WQ }, { 'R', CQ_WR }, { 'B', CQ_WB }, { 'N', CQ_WN }, { 'P', CQ_WP },
    { 'k', CQ_BK }, { 'q', CQ_BQ }, { 'r', CQ_BR }, { 'b', CQ_BB }, { 'n', CQ_BN }, { 'p', CQ_BP },
  };
  guint16 pieces;
  GString *text;
  guint n_symbols = 0;

  g_return_val_if_fail (designator != NULL, NULL);

  pieces = designator->pieces & CQ_PIECES_ALL;
  if (pieces == 0)
    return NULL;
  if (designator->squares == 0)
    return g_strdup ("~.");
  if (pieces == CQ_PIECES_ALL)
    {
      if (designator->squares == CQ_SQUARES_ALL)
        return g_strdup (".");
      return squares_to_cql6_text (designator->squares);
    }

  text = g_string_new (NULL);
  /* White, then black, then the empty square: a whole colour is one
   * letter, otherwise each piece of it. */
  for (guint colour = 0; colour < 2; colour++)
    {
      guint16 all = colour == 0 ? CQ_PIECES_WHITE : CQ_PIECES_BLACK;

      if ((pieces & all) == all)
        {
          g_string_append_c (text, colour == 0 ? 'A' : 'a');
          n_symbols++;
          continue;
        }
      for (guint i = colour * 6; i < colour * 6 + 6; i++)
        if (pieces & CQ_PIECE_BIT (letters[i].piece))
          {
            g_string_append_c (text, letters[i].c);
            n_symbols++;
          }
    }
  if (pieces & CQ_PIECES_EMPTY)
    {
      g_string_append_c (text, '_');
      n_symbols++;
    }
  if (n_symbols > 1)
    {
      g_string_prepend_c (text, '[');
      g_string_append_c (text, ']');
    }
  if (designator->squares != CQ_SQUARES_ALL)
    {
      g_autofree char *squares = squares_to_cql6_text (designator->squares);

      g_string_append (text, squares);
    }
  return g_string_free (text, FALSE);
}
