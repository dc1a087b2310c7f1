/* cq-convert-list.c: the position lists of a CQL 3 query in CQL 6 (for
 * cq_query_convert_to_cql6(), cq-convert.c): each keyword as the CQL 6
 * filter that keeps its CQL 3 meaning, or a refusal naming it
 * (docs/convert.md, docs/cql6-rulings.md 13); the keywords that need
 * more than a word are written by cq-convert-keywords.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query.h"
#include "cql/cql3/cq3-private.h"
#include "cql/cql3/cq3-keywords-private.h"
#include "cql/cq-designator-text.h"
#include "cql/convert/cq-convert-private.h"

/* An :or longer than this goes on several lines. */
#define OR_WIDTH 72

void
_cq_convert_block_init (Block *b)
{
  b->texts = g_ptr_array_new_with_free_func (g_free);
  b->lines = g_array_new (FALSE, FALSE, sizeof (guint));
  b->ends = g_array_new (FALSE, FALSE, sizeof (guint));
  b->prefix = NULL;
  b->negated = FALSE;
  b->gapped_only = FALSE;
}

void
_cq_convert_block_clear (Block *b)
{
  g_clear_pointer (&b->texts, g_ptr_array_unref);
  g_clear_pointer (&b->lines, g_array_unref);
  g_clear_pointer (&b->ends, g_array_unref);
  g_clear_pointer (&b->prefix, g_free);
}

/* Takes @text, a filter written on CQL 3 lines @line to @end. */
static void
block_add_lines (Block *b, guint line, guint end, char *text)
{
  g_ptr_array_add (b->texts, text);
  g_array_append_val (b->lines, line);
  g_array_append_val (b->ends, end);
}

/* Takes @text, a filter written on the CQL 3 line @line. */
static void
block_add (Block *b, guint line, char *text)
{
  block_add_lines (b, line, line, text);
}

void
_cq_convert_block_prepend (Block *b, guint line, char *text)
{
  g_ptr_array_insert (b->texts, 0, text);
  g_array_insert_val (b->lines, 0, line);
  g_array_insert_val (b->ends, 0, line);
}

gboolean
_cq_convert_refuse (Converter *cv, const CqSexp *at, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  _cq_query_set_error (cv->error, CQ_QUERY_ERROR_CONVERT, cv->filename, at->line, at->column,
                       "cannot convert to CQL 6: %s", message);
  return FALSE;
}

/* ------------------------------------------------------------------------
 * Position lists
 */

char *
_cq_convert_block_inline (const Block *b)
{
  GString *text = g_string_new (NULL);
  gboolean braces = b->texts->len > 1;
  gboolean parens = b->negated && b->prefix != NULL;

  /* `not` takes the list with its transforms (R12): `not (flip {...})`. */
  if (b->negated)
    g_string_append (text, parens ? "not (" : "not ");
  if (b->prefix != NULL)
    g_string_append_printf (text, "%s ", b->prefix);
  if (b->texts->len == 0)
    g_string_append (text, "true");
  else
    {
      /* `not check mate` would read as `{not check} mate`. */
      if (b->negated && b->prefix == NULL && strchr (b->texts->pdata[0], ' ') != NULL)
        braces = TRUE;
      if (braces)
        g_string_append_c (text, '{');
      for (guint k = 0; k < b->texts->len; k++)
        g_string_append_printf (text, "%s%s", k > 0 ? " " : "", (const char *) b->texts->pdata[k]);
      if (braces)
        g_string_append_c (text, '}');
    }
  if (parens)
    g_string_append_c (text, ')');
  return g_string_free (text, FALSE);
}

/* The transforms of @list's keywords as CQL 6 prefixes, outermost first
 * (flipcolor, flips, shifts: the same set of members as CQL 3's
 * compositions, rulings R7), or NULL; refuses the transforms CQL 6 has no
 * word for.  Sets cv->shift_h/_v for the list's designators. */
static gboolean
list_transforms (Converter *cv, const CqSexp *list, char **prefix)
{
  static const struct { CqKeywordId id; const char *word; } words[] = {
    { CQ_KEYWORD_FLIPCOLOR, "flipcolor" },
    { CQ_KEYWORD_FLIP, "flip" },
    { CQ_KEYWORD_FLIPDIHEDRAL, "flip" },
    { CQ_KEYWORD_FLIPHORIZONTAL, "fliphorizontal" },
    { CQ_KEYWORD_FLIPVERTICAL, "flipvertical" },
    { CQ_KEYWORD_SHIFT, "shift" },
    { CQ_KEYWORD_SHIFTHORIZONTAL, "shifthorizontal" },
    { CQ_KEYWORD_SHIFTVERTICAL, "shiftvertical" },
  };
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  gboolean seen[G_N_ELEMENTS (words)] = { FALSE };

  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];
      const CqKeywordInfo *info;

      if (item->kind != CQ_SEXP_STRING || item->quoted || item->text[0] != ':')
        continue;
      info = _cq_keyword_lookup (item->text);
      if (info == NULL)
        continue;
      switch (info->id)
        {
        case CQ_KEYWORD_FLIPDIAGONAL:
        case CQ_KEYWORD_SHIFTMAINDIAGONAL:
        case CQ_KEYWORD_SHIFTOFFDIAGONAL:
        case CQ_KEYWORD_SHIFTDIAGONAL:
          return _cq_convert_refuse (cv, item, "the transform '%s': CQL 6 has no transform with its "
                         "members", item->text);
        default:
          break;
        }
      for (guint k = 0; k < G_N_ELEMENTS (words); k++)
        if (words[k].id == info->id)
          seen[k] = TRUE;
    }
  /* :flip and :flipdihedral are one transform. */
  if (seen[1] && seen[2])
    seen[2] = FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (words); k++)
    if (seen[k])
      g_ptr_array_add (parts, (gpointer) words[k].word);
  if (seen[5] || seen[6])
    cv->shift_h = TRUE;
  if (seen[5] || seen[7])
    cv->shift_v = TRUE;
  g_ptr_array_add (parts, NULL);
  *prefix = parts->len > 1 ? g_strjoinv (" ", (char **) parts->pdata) : NULL;
  return TRUE;
}

/* The move keywords of one position list, gathered into one `move`
 * filter: CQL 3 requires one continuation to satisfy them all (R4). */
typedef struct {
  const CqSexp *first;
  char         *from;
  char         *to;
  guint16       promote_pieces;
  CqBitboard    promote_squares;
  const CqSexp *promote_item;
  gboolean      enpassant;
} MoveParts;

static void
move_parts_clear (MoveParts *m)
{
  g_clear_pointer (&m->from, g_free);
  g_clear_pointer (&m->to, g_free);
}

/* The `move` filter of @m, or NULL with an error. */
static char *
move_text (Converter *cv, MoveParts *m)
{
  GString *text = g_string_new ("move");
  g_autofree char *from = g_strdup (m->from);

  if (cv->primary)
    g_string_append (text, " primary");
  if (m->promote_item != NULL)
    {
      /* CQL 6's promote reads the piece type only (docs/cql6-rulings.md
       * 2); CQL 3's :promote D also asks the colour and the square of the
       * piece promoted (R4).  The colour goes to `from` (the pawn that
       * moves), the square to `to`. */
      guint16 white = m->promote_pieces & CQ_PIECES_WHITE;
      guint16 black = (m->promote_pieces & CQ_PIECES_BLACK) >> 6;
      CqDesignatorSets types = { 0, CQ_SQUARES_ALL };
      g_autofree char *types_text = NULL;

      if (white != 0 && black != 0 && white != black)
        {
          g_string_free (text, TRUE);
          _cq_convert_refuse (cv, m->promote_item, "':promote' with different white and black piece "
                  "types: CQL 6's promote names a type whatever its colour; write two "
                  "position lists joined by :or");
          return NULL;
        }
      types.pieces = white != 0 ? white : black;
      types.pieces &= (guint16) ~(CQ_PIECE_BIT (CQ_WK) | CQ_PIECE_BIT (CQ_WP));
      if (types.pieces == 0)
        {
          g_string_free (text, TRUE);
          _cq_convert_refuse (cv, m->promote_item, "':promote' to a king or a pawn, which never matches: "
                  "CQL 6's promote refuses those types");
          return NULL;
        }
      if (white == 0 || black == 0)
        {
          const char *pawn = white != 0 ? "P" : "p";

          if (from == NULL)
            from = g_strdup (pawn);
          else
            {
              char *both = g_strdup_printf ("(%s & %s)", from, pawn);

              g_free (from);
              from = both;
            }
        }
      if (m->promote_squares != CQ_SQUARES_ALL)
        {
          CqDesignatorSets squares = { CQ_PIECES_ALL, m->promote_squares };
          g_autofree char *sq = cq_designator_sets_to_cql6_text (&squares);

          if (m->to == NULL)
            m->to = g_steal_pointer (&sq);
          else
            {
              char *both = g_strdup_printf ("(%s & %s)", m->to, sq);

              g_free (m->to);
              m->to = both;
            }
        }
      types_text = cq_designator_sets_to_cql6_text (&types);
      if (from != NULL)
        g_string_append_printf (text, " from %s", from);
      if (m->to != NULL)
        g_string_append_printf (text, " to %s", m->to);
      g_string_append_printf (text, " promote %s", types_text);
    }
  else
    {
      if (from != NULL)
        g_string_append_printf (text, " from %s", from);
      if (m->to != NULL)
        g_string_append_printf (text, " to %s", m->to);
    }
  if (m->enpassant)
    g_string_append (text, " enpassant");
  return g_string_free (text, FALSE);
}

/* The position lists of the list after @list->items[*i] (:and, :or,
 * :sequence), each converted on one line. */
static gboolean
nested_lists (Converter *cv, const CqSexp *list, guint *i, GPtrArray *texts)
{
  const CqSexp *arg = list->items[++*i];

  for (guint k = 0; k < arg->n_items; k++)
    {
      Block nested;
      gboolean saved_h = cv->shift_h, saved_v = cv->shift_v;
      gboolean ok;

      _cq_convert_block_init (&nested);
      cv->depth++;
      ok = _cq_convert_list (cv, arg->items[k], &nested);
      cv->depth--;
      cv->shift_h = saved_h;
      cv->shift_v = saved_v;
      if (ok)
        g_ptr_array_add (texts, _cq_convert_block_inline (&nested));
      _cq_convert_block_clear (&nested);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

gboolean
_cq_convert_list (Converter *cv, const CqSexp *list, Block *b)
{
  MoveParts move = { 0 };
  gboolean ok = FALSE;
  gboolean gapped_item = FALSE;
  const CqSexp *sum_item = NULL;
  gint64 sum_min = 0, sum_max = 0;
  guint move_slot = G_MAXUINT;

  gboolean saved_transformed = cv->transformed;
  gboolean saved_primary = cv->primary;
  gboolean inherited_shift = cv->shift_h || cv->shift_v;

  if (!list_transforms (cv, list, &b->prefix))
    return FALSE;
  /* A nested list with transforms of its own inside a shifted one: CQL
   * 3 and CQL 6 find other games (`shift {Kd4 flip Rd2}`: 37 and 53
   * games of the HHdb studies, docs/cql6-rulings.md 13). */
  if (inherited_shift && b->prefix != NULL)
    return _cq_convert_refuse (cv, list, "a nested position list with transforms of its own "
                               "inside a shifted one: CQL 3 and CQL 6 compose them differently");
  /* Nested lists inherit the transforms (R12). */
  if (b->prefix != NULL)
    cv->transformed = TRUE;
  /* R4: a list with :variations considers every continuation, and so do
   * the lists nested in it. */
  if (_cq_convert_list_keyword_at (list, ":variations") != NULL)
    cv->primary = FALSE;
  if (cv->depth > 0 && _cq_convert_list_keyword_at (list, ":variationsonly") != NULL)
    return _cq_convert_refuse (cv, _cq_convert_list_keyword_at (list, ":variationsonly"),
                               "':variationsonly' in a nested position list");

  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];
      const CqKeywordInfo *info;
      gint64 min = 0, max = 0;

      if (item->text[0] != ':')
        {
          char *d = _cq_convert_designator_text (cv, item);

          if (d == NULL)
            goto out;
          block_add (b, item->line, d);
          continue;
        }
      info = _cq_keyword_lookup (item->text);
      g_assert (info != NULL);
      switch (info->id)
        {
        case CQ_KEYWORD_CHECK: block_add (b, item->line, g_strdup ("check")); break;
        case CQ_KEYWORD_NOCHECK: block_add (b, item->line, g_strdup ("not check")); break;
        case CQ_KEYWORD_MATE: block_add (b, item->line, g_strdup ("mate")); break;
        case CQ_KEYWORD_STALEMATE: block_add (b, item->line, g_strdup ("stalemate")); break;
        case CQ_KEYWORD_WTM: block_add (b, item->line, g_strdup ("wtm")); break;
        case CQ_KEYWORD_BTM: block_add (b, item->line, g_strdup ("btm")); break;
        case CQ_KEYWORD_INITIAL: block_add (b, item->line, g_strdup ("initial")); break;
        case CQ_KEYWORD_TERMINAL: block_add (b, item->line, g_strdup ("terminal")); break;
        /* Which positions are examined, the marks, the transforms and the
         * counts belong to the list as a whole: convert_top() and
         * list_transforms() write them. */
        case CQ_KEYWORD_VARIATIONS:
        case CQ_KEYWORD_VARIATIONSONLY:
        case CQ_KEYWORD_MARKALL:
        case CQ_KEYWORD_FLIPDIHEDRAL:
        case CQ_KEYWORD_FLIP:
        case CQ_KEYWORD_FLIPHORIZONTAL:
        case CQ_KEYWORD_FLIPVERTICAL:
        case CQ_KEYWORD_FLIPCOLOR:
        case CQ_KEYWORD_SHIFT:
        case CQ_KEYWORD_SHIFTHORIZONTAL:
        case CQ_KEYWORD_SHIFTVERTICAL:
          break;
        case CQ_KEYWORD_MATCHCOUNT:
          _cq_convert_take_range (list, &i, &min, &max);
          break;
        case CQ_KEYWORD_NOT:
          b->negated = TRUE;
          break;
        case CQ_KEYWORD_NOANNOTATE:
          _cq_convert_refuse (cv, item, "':noannotate': CQL 6 marks every position a query matches");
          goto out;
        case CQ_KEYWORD_PIECECOUNT:
        case CQ_KEYWORD_POWER:
          {
            const CqSexp *arg = list->items[++i];
            g_autofree char *d = _cq_convert_designator_text (cv, arg);
            g_autofree char *expr = NULL;

            if (d == NULL)
              goto out;
            _cq_convert_take_range (list, &i, &min, &max);
            if (info->id == CQ_KEYWORD_PIECECOUNT)
              {
                expr = g_strdup_printf ("#%s", d);
                if (min <= 0 && max == 0)
                  block_add (b, item->line, g_strdup_printf ("not %s", d));
                else
                  block_add (b, item->line, _cq_convert_range_text (expr, min, max, 0, 64));
              }
            else
              {
                expr = g_strdup_printf ("power %s", d);
                block_add (b, item->line, _cq_convert_range_text (expr, min, max, 0, 64 * 9));
              }
          }
          break;
        case CQ_KEYWORD_POWERDIFFERENCE:
          {
            const CqSexp *arg = list->items[++i];
            g_autofree char *d = _cq_convert_designator_text (cv, arg);
            g_autofree char *expr = NULL;

            if (d == NULL)
              goto out;
            _cq_convert_take_range (list, &i, &min, &max);
            /* White's minus Black's; flipcolor swaps A and a in CQL 6 as
             * it swaps the difference's sign in CQL 3 (R7). */
            if (strcmp (d, ".") == 0 || strcmp (d, "[Aa]") == 0)
              expr = g_strdup ("power A - power a");
            else
              expr = g_strdup_printf ("power (%s & A) - power (%s & a)", d, d);
            block_add (b, item->line, _cq_convert_range_text (expr, min, max, -64 * 9, 64 * 9));
          }
          break;
        case CQ_KEYWORD_ATTACKCOUNT:
          {
            const CqSexp *attacker_item = list->items[i + 1];
            gint64 bound;
            const CqSexp *target_item = list->items[i + 2];
            g_autofree char *attackers = _cq_convert_designator_text (cv, attacker_item);
            g_autofree char *targets = NULL;

            if (attackers == NULL)
              goto out;
            targets = _cq_convert_designator_text (cv, target_item);
            if (targets == NULL)
              goto out;
            i += 2;
            _cq_convert_take_range (list, &i, &min, &max);
            /* CQL 3 counts (attacker, target) pairs (R5); CQL 6's
             * `attacks` is a set of attackers.  They agree on "none" and
             * on "at least one" when the range reaches the most pairs
             * there can be; and on
             * the number when the target is one square at most (the
             * number of attackers), or the attacker is (the number of
             * squares it attacks: `attackedby`); otherwise the pairs are
             * summed over the attacked squares in a square loop. */
            /* At most: each attacker attacks 27 squares, each square is
             * attacked along 8 lines and from 8 knight squares. */
            bound = MIN (_cq_convert_designator_bound (attacker_item) * 27,
                         _cq_convert_designator_bound (target_item) * 16);
            bound = MIN (bound, _cq_convert_designator_bound (attacker_item)
                                * _cq_convert_designator_bound (target_item));
            if (max == 0)
              block_add (b, item->line,
                         g_strdup_printf ("not (%s attacks %s)", attackers, targets));
            else if (min <= 0 && max >= bound)
              block_add (b, item->line, g_strdup ("true"));
            else if (min == 1 && max >= bound)
              block_add (b, item->line, g_strdup_printf ("%s attacks %s", attackers, targets));
            else if (_cq_convert_designator_unique (target_item) || _cq_convert_designator_unique (attacker_item))
              {
                g_autofree char *count
                  = _cq_convert_designator_unique (target_item)
                    ? g_strdup_printf ("#(%s attacks %s)", attackers, targets)
                    : g_strdup_printf ("#(%s attackedby %s)", targets, attackers);

                block_add (b, item->line, _cq_convert_range_text (count, min, max, 0, 64));
              }
            else
              {
/* The pairs summed over the attacked squares. */
                /* No more pairs than @bound: a larger maximum is left out. */
                g_autofree char *range = _cq_convert_range_text ("Pairs", min, max, 0, bound);

                block_add (b, item->line,
                           g_strdup_printf ("{Pairs = 0 square all Attacked in %s {Pairs += "
                                            "#(%s attacks Attacked)} %s}", targets, attackers,
                                            range));
              }
          }
          break;
        case CQ_KEYWORD_RAY:
        case CQ_KEYWORD_RAYDIAGONAL:
        case CQ_KEYWORD_RAYHORIZONTAL:
        case CQ_KEYWORD_RAYVERTICAL:
        case CQ_KEYWORD_RAYORTHOGONAL:
        case CQ_KEYWORD_RAYATTACK:
          {
            const CqSexp *arg = list->items[++i];
            g_autofree char *ray = NULL;
            gint64 bound;

            min = 1, max = 1000;
            _cq_convert_take_range (list, &i, &min, &max);
            /* CQL 3 counts the pairs (first square, last square) (R6); a
             * CQL 6 ray is the set of last squares reached.  They agree
             * on "none" and "at least one" when the range reaches the most
             * pairs there can be; and on the number when the
             * first designator is one square at most (the number of last
             * squares), or the last one is (the ray read backwards: the
             * number of first squares); otherwise summed over the last
             * squares. */
            /* At most 27 squares on the lines through a square. */
            bound = MIN (_cq_convert_designator_bound (arg->items[0]),
                         _cq_convert_designator_bound (arg->items[arg->n_items - 1])) * 27;
            bound = MIN (bound, _cq_convert_designator_bound (arg->items[0])
                                * _cq_convert_designator_bound (arg->items[arg->n_items - 1]));
            if (min <= 0 && max >= bound)
              block_add (b, item->line, g_strdup ("true"));
            else if (max == 0 || (min == 1 && max >= bound))
              {
                if ((ray = _cq_convert_ray_text (cv, info, arg, FALSE, NULL)) == NULL)
                  goto out;
                block_add_lines (b, item->line, arg->end_line,
                                 max == 0 ? g_strdup_printf ("not %s", ray)
                                          : g_steal_pointer (&ray));
              }
            else if (_cq_convert_designator_unique (arg->items[0])
                     || _cq_convert_designator_unique (arg->items[arg->n_items - 1]))
              {
                g_autofree char *count = NULL;

                ray = _cq_convert_ray_text (cv, info, arg,
                                            !_cq_convert_designator_unique (arg->items[0]),
                                            NULL);
                if (ray == NULL)
                  goto out;
                count = g_strdup_printf ("#%s%s%s", ray[0] == '(' ? "" : "(", ray,
                                         ray[0] == '(' ? "" : ")");
                block_add_lines (b, item->line, arg->end_line,
                                 _cq_convert_range_text (count, min, max, 0, 64));
              }
            else
              {
/* The pairs summed over the last squares: from each, the
                 * ray read backwards reaches that many first squares. */
                g_autofree char *last = _cq_convert_designator_text (cv, arg->items[arg->n_items - 1]);
                g_autofree char *count = NULL;
                g_autofree char *range = NULL;

                if (last == NULL)
                  goto out;
                ray = _cq_convert_ray_text (cv, info, arg, TRUE, "Last");
                if (ray == NULL)
                  goto out;
                range = _cq_convert_range_text ("Pairs", min, max, 0, bound);
                count = g_strdup_printf ("{Pairs = 0 square all Last in %s {Pairs += #%s%s%s} %s}",
                                         last, ray[0] == '(' ? "" : "(", ray,
                                         ray[0] == '(' ? "" : ")", range);
                block_add_lines (b, item->line, arg->end_line, g_steal_pointer (&count));
              }
          }
          break;
        case CQ_KEYWORD_MOVEFROM:
        case CQ_KEYWORD_MOVETO:
        case CQ_KEYWORD_PROMOTE:
          {
            const CqSexp *arg = list->items[++i];

            if (move.first == NULL)
              {
                move.first = item;
                move_slot = b->texts->len;
                block_add (b, item->line, NULL);
              }
            if (info->id == CQ_KEYWORD_PROMOTE)
              {
                CqDesignator d;

                if (move.promote_item != NULL)
                  {
                    _cq_convert_refuse (cv, item, "':promote' twice in one position list");
                    goto out;
                  }
                if (arg->text[0] == '$')
                  {
                    _cq_convert_refuse (cv, arg, "':promote' with the tag designator `%s`",
                                        arg->text);
                    goto out;
                  }
                if (!_cq_designator_parse (arg->text, cv->filename, arg->line, arg->column, &d,
                                           cv->error))
                  goto out;
                if ((cv->shift_h || cv->shift_v)
                    && !_cq_convert_edge_safe (d.squares, cv->shift_h, cv->shift_v))
                  {
                    _cq_convert_refuse (cv, arg, "':promote' with squares on the edge of the "
                                        "board under a shift (rulings R7)");
                    goto out;
                  }
                move.promote_item = item;
                move.promote_pieces = d.pieces;
                move.promote_squares = d.squares;
              }
            else
              {
                char **slot = info->id == CQ_KEYWORD_MOVEFROM ? &move.from : &move.to;
                char *d = _cq_convert_designator_text (cv, arg);

                if (d == NULL)
                  goto out;
                /* Twice: the one move's square matches both (R4). */
                if (*slot != NULL)
                  {
                    char *both = g_strdup_printf ("(%s & %s)", *slot, d);

                    g_free (d);
                    g_free (*slot);
                    d = both;
                  }
                *slot = d;
              }
          }
          break;
        case CQ_KEYWORD_ENPASSANT:
          if (move.first == NULL)
            {
              move.first = item;
              move_slot = b->texts->len;
              block_add (b, item->line, NULL);
            }
          move.enpassant = TRUE;
          break;
        case CQ_KEYWORD_NOENPASSANT:
          _cq_convert_refuse (cv, item, "':noenpassant': CQL 6's move has no parameter for a move that "
                  "is not en passant");
          goto out;
        case CQ_KEYWORD_MOVENUMBER:
          _cq_convert_refuse (cv, item, "':movenumber': CQL 3 counts from the move number of the "
                  "game's FEN, CQL 6's movenumber from 1 at the first position "
                  "(docs/cql6-rulings.md 7)");
          goto out;
        case CQ_KEYWORD_RESULT:
          block_add (b, item->line,
                     g_strdup_printf ("result %s", _cq_convert_result_text (list->items[++i]->text)));
          break;
        case CQ_KEYWORD_ELO:
        case CQ_KEYWORD_WHITEELO:
        case CQ_KEYWORD_BLACKELO:
          {
            g_autofree char *white = NULL, *black = NULL;

            _cq_convert_take_range (list, &i, &min, &max);
            white = _cq_convert_range_text ("elo white", min, max, 0, G_MAXINT64);
            black = _cq_convert_range_text ("elo black", min, max, 0, G_MAXINT64);
            if (info->id == CQ_KEYWORD_WHITEELO)
              block_add (b, item->line, g_steal_pointer (&white));
            else if (info->id == CQ_KEYWORD_BLACKELO)
              block_add (b, item->line, g_steal_pointer (&black));
            else
              /* R3: the rating of at least one player. */
              block_add (b, item->line, g_strdup_printf ("(%s or %s)", white, black));
          }
          break;
        case CQ_KEYWORD_AND:
        case CQ_KEYWORD_OR:
          {
            g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

            if (!nested_lists (cv, list, &i, texts))
              goto out;
            if (info->id == CQ_KEYWORD_AND)
              for (guint k = 0; k < texts->len; k++)
                {
                  const CqSexp *nested = list->items[i]->items[k];

                  block_add_lines (b, nested->line, nested->end_line,
                                   g_strdup (texts->pdata[k]));
                }
            else
              {
                /* A transform reaches as far right as it can: a member
                 * with one goes in parentheses. */
                for (guint k = 0; k < texts->len; k++)
                  {
                    const char *t = texts->pdata[k];

                    if (strchr (t, ' ') != NULL && t[0] != '{' && !_cq_convert_one_group (t))
                      {
                        texts->pdata[k] = g_strdup_printf ("(%s)", t);
                        g_free ((char *) t);
                      }
                  }
                g_ptr_array_add (texts, NULL);
                {
                  char *one = g_strjoinv (" or ", (char **) texts->pdata);

                  /* Too long for a line: each member on a line of its
                   * own, `or` between them. */
                  if (strlen (one) > OR_WIDTH)
                    {
                      g_free (one);
                      one = g_strjoinv ("\nor\n", (char **) texts->pdata);
                    }
                  block_add_lines (b, item->line, list->items[i]->end_line, one);
                }
              }
          }
          break;
        case CQ_KEYWORD_SEQUENCE:
        case CQ_KEYWORD_GAPPEDSEQUENCE:
          {
            g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
            gboolean gapped = info->id == CQ_KEYWORD_GAPPEDSEQUENCE;
            GString *line;

            if (!nested_lists (cv, list, &i, texts))
              goto out;
            /* R9: L1 at this position, L2 at the next, ...: a CQL 6 line
             * from here (following variations when the header says so;
             * `primary` keeps it to the main continuations).  Gapped: any
             * number of positions before and between them, `true*`. */
            line = g_string_new (cv->primary ? "line primary quiet" : "line quiet");
            for (guint k = 0; k < texts->len; k++)
              {
                const char *t = texts->pdata[k];

                if (gapped)
                  g_string_append (line, " --> true*");
                if (strchr (t, ' ') != NULL && t[0] != '{' && !_cq_convert_one_group (t))
                  g_string_append_printf (line, " --> {%s}", t);
                else
                  g_string_append_printf (line, " --> %s", t);
              }
            block_add_lines (b, item->line, list->items[i]->end_line,
                             g_string_free (line, FALSE));
            if (gapped)
              gapped_item = TRUE;
          }
          break;
        case CQ_KEYWORD_RELATION:
          {
            const CqSexp *spec = list->items[++i];
            char *echo;

            if (cv->transformed)
              {
                /* R7: the relation's designators are not transformed,
                 * CQL 6's transforms would reach into the echo. */
                _cq_convert_refuse (cv, item, "':relation' in a position list with transforms");
                goto out;
              }
            if ((echo = _cq_convert_relation_text (cv, spec)) == NULL)
              goto out;
            block_add_lines (b, item->line, spec->end_line, echo);
          }
          break;
        case CQ_KEYWORD_PRETRANSFORMMATCHCOUNT:
          /* R8: one count per member of the transform set; written by
           * convert_match() as the transforms before a counting `find`. */
          _cq_convert_take_range (list, &i, &min, &max);
          break;
        case CQ_KEYWORD_ACCUMULATE:
          /* R8: the number of members that match, `shift count {...}`
           * (_cq_convert_accumulators() wrote it for the :sumrange of
           * other lists; this list's own :sumrange is written below). An
           * accumulator no :sumrange reads changes nothing. */
          i++;
          break;
        case CQ_KEYWORD_SUMRANGE:
          {
            const CqSexp *name = list->items[++i];
            const CqSexp *own = _cq_convert_list_accumulator (list);
            const char *count;
            gint64 lo = 0, hi = 0;

            _cq_convert_take_range (list, &i, &lo, &hi);
            /* R8: the members are counted before any sum is tested. */
            if (cv->counting)
              break;
            if (own != NULL && strcmp (own->text, name->text) == 0)
              {
                if (sum_item != NULL)
                  {
                    _cq_convert_refuse (cv, item, "':sumrange' of the list's own accumulator "
                                        "twice in one position list");
                    goto out;
                  }
                sum_item = item;
                sum_min = lo;
                sum_max = hi;
                break;
              }
            count = cv->sums != NULL ? g_hash_table_lookup (cv->sums, name->text) : NULL;
            if (count == NULL)
              {
                /* No list adds to it: the sum is 0. */
                block_add (b, item->line, g_strdup (lo <= 0 && 0 <= hi ? "true" : "false"));
                break;
              }
            if (cv->transformed)
              {
                _cq_convert_refuse (cv, item, "':sumrange' in a transformed position list: "
                                    "CQL 6 would transform the count it reads");
                goto out;
              }
            block_add (b, item->line, _cq_convert_range_text (count, lo, hi, 0, G_MAXINT64));
          }
          break;
        case CQ_KEYWORD_TAGMATCH:
          {
            /* The tag's piece matches D (R11): its square is in D. */
            const CqSexp *name = list->items[++i];
            g_autofree char *d = _cq_convert_designator_text (cv, list->items[++i]);
            guint t = 0;

            if (d == NULL)
              goto out;
            while (t + 1 < cv->n_tags && strcmp (cv->tag_names[t], name->text) != 0)
              t++;
            block_add (b, item->line, g_strdup_printf ("(%s & %s)", cv->tag_vars[t], d));
          }
          break;
        default:
          _cq_convert_refuse (cv, item, "the keyword '%s' in a position list", item->text);
          goto out;
        }
    }

  b->gapped_only = gapped_item && b->texts->len == 1 && !b->negated;
  if (sum_item != NULL)
    {
      /* The list matches where one of its members does and the number of
       * members that match, counted before any :sumrange (R8), lies in
       * the range: `prefix {...}` and `(prefix count {...})` in it.  A
       * count of 1 or more implies the first. */
      g_autofree char *members = NULL;
      g_autofree char *count = NULL;
      char *prefix = b->prefix;
      guint line = list->line;

      if (b->negated || prefix == NULL)
        {
          _cq_convert_refuse (cv, sum_item, "':sumrange' in a position list %s",
                              b->negated ? "with :not" : "without transforms");
          goto out;
        }
      b->prefix = NULL;
      members = _cq_convert_block_inline (b);
      b->prefix = prefix;
      if (members[0] != '{')
        {
          char *braced = g_strdup_printf ("{%s}", members);

          g_free (members);
          members = braced;
        }
      count = g_strdup_printf ("(%s count %s)", prefix, members);
      if (sum_min < 1)
        {
          g_autofree char *any = g_strdup_printf ("%s %s", prefix, members);

          g_ptr_array_set_size (b->texts, 0);
          g_array_set_size (b->lines, 0);
          g_array_set_size (b->ends, 0);
          _cq_convert_block_prepend (b, line, g_steal_pointer (&any));
        }
      else
        {
          g_ptr_array_set_size (b->texts, 0);
          g_array_set_size (b->lines, 0);
          g_array_set_size (b->ends, 0);
        }
      g_clear_pointer (&b->prefix, g_free);
      block_add_lines (b, sum_item->line, sum_item->line,
                       _cq_convert_range_text (count, sum_min, sum_max, 0, G_MAXINT64));
    }
  if (move.first != NULL)
    {
      char *text = move_text (cv, &move);

      if (text == NULL)
        goto out;
      g_free (b->texts->pdata[move_slot]);
      b->texts->pdata[move_slot] = text;
    }
  ok = TRUE;
out:
  cv->transformed = saved_transformed;
  cv->primary = saved_primary;
  move_parts_clear (&move);
  return ok;
}
