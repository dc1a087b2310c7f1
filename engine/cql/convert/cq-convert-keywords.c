/* cq-convert-keywords.c: the parts of CQL 3 keywords that need more than
 * a word in CQL 6 (for cq-convert-list.c): piece designators and the CQL 3
 * edge rule under shifts, ranges, rays and counts of pairs, relations as
 * echo, accumulators as counts of transform members (docs/convert.md,
 * docs/cql6-rulings.md 13).
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

/* ------------------------------------------------------------------------
 * Designators, ranges
 */

gboolean
_cq_convert_edge_safe (CqBitboard squares, gboolean horizontal, gboolean vertical)
{
  if (squares == CQ_SQUARES_ALL)
    return TRUE;
  for (guint i = 0; i < 8; i++)
    {
      guint8 rank = (guint8) (squares >> (8 * i));
      guint8 file = 0;

      for (guint r = 0; r < 8; r++)
        if (squares & (G_GUINT64_CONSTANT (1) << (8 * r + i)))
          file |= (guint8) (1u << r);
      if (horizontal && rank != 0xFF && (rank & 0x81) != 0)
        return FALSE;
      if (vertical && file != 0xFF && (file & 0x81) != 0)
        return FALSE;
    }
  return TRUE;
}

/* The squares of a one-square designator on an edge under a shift, as
 * CQL 3 moves them (R7): the square itself, and on each axis where it
 * stands on an edge a shift moves away from, every square between that
 * edge and it, `(a2 | left a2)`.  Shifted by CQL 6, that is the square
 * moved and the squares it passed: the CQL 3 image.  The expression
 * keeps the one square as its only constant, so that a member in which it
 * leaves the board is dropped, as CQL 3 drops it (docs/cql6-rulings.md
 * 13).  `left 0 7 a2` would say the same (distance 0 is the square
 * itself, rulings 14); this form was written before Excelsior read it so
 * and is kept. */
static char *
edge_squares_text (Converter *cv, int square)
{
  int file = square % 8, rank = square / 8;
  char name[3];
  char *text;

  cq_square_name (square, name);
  text = g_strdup (name);
  if (cv->shift_h && (file == 0 || file == 7))
    {
      char *wider = g_strdup_printf ("(%s | %s %s)", text, file == 0 ? "left" : "right", text);

      g_free (text);
      text = wider;
    }
  if (cv->shift_v && (rank == 0 || rank == 7))
    {
      char *wider = g_strdup_printf ("(%s | %s %s)", text, rank == 0 ? "down" : "up", text);

      g_free (text);
      text = wider;
    }
  return text;
}

char *
_cq_convert_designator_text (Converter *cv, const CqSexp *item)
{
  CqDesignator d;
  CqDesignatorSets sets;
  GError *local = NULL;
  g_autofree char *squares = NULL;
  g_autofree char *pieces = NULL;
  gboolean tag = item->text[0] == '$';

  if (!(tag ? _cq_designator_parse_tagged (item->text, cv->filename, item->line, item->column,
                                           cv->tag_names, cv->n_tags, &d, &local)
            : _cq_designator_parse (item->text, cv->filename, item->line, item->column, &d,
                                    &local)))
    {
      /* The compiler has read the query already: not reached. */
      g_propagate_error (cv->error, local);
      return NULL;
    }
  if ((cv->shift_h || cv->shift_v) && !_cq_convert_edge_safe (d.squares, cv->shift_h, cv->shift_v))
    {
      if (__builtin_popcountll (d.squares) != 1)
        {
          _cq_convert_refuse (cv, item, "the piece designator `%s` under a shift: it has "
                              "squares on the edge of the board, which a CQL 3 shift keeps as "
                              "well as moves (rulings R7) and a CQL 6 shift only moves; only a "
                              "designator of one square converts so (docs/cql6-rulings.md 13)",
                              item->text);
          return NULL;
        }
      squares = edge_squares_text (cv, __builtin_ctzll (d.squares));
    }
  else if (d.squares != CQ_SQUARES_ALL)
    {
      sets.pieces = CQ_PIECES_ALL;
      sets.squares = d.squares;
      squares = cq_designator_sets_to_cql6_text (&sets);
    }

  /* A tag's piece on some squares (R11): the piece variable of the tag's
   * loop (convert_match()), limited to those squares. */
  if (tag)
    return squares == NULL ? g_strdup (cv->tag_vars[d.tag])
                           : g_strdup_printf ("(%s & %s)", cv->tag_vars[d.tag], squares);
  sets.pieces = d.pieces;
  if (squares == NULL || squares[0] != '(')
    {
      sets.squares = d.squares;
      return cq_designator_sets_to_cql6_text (&sets);
    }
  if ((d.pieces & CQ_PIECES_ALL) == CQ_PIECES_ALL)
    return g_steal_pointer (&squares);
  sets.squares = CQ_SQUARES_ALL;
  pieces = cq_designator_sets_to_cql6_text (&sets);
  return g_strdup_printf ("(%s & %s)", pieces, squares);
}

char *
_cq_convert_range_text (const char *expr, gint64 min, gint64 max, gint64 lo, gint64 hi)
{
  if (min == max)
    return g_strdup_printf ("%s == %" G_GINT64_FORMAT, expr, min);
  if (min <= lo && max >= hi)
    return g_strdup_printf ("%s >= %" G_GINT64_FORMAT, expr, lo);
  if (max >= hi)
    return g_strdup_printf ("%s >= %" G_GINT64_FORMAT, expr, min);
  if (min <= lo)
    return g_strdup_printf ("%s <= %" G_GINT64_FORMAT, expr, max);
  /* A filter that starts with `-` after another would read as a
   * subtraction (`initial -1 <= X`): the parentheses keep it apart. */
  return g_strdup_printf ("%s%" G_GINT64_FORMAT " <= %s <= %" G_GINT64_FORMAT "%s",
                          min < 0 ? "(" : "", min, expr, max, min < 0 ? ")" : "");
}

void
_cq_convert_take_range (const CqSexp *list, guint *i, gint64 *min, gint64 *max)
{
  for (guint n = 0; n < 2 && *i + 1 < list->n_items; n++)
    {
      const CqSexp *item = list->items[*i + 1];
      char *end;
      gint64 value;

      if (item->kind != CQ_SEXP_STRING || item->quoted)
        return;
      value = g_ascii_strtoll (item->text, &end, 10);
      if (end == item->text || *end != '\0')
        return;
      (*i)++;
      if (n == 0)
        *min = *max = value;
      else
        *max = value;
    }
}

const char *
_cq_convert_result_text (const char *text)
{
  return strcmp (text, "1/2") == 0 ? "1/2-1/2" : text;
}

gboolean
_cq_convert_one_group (const char *text)
{
  int depth = 0;

  if (text[0] != '(')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')' && --depth == 0)
        return p[1] == '\0';
    }
  return FALSE;
}

gboolean
_cq_convert_designator_unique (const CqSexp *item)
{
  CqDesignator d;

  /* A tag names one piece (R11). */
  if (item->text[0] == '$')
    return TRUE;
  if (!_cq_designator_parse (item->text, NULL, item->line, item->column, &d, NULL))
    return FALSE;
  if (__builtin_popcountll (d.squares) <= 1)
    return TRUE;
  return d.pieces == CQ_PIECE_BIT (CQ_WK) || d.pieces == CQ_PIECE_BIT (CQ_BK);
}

gint64
_cq_convert_designator_bound (const CqSexp *item)
{
  CqDesignator d;
  gint64 squares;

  if (_cq_convert_designator_unique (item))
    return 1;
  if (!_cq_designator_parse (item->text, NULL, item->line, item->column, &d, NULL))
    return 64;
  squares = __builtin_popcountll (d.squares);
  return (d.pieces & CQ_PIECES_EMPTY) ? squares : MIN (squares, 32);
}

char *
_cq_convert_ray_text (Converter *cv, const CqKeywordInfo *info, const CqSexp *arg,
                      gboolean reversed, const char *last)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *orthogonal = NULL, *diagonal = NULL;
  const char *direction = NULL;

  for (guint k = 0; k < arg->n_items; k++)
    {
      char *d = last != NULL && k + 1 == arg->n_items
                ? g_strdup (last) : _cq_convert_designator_text (cv, arg->items[k]);

      if (d == NULL)
        return NULL;
      g_ptr_array_add (parts, d);
    }
  switch (info->id)
    {
    case CQ_KEYWORD_RAYDIAGONAL: direction = "diagonal "; break;
    case CQ_KEYWORD_RAYHORIZONTAL: direction = "horizontal "; break;
    case CQ_KEYWORD_RAYVERTICAL: direction = "vertical "; break;
    case CQ_KEYWORD_RAYORTHOGONAL: direction = "orthogonal "; break;
    default: direction = ""; break;
    }
  if (info->id != CQ_KEYWORD_RAYATTACK)
    {
      g_autofree char *path = NULL;

      if (reversed)
        for (guint k = 0; k < parts->len / 2; k++)
          {
            gpointer t = parts->pdata[k];

            parts->pdata[k] = parts->pdata[parts->len - 1 - k];
            parts->pdata[parts->len - 1 - k] = t;
          }
      g_ptr_array_add (parts, NULL);
      path = g_strjoinv (" ", (char **) parts->pdata);
      return g_strdup_printf ("ray %s(%s)", direction, path);
    }
  /* The first designator limited to the pieces that slide each way. */
  for (guint kind = 0; kind < 2; kind++)
    {
      GString *path = g_string_new (NULL);
      const char *sliders = kind == 0 ? "[RQrq]" : "[BQbq]";

      for (guint n = 0; n < parts->len; n++)
        {
          guint k = reversed ? parts->len - 1 - n : n;

          if (n > 0)
            g_string_append_c (path, ' ');
          if (k == 0)
            g_string_append_printf (path, "(%s & %s)", (const char *) parts->pdata[0], sliders);
          else
            g_string_append (path, parts->pdata[k]);
        }
      if (kind == 0)
        orthogonal = g_string_free (path, FALSE);
      else
        diagonal = g_string_free (path, FALSE);
    }
  return g_strdup_printf ("(ray orthogonal (%s) | ray diagonal (%s))", orthogonal, diagonal);
}

const CqSexp *
_cq_convert_list_keyword_at (const CqSexp *list, const char *name)
{
  for (guint i = 1; i < list->n_items; i++)
    if (list->items[i]->kind == CQ_SEXP_STRING && !list->items[i]->quoted
        && strcmp (list->items[i]->text, name) == 0)
      return list->items[i];
  return NULL;
}

const CqSexp *
_cq_convert_list_accumulator (const CqSexp *list)
{
  for (guint i = 1; i + 1 < list->n_items; i++)
    if (list->items[i]->kind == CQ_SEXP_STRING && !list->items[i]->quoted
        && strcmp (list->items[i]->text, ":accumulate") == 0)
      return list->items[i + 1];
  return NULL;
}

char *
_cq_convert_relation_text (Converter *cv, const CqSexp *spec)
{
  GString *text = g_string_new ("echo quiet (Source Target) {\n");
  const char *side = "==";
  gboolean variations = FALSE, only = FALSE;
  const CqSexp *missing_d = NULL, *new_d = NULL;
  gint64 missing_min = 0, missing_max = 0, new_min = 0, new_max = 0;
  gint64 same_min = -1, same_max = 0, diff_min = -1, diff_max = 0;

  for (guint k = 0; k < spec->n_items; k++)
    {
      const CqSexp *item = spec->items[k];
      const CqKeywordInfo *info = _cq_keyword_lookup (item->text);

      switch (info->id)
        {
        case CQ_KEYWORD_VARIATIONS: variations = TRUE; break;
        case CQ_KEYWORD_VARIATIONSONLY: variations = only = TRUE; break;
        case CQ_KEYWORD_SAMESIDETOMOVE: side = "=="; break;
        case CQ_KEYWORD_CHANGESIDETOMOVE: side = "!="; break;
        case CQ_KEYWORD_IGNORESIDETOMOVE: side = NULL; break;
        case CQ_KEYWORD_MISSINGPIECECOUNT:
          missing_d = spec->items[++k];
          _cq_convert_take_range (spec, &k, &missing_min, &missing_max);
          break;
        case CQ_KEYWORD_NEWPIECECOUNT:
          new_d = spec->items[++k];
          _cq_convert_take_range (spec, &k, &new_min, &new_max);
          break;
        case CQ_KEYWORD_ORIGINALSAMECOUNT:
          _cq_convert_take_range (spec, &k, &same_min, &same_max);
          break;
        case CQ_KEYWORD_ORIGINALDIFFERENTCOUNT:
          _cq_convert_take_range (spec, &k, &diff_min, &diff_max);
          break;
        default:
          /* :pattern, :shift, :flip */
          g_string_free (text, TRUE);
          _cq_convert_refuse (cv, item, "'%s' in a :relation specification: the squares and "
                              "transforms of CQL 3's relation are not written in CQL 6 yet",
                              item->text);
          return NULL;
        }
    }

  /* P2 after P1 on its line (R10): on the main continuations from P1
   * (the same depth in variations), any line with :variations, off the
   * main line with :variationsonly. */
  g_string_append (text, "  ancestor(Source Target)\n");
  if (!variations && cv->variations)
    g_string_append (text, "  depth == Source:depth\n");
  if (only)
    g_string_append (text, "  variation\n");
  if (side != NULL)
    g_string_append_printf (text, "  sidetomove %s Source:sidetomove\n", side);
  if (same_min >= 0)
    {
      g_autofree char *range = _cq_convert_range_text ("#(Source & Target & [Aa])", same_min, same_max, 0,
                                           64);

      g_string_append_printf (text, "  %s\n", range);
    }
  if (diff_min >= 0)
    {
      g_autofree char *range = _cq_convert_range_text ("#~(Source & Target)", diff_min, diff_max, 0, 64);

      g_string_append_printf (text, "  %s\n", range);
    }

  if (missing_max == 0 && new_max == 0)
    /* Nothing missing, nothing new: the same placement. */
    g_string_append (text, "  Source & Target == .\n");
  else
    {
      g_string_append (text, "  Differ = ~(Source & Target)\n");
      /* No square holds another piece: what differs is a piece gone or
       * a piece come. */
      if (new_max == 0)
        g_string_append (text, "  not (Differ & [Aa])\n");
      else if (missing_max == 0)
        g_string_append (text, "  not (Differ & Source:[Aa])\n");
      else
        g_string_append (text, "  not (Differ & Source:[Aa] & [Aa])\n");
      for (guint which = 0; which < 2; which++)
        {
          const CqSexp *d_item = which == 0 ? missing_d : new_d;
          gint64 min = which == 0 ? missing_min : new_min;
          gint64 max = which == 0 ? missing_max : new_max;
          gint64 other_max = which == 0 ? new_max : missing_max;
          const char *set;
          g_autofree char *count = NULL;
          g_autofree char *range = NULL;

          if (max == 0)
            continue;
          /* The missing pieces stood on P1's squares, the new stand now. */
          set = which == 0 ? "Missing" : "New";
          if (other_max == 0)
            set = "Differ";
          else
            g_string_append_printf (text, "  %s = Differ & %s\n", set,
                                    which == 0 ? "Source:[Aa]" : "[Aa]");
          if (d_item != NULL)
            {
              CqDesignator d;
              g_autofree char *d_text = NULL;
              gboolean saved_h = cv->shift_h, saved_v = cv->shift_v;

              _cq_designator_parse (d_item->text, NULL, 1, 1, &d, NULL);
              cv->shift_h = cv->shift_v = FALSE;
              d_text = _cq_convert_designator_text (cv, d_item);
              cv->shift_h = saved_h;
              cv->shift_v = saved_v;
              if ((d.pieces & CQ_PIECES_ANY) != CQ_PIECES_ANY || d.squares != CQ_SQUARES_ALL)
                g_string_append_printf (text, "  %s in %s%s\n", set,
                                        which == 0 ? "Source:" : "", d_text);
            }
          count = g_strdup_printf ("#%s", set);
          range = _cq_convert_range_text (count, min, max, 0, 64);
          g_string_append_printf (text, "  %s\n", range);
        }
    }
  g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

gboolean
_cq_convert_accumulators (Converter *cv, const CqSexp *list, gboolean inherited)
{
  const CqSexp *name = _cq_convert_list_accumulator (list);
  const CqSexp *keyword = _cq_convert_list_keyword_at (list, ":accumulate");
  gboolean transformed = inherited;

  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];
      const CqKeywordInfo *info;

      if (item->kind != CQ_SEXP_STRING || item->text[0] != ':')
        continue;
      info = _cq_keyword_lookup (item->text);
      if (info == NULL)
        continue;
      switch (info->id)
        {
        case CQ_KEYWORD_FLIP: case CQ_KEYWORD_FLIPDIHEDRAL: case CQ_KEYWORD_FLIPHORIZONTAL:
        case CQ_KEYWORD_FLIPVERTICAL: case CQ_KEYWORD_FLIPDIAGONAL: case CQ_KEYWORD_FLIPCOLOR:
        case CQ_KEYWORD_SHIFT: case CQ_KEYWORD_SHIFTHORIZONTAL: case CQ_KEYWORD_SHIFTVERTICAL:
        case CQ_KEYWORD_SHIFTMAINDIAGONAL: case CQ_KEYWORD_SHIFTOFFDIAGONAL:
        case CQ_KEYWORD_SHIFTDIAGONAL:
          transformed = TRUE;
          break;
        default:
          break;
        }
    }

  if (name != NULL)
    {
      Block b;
      gboolean saved_h = cv->shift_h, saved_v = cv->shift_v;
      gboolean ok;

      if (inherited)
        return _cq_convert_refuse (cv, keyword, "':accumulate' in a position list inside a "
                                   "transformed one");
      if (_cq_convert_list_keyword_at (list, ":not") != NULL)
        return _cq_convert_refuse (cv, keyword, "':accumulate' in a position list with :not");
      if (!transformed)
        return _cq_convert_refuse (cv, keyword, "':accumulate' in a position list without "
                                   "transforms: CQL 6 counts the members of a transform");
      if (g_hash_table_contains (cv->sums, name->text))
        return _cq_convert_refuse (cv, keyword, "':accumulate' to an accumulator another position "
                                   "list adds to");
      _cq_convert_block_init (&b);
      cv->shift_h = cv->shift_v = FALSE;
      cv->counting = TRUE;
      ok = _cq_convert_list (cv, list, &b);
      cv->counting = FALSE;
      cv->shift_h = saved_h;
      cv->shift_v = saved_v;
      if (ok)
        {
          char *prefix = b.prefix;
          g_autofree char *members = NULL;

          b.prefix = NULL;
          members = _cq_convert_block_inline (&b);
          b.prefix = prefix;
          g_hash_table_insert (cv->sums, g_strdup (name->text),
                               g_strdup_printf ("(%s count %s%s%s)", prefix,
                                                members[0] == '{' ? "" : "{", members,
                                                members[0] == '{' ? "" : "}"));
        }
      _cq_convert_block_clear (&b);
      if (!ok)
        return FALSE;
    }

  /* The nested lists: :and, :or, sequences. */
  for (guint i = 1; i < list->n_items; i++)
    if (list->items[i]->kind == CQ_SEXP_LIST && i > 0 && list->items[i - 1]->kind == CQ_SEXP_STRING
        && strcmp (list->items[i - 1]->text, ":relation") != 0
        && strcmp (list->items[i - 1]->text, ":ray") != 0
        && !g_str_has_prefix (list->items[i - 1]->text, ":ray"))
      for (guint k = 0; k < list->items[i]->n_items; k++)
        if (list->items[i]->items[k]->kind == CQ_SEXP_LIST
            && !_cq_convert_accumulators (cv, list->items[i]->items[k], transformed))
          return FALSE;
  return TRUE;
}
