/* cq3-compile.c: compiles the lists of a CQL file into a #CqQuery.
 *
 * Grammar (manual "CQL Syntax", "The match list", "The Position List"):
 *
 *   file          := match-list                  -- exactly one
 *   match-list    := '(' 'match' { match-keyword | position-list } ')'
 *   match-keyword := ':pgn' FILE... | ':output' FILE | ':year' RANGE
 *                  | ':gamenumber' RANGE | ':result' RESULT | ':player' NAME
 *                  | ':forany' NAME DESIGNATOR      -- at most two (R11)
 *   position-list := '(' 'position' { keyword [arguments] | designator } ')'
 *   RANGE         := INTEGER [INTEGER]           -- first <= second
 *   RESULT        := '1-0' | '0-1' | '1/2-1/2' | '1/2'
 *
 * Position-list keyword arguments: a designator (:piececount, :power,
 * :powerdifference, :movefrom, :moveto, :promote), two (:attackcount),
 * then a range where the manual gives one; a ray specifier `(D1 ... Dn)`
 * and an optional range (the :ray family, default 1 1000, rulings R6); a
 * list of position lists (:and, :or); a range (:movenumber, :elo,
 * :whiteelo, :blackelo); a result (:result); a list of position lists
 * (:sequence, :gappedsequence; R9); a relation specification `(:keyword
 * ...)` (:relation; R10); a range (:matchcount, :pretransformmatchcount;
 * top-level lists only, R8); a name (:accumulate), a name and a range
 * (:sumrange); a tag name and a designator (:tagmatch; R11).  `$name`
 * designators name a tag defined anywhere in the match list (R11).
 *
 * A position list compiles to a template (the list as written) that
 * cq3-transform.c expands into the instances of its transform set.
 *
 * Errors (rulings R13) carry FILE:LINE:COLUMN and say what was found and
 * what was expected.  A keyword the manual does not define is
 * CQ_QUERY_ERROR_UNKNOWN_KEYWORD (with the nearest known ones); one in the
 * wrong kind of list CQ_QUERY_ERROR_SEMANTIC; one this version does not
 * evaluate CQ_QUERY_ERROR_UNSUPPORTED.
 *
 * The keywords' arguments are read by cq3-arguments.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-compile-private.h"

#include <string.h>

gboolean
_cq3_parse_designator (Compiler *c, const CqSexp *item, CqDesignator *out)
{
  return _cq_designator_parse_tagged (item->text, c->filename, item->line, item->column,
                                      c->query->tag_names, c->query->n_tags, out, c->error);
}

gboolean G_GNUC_PRINTF (5, 6)
_cq3_fail_at (Compiler *c, int code, guint line, guint column, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  _cq_query_set_error (c->error, code, c->filename, line, column, "%s", message);
  return FALSE;
}

char *
_cq3_describe_item (const CqSexp *item)
{
  if (item->kind == CQ_SEXP_STRING && item->quoted)
    return g_strdup_printf ("the quoted string `\"%s\"`", item->text);
  if (item->kind == CQ_SEXP_STRING)
    return g_strdup_printf ("`%s`", item->text);
  if (item->n_items == 0)
    return g_strdup ("an empty list `()`");
  if (item->items[0]->kind == CQ_SEXP_STRING)
    return g_strdup_printf ("a list `(%s ...)`", item->items[0]->text);
  return g_strdup ("a list");
}

const CqKeywordInfo *
_cq3_check_keyword (Compiler *c, const CqSexp *item, CqKeywordContext context)
{
  const CqKeywordInfo *info = _cq_keyword_lookup (item->text);

  if (info == NULL)
    {
      g_autofree char *suggestion = _cq_keyword_suggest (item->text);

      if (suggestion != NULL)
        fail (c, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, item,
              "unknown keyword '%s'; %s", item->text, suggestion);
      else
        fail (c, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, item,
              "unknown keyword '%s': the CQL 3 manual defines no such keyword", item->text);
      return NULL;
    }

  if ((info->contexts & context) == 0)
    {
      g_autofree char *where = _cq_keyword_contexts_describe (info->contexts);
      g_autofree char *here = _cq_keyword_contexts_describe (context);

      fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
            "keyword '%s' belongs in %s, not in %s", info->name, where, here);
      return NULL;
    }

  if ((info->implemented & context) == 0)
    {
      fail (c, CQ_QUERY_ERROR_UNSUPPORTED, item,
            "keyword '%s' is not supported yet", info->name);
      return NULL;
    }

  return info;
}

/* The string argument after @list->items[*i] (a keyword), e.g. a file
 * name.  Advances *i. */
static const char *
take_string_argument (Compiler *c, const CqSexp *list, guint *i, const char *what)
{
  const CqSexp *keyword = list->items[*i];
  const CqSexp *arg;

  if (*i + 1 >= list->n_items)
    {
      _cq3_fail_at (c, CQ_QUERY_ERROR_SYNTAX, list->end_line, list->end_column,
               "keyword '%s' expects %s, found ')'", keyword->text, what);
      return NULL;
    }
  arg = list->items[*i + 1];
  if (arg->kind != CQ_SEXP_STRING || (arg->text[0] == ':' && !arg->quoted))
    {
      g_autofree char *found = _cq3_describe_item (arg);

      fail (c, CQ_QUERY_ERROR_SYNTAX, arg,
            "keyword '%s' expects %s, found %s", keyword->text, what, found);
      return NULL;
    }
  (*i)++;
  return arg->text;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqPositionList, _cq_position_list_free)

static gboolean
check_list_head (Compiler *c, const CqSexp *list, const char *head, const char *what)
{
  const CqSexp *first;

  if (list->n_items == 0)
    return fail (c, CQ_QUERY_ERROR_SYNTAX, list,
                 "empty list `()`: expected %s `(%s ...)`", what, head);
  first = list->items[0];
  if (first->kind != CQ_SEXP_STRING || strcmp (first->text, head) != 0)
    {
      g_autofree char *found = _cq3_describe_item (first);

      if (first->kind == CQ_SEXP_STRING && _cq_edit_distance (first->text, head) <= 2)
        return fail (c, CQ_QUERY_ERROR_SYNTAX, first,
                     "expected `%s` at the start of %s, found %s; did you mean `%s`?",
                     head, what, found, head);
      return fail (c, CQ_QUERY_ERROR_SYNTAX, first,
                   "expected `%s` at the start of %s, found %s", head, what, found);
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Position lists                                                      */

/* What all lists of a query may create together, counting
 * CQ_INSTANCE_COST for each instance and one for each of its piece
 * designators (1,250,000 instances without designators, about 80 MB at
 * most, whatever their size): transform sets
 * multiply when lists with transforms nest, and a query must not be able
 * to exhaust memory or time at compile time (docs/limits.md). */
#define INSTANCE_BUDGET G_GUINT64_CONSTANT (5000000)

static guint32
transform_bit (CqKeywordId id)
{
  switch (id)
    {
    case CQ_KEYWORD_FLIPDIHEDRAL:      return CQ_TRANSFORM_FLIPDIHEDRAL;
    case CQ_KEYWORD_FLIP:              return CQ_TRANSFORM_FLIPDIHEDRAL;
    case CQ_KEYWORD_FLIPHORIZONTAL:    return CQ_TRANSFORM_FLIPHORIZONTAL;
    case CQ_KEYWORD_FLIPVERTICAL:      return CQ_TRANSFORM_FLIPVERTICAL;
    case CQ_KEYWORD_FLIPDIAGONAL:      return CQ_TRANSFORM_FLIPDIAGONAL;
    case CQ_KEYWORD_FLIPCOLOR:         return CQ_TRANSFORM_FLIPCOLOR;
    case CQ_KEYWORD_SHIFT:             return CQ_TRANSFORM_SHIFT;
    case CQ_KEYWORD_SHIFTHORIZONTAL:   return CQ_TRANSFORM_SHIFTHORIZONTAL;
    case CQ_KEYWORD_SHIFTVERTICAL:     return CQ_TRANSFORM_SHIFTVERTICAL;
    case CQ_KEYWORD_SHIFTMAINDIAGONAL: return CQ_TRANSFORM_SHIFTMAINDIAGONAL;
    case CQ_KEYWORD_SHIFTOFFDIAGONAL:  return CQ_TRANSFORM_SHIFTOFFDIAGONAL;
    case CQ_KEYWORD_SHIFTDIAGONAL:     return CQ_TRANSFORM_SHIFTDIAGONAL;
    default:                           return 0;
    }
}

static void
tests_clear (GArray *tests)
{
  for (guint k = 0; k < tests->len; k++)
    _cq_test_clear (&g_array_index (tests, CqTest, k));
  g_array_set_size (tests, 0);
}


/* Parses the items of a position list into @pl's template.  @inherited:
 * CQ_LIST_ALL_CONTINUATIONS if an enclosing list examines variations. */
static gboolean
parse_position_list (Compiler *c, const CqSexp *list, guint32 inherited, CqPositionList *pl,
                     GArray *designators, GArray *tests, GArray *move_tests)
{
  CqInstance *template_ = &pl->template_;
  const CqSexp *not_item = NULL;
  const CqSexp *sequence_item = NULL, *relation_item = NULL, *count_item = NULL;
  const CqSexp *accumulate_item = NULL;

  /* R4: the move keywords of a list that examines variations consider
   * every continuation; :variations may stand after a nested list. */
  pl->options |= inherited;
  for (guint i = 1; i < list->n_items; i++)
    if (list->items[i]->kind == CQ_SEXP_STRING && !list->items[i]->quoted
        && (strcmp (list->items[i]->text, ":variations") == 0
            || strcmp (list->items[i]->text, ":variationsonly") == 0))
      pl->options |= CQ_LIST_ALL_CONTINUATIONS;

  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];
      const CqKeywordInfo *info;
      CqTest test;

      if (item->kind == CQ_SEXP_LIST)
        {
          g_autofree char *found = _cq3_describe_item (item);

          return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                       "found %s where a keyword or a piece designator was expected: "
                       "a list may only follow a keyword that takes one", found);
        }

      if (item->quoted)
        return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                     "found the quoted string `\"%s\"` where a keyword or a piece designator "
                     "was expected: quotes are for names (:player, :pgn, :output)", item->text);

      if (item->text[0] != ':' && _cq3_looks_like_integer (item->text))
        return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                     "found the number `%s` where a keyword or a piece designator was "
                     "expected: a range may only follow a keyword that takes one", item->text);

      if (item->text[0] != ':')
        {
          CqDesignator d;

          if (!_cq3_parse_designator (c, item, &d))
            return FALSE;
          /* Repeating a designator has no effect (manual "Piece designators
           * inside a position"): _cq_instance_normalise() keeps one. */
          g_array_append_val (designators, d);
          continue;
        }

      info = _cq3_check_keyword (c, item, CQ_KW_POSITION);
      if (info == NULL)
        return FALSE;

      memset (&test, 0, sizeof test);
      switch (info->id)
        {
        case CQ_KEYWORD_CHECK:      template_->conditions |= CQ_COND_CHECK; break;
        case CQ_KEYWORD_NOCHECK:    template_->conditions |= CQ_COND_NOCHECK; break;
        case CQ_KEYWORD_MATE:       template_->conditions |= CQ_COND_MATE; break;
        case CQ_KEYWORD_STALEMATE:  template_->conditions |= CQ_COND_STALEMATE; break;
        case CQ_KEYWORD_WTM:        template_->conditions |= CQ_COND_WTM; break;
        case CQ_KEYWORD_BTM:        template_->conditions |= CQ_COND_BTM; break;
        case CQ_KEYWORD_INITIAL:    template_->conditions |= CQ_COND_INITIAL; break;
        case CQ_KEYWORD_TERMINAL:   template_->conditions |= CQ_COND_TERMINAL; break;
        case CQ_KEYWORD_VARIATIONS: pl->options |= CQ_LIST_VARIATIONS; break;
        case CQ_KEYWORD_VARIATIONSONLY: pl->options |= CQ_LIST_VARIATIONSONLY; break;
        case CQ_KEYWORD_MARKALL:
          pl->options |= CQ_LIST_MARKALL;
          c->query->any_markall = TRUE;
          break;
        case CQ_KEYWORD_NOANNOTATE: pl->options |= CQ_LIST_NOANNOTATE; break;

        case CQ_KEYWORD_NOT:
          if (not_item != NULL)
            return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                         "keyword ':not' is given twice in one position list (first at %u:%u)",
                         not_item->line, not_item->column);
          not_item = item;
          pl->options |= CQ_LIST_NOT;
          break;

        case CQ_KEYWORD_FLIPDIHEDRAL:
        case CQ_KEYWORD_FLIP:
        case CQ_KEYWORD_FLIPHORIZONTAL:
        case CQ_KEYWORD_FLIPVERTICAL:
        case CQ_KEYWORD_FLIPDIAGONAL:
        case CQ_KEYWORD_FLIPCOLOR:
        case CQ_KEYWORD_SHIFT:
        case CQ_KEYWORD_SHIFTHORIZONTAL:
        case CQ_KEYWORD_SHIFTVERTICAL:
        case CQ_KEYWORD_SHIFTMAINDIAGONAL:
        case CQ_KEYWORD_SHIFTOFFDIAGONAL:
        case CQ_KEYWORD_SHIFTDIAGONAL:
          pl->transforms |= transform_bit (info->id);
          break;

        case CQ_KEYWORD_PIECECOUNT:
        case CQ_KEYWORD_POWER:
          test.kind = info->id == CQ_KEYWORD_PIECECOUNT ? CQ_TEST_PIECECOUNT : CQ_TEST_POWER;
          if (!_cq3_take_designator (c, list, &i, info->name, "a piece designator",
                                     &test.u.designator)
              || !_cq3_take_range (c, list, &i, info->name, FALSE, &test.range))
            return FALSE;
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_POWERDIFFERENCE:
          test.kind = CQ_TEST_POWERDIFFERENCE;
          if (!_cq3_take_designator (c, list, &i, info->name, "a piece designator",
                                &test.u.power.designator)
              || !_cq3_take_range (c, list, &i, info->name, FALSE, &test.range))
            return FALSE;
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_ATTACKCOUNT:
          test.kind = CQ_TEST_ATTACKCOUNT;
          if (!_cq3_take_designator (c, list, &i, info->name, "a piece designator",
                                &test.u.attack.attacker)
              || !_cq3_take_designator (c, list, &i, info->name,
                                   "two piece designators (attackers, then attacked squares)",
                                   &test.u.attack.target)
              || !_cq3_take_range (c, list, &i, info->name, FALSE, &test.range))
            return FALSE;
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_RAY:
        case CQ_KEYWORD_RAYDIAGONAL:
        case CQ_KEYWORD_RAYHORIZONTAL:
        case CQ_KEYWORD_RAYVERTICAL:
        case CQ_KEYWORD_RAYORTHOGONAL:
        case CQ_KEYWORD_RAYATTACK:
          test.kind = CQ_TEST_RAY;
          test.u.ray.directions = info->id == CQ_KEYWORD_RAYDIAGONAL ? CQ_RAY_DIAGONAL
                                  : info->id == CQ_KEYWORD_RAYHORIZONTAL ? CQ_RAY_HORIZONTAL
                                  : info->id == CQ_KEYWORD_RAYVERTICAL ? CQ_RAY_VERTICAL
                                  : info->id == CQ_KEYWORD_RAYORTHOGONAL ? CQ_RAY_ORTHOGONAL
                                  : CQ_RAY_ALL;
          test.u.ray.attack_only = info->id == CQ_KEYWORD_RAYATTACK;
          /* R6: the default range is 1 1000. */
          test.range.min = 1;
          test.range.max = 1000;
          if (!_cq3_take_ray (c, list, &i, &test))
            return FALSE;
          if (!_cq3_take_range (c, list, &i, info->name, TRUE, &test.range))
            {
              _cq_test_clear (&test);
              return FALSE;
            }
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_MOVEFROM:
        case CQ_KEYWORD_MOVETO:
        case CQ_KEYWORD_PROMOTE:
          test.kind = info->id == CQ_KEYWORD_MOVEFROM ? CQ_TEST_MOVEFROM
                      : info->id == CQ_KEYWORD_MOVETO ? CQ_TEST_MOVETO : CQ_TEST_PROMOTE;
          if (!_cq3_take_designator (c, list, &i, info->name, "a piece designator",
                                     &test.u.designator))
            return FALSE;
          g_array_append_val (move_tests, test);
          break;

        case CQ_KEYWORD_ENPASSANT:
        case CQ_KEYWORD_NOENPASSANT:
          test.kind = CQ_TEST_ENPASSANT;
          test.negate = info->id == CQ_KEYWORD_NOENPASSANT;
          g_array_append_val (move_tests, test);
          break;

        case CQ_KEYWORD_MOVENUMBER:
          test.kind = CQ_TEST_MOVENUMBER;
          if (!_cq3_take_range (c, list, &i, info->name, FALSE, &test.range))
            return FALSE;
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_ELO:
        case CQ_KEYWORD_WHITEELO:
        case CQ_KEYWORD_BLACKELO:
          test.kind = CQ_TEST_ELO;
          test.u.elo.which = info->id == CQ_KEYWORD_ELO ? 0
                             : info->id == CQ_KEYWORD_WHITEELO ? 1 : 2;
          c->query->reads_game_data = TRUE;
          if (!_cq3_take_range (c, list, &i, info->name, FALSE, &test.range))
            return FALSE;
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_RESULT:
          test.kind = CQ_TEST_RESULT;
          c->query->reads_game_data = TRUE;
          if (!_cq3_take_result (c, list, &i, &test.u.result))
            return FALSE;
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_AND:
        case CQ_KEYWORD_OR:
          test.kind = info->id == CQ_KEYWORD_AND ? CQ_TEST_AND : CQ_TEST_OR;
          if (!_cq3_take_position_lists (c, list, &i, pl->options & CQ_LIST_ALL_CONTINUATIONS,
                                         &test))
            return FALSE;
          g_array_append_val (tests, test);
          break;


        case CQ_KEYWORD_SEQUENCE:
        case CQ_KEYWORD_GAPPEDSEQUENCE:
          /* Manual: at most one sequence keyword per position list. */
          if (sequence_item != NULL)
            return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                         "a position list may hold only one :sequence or :gappedsequence "
                         "(the first is at %u:%u); combine them with :and", sequence_item->line,
                         sequence_item->column);
          sequence_item = item;
          if (info->id == CQ_KEYWORD_GAPPEDSEQUENCE)
            c->query->any_gapped = TRUE;
          test.kind = CQ_TEST_SEQUENCE;
          test.u.lists.gapped = info->id == CQ_KEYWORD_GAPPEDSEQUENCE;
          /* R9: any line of the tree when the list examines variations. */
          test.u.lists.variations = (pl->options & CQ_LIST_ALL_CONTINUATIONS) != 0;
          {
            gboolean gapped = test.u.lists.gapped, variations = test.u.lists.variations;

            if (!_cq3_take_position_lists (c, list, &i, pl->options & CQ_LIST_ALL_CONTINUATIONS,
                                      &test))
              return FALSE;
            test.u.lists.gapped = gapped;
            test.u.lists.variations = variations;
          }
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_RELATION:
          if (relation_item != NULL)
            return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                         "keyword ':relation' is given twice in one position list (first at "
                         "%u:%u)", relation_item->line, relation_item->column);
          relation_item = item;
          if (c->query->n_tags > 0)
            return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                         "a match list with tags (:forany) cannot use :relation (manual "
                         "\"Tagging\", rulings R11)");
          if (c->relation_item == NULL)
            c->relation_item = item;
          test.kind = CQ_TEST_RELATION;
          test.u.relation = g_new0 (CqRelation, 1);
          if (!_cq3_take_relation (c, list, &i, test.u.relation))
            {
              g_free (test.u.relation);
              return FALSE;
            }
          g_array_append_val (tests, test);
          break;

        case CQ_KEYWORD_MATCHCOUNT:
        case CQ_KEYWORD_PRETRANSFORMMATCHCOUNT:
          /* R8: top-level lists only. */
          if (c->depth > 0)
            return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                         "keyword '%s' may only stand in a position list at the top level "
                         "of the match list (rulings R8)", info->name);
          if (count_item != NULL)
            return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                         "a position list may hold only one count keyword (:matchcount or "
                         ":pretransformmatchcount; the first is at %u:%u)", count_item->line,
                         count_item->column);
          count_item = item;
          pl->count_kind = info->id == CQ_KEYWORD_MATCHCOUNT ? CQ_COUNT_MATCH
                           : CQ_COUNT_PRETRANSFORM;
          if (!_cq3_take_range (c, list, &i, info->name, FALSE, &pl->count))
            return FALSE;
          break;

        case CQ_KEYWORD_ACCUMULATE:
          {
            const char *name;

            if (accumulate_item != NULL)
              return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                           "keyword ':accumulate' is given twice in one position list "
                           "(first at %u:%u)", accumulate_item->line, accumulate_item->column);
            accumulate_item = item;
            name = _cq3_take_name (c, list, &i, "the name of an accumulator");
            if (name == NULL)
              return FALSE;
            pl->accumulator = (gint) _cq3_accumulator_index (c, name);
          }
          break;

        case CQ_KEYWORD_SUMRANGE:
          {
            const char *name = _cq3_take_name (c, list, &i, "the name of an accumulator");

            if (name == NULL)
              return FALSE;
            test.kind = CQ_TEST_SUMRANGE;
            test.u.accumulator = _cq3_accumulator_index (c, name);
            if (!_cq3_take_range (c, list, &i, info->name, FALSE, &test.range))
              return FALSE;
            g_array_append_val (tests, test);
          }
          break;

        case CQ_KEYWORD_TAGMATCH:
          {
            const CqSexp *name_item = i + 1 < list->n_items ? list->items[i + 1] : item;
            const char *name = _cq3_take_name (c, list, &i, "the name of a tag");
            int tag;

            if (name == NULL)
              return FALSE;
            tag = _cq3_tag_index (c, name_item, name);
            if (tag < 0)
              return FALSE;
            test.kind = CQ_TEST_TAGMATCH;
            test.u.tagmatch.tag = (guint8) tag;
            if (!_cq3_take_designator (c, list, &i, info->name, "a piece designator",
                                  &test.u.tagmatch.designator))
              return FALSE;
            if (test.u.tagmatch.designator.tag >= 0)
              return fail (c, CQ_QUERY_ERROR_SEMANTIC, list->items[i],
                           "keyword ':tagmatch' expects a piece designator such as `P?2`, "
                           "not a tag designator");
            g_array_append_val (tests, test);
          }
          break;

        default:
          /* _cq3_check_keyword() lets through only the keywords above. */
          g_assert_not_reached ();
        }
    }
  return TRUE;
}

gboolean
_cq3_compile_position_list (Compiler *c, const CqSexp *list, guint32 inherited,
                            CqPositionList **out)
{
  g_autoptr(CqPositionList) pl = NULL;
  g_autoptr(GArray) designators = g_array_new (FALSE, FALSE, sizeof (CqDesignator));
  g_autoptr(GArray) tests = g_array_new (FALSE, FALSE, sizeof (CqTest));
  g_autoptr(GArray) move_tests = g_array_new (FALSE, FALSE, sizeof (CqTest));
  CqInstance *template_;
  gboolean ok;

  if (!check_list_head (c, list, "position", "a position list"))
    return FALSE;

  pl = g_new0 (CqPositionList, 1);
  pl->accumulator = -1;
  pl->line = list->line;
  pl->column = list->column;
  template_ = &pl->template_;

  ok = parse_position_list (c, list, inherited, pl, designators, tests, move_tests);
  if (!ok)
    {
      tests_clear (tests);
      tests_clear (move_tests);
      return FALSE;
    }

  template_->n_designators = designators->len;
  template_->designators = (CqDesignator *) g_array_free (g_steal_pointer (&designators), FALSE);
  template_->n_tests = tests->len;
  template_->tests = (CqTest *) g_array_free (g_steal_pointer (&tests), FALSE);
  template_->n_move_tests = move_tests->len;
  template_->move_tests = (CqTest *) g_array_free (g_steal_pointer (&move_tests), FALSE);
  _cq_instance_normalise (template_);

  /* :initial is never transformed, so every instance has it. */
  if ((template_->conditions & CQ_COND_INITIAL) && !(pl->options & CQ_LIST_NOT))
    pl->options |= CQ_LIST_ROOT_ONLY;

  /* R8: one count per member; a negated list has no members to count. */
  if (pl->count_kind == CQ_COUNT_PRETRANSFORM && (pl->options & CQ_LIST_NOT))
    return fail (c, CQ_QUERY_ERROR_SEMANTIC, list,
                 "':pretransformmatchcount' cannot be used with ':not': the negated list "
                 "has no transform members to count");
  if (pl->options & (CQ_LIST_VARIATIONS | CQ_LIST_VARIATIONSONLY))
    c->query->any_variations = c->query->reads_variations = TRUE;

  *out = g_steal_pointer (&pl);
  return TRUE;
}

/* A top-level position list, expanded (nested lists are expanded as the
 * instances that hold them are made). */
static gboolean
compile_top_list (Compiler *c, const CqSexp *list, CqPositionList **out)
{
  g_autoptr(CqPositionList) pl = NULL;

  if (!_cq3_compile_position_list (c, list, 0, &pl))
    return FALSE;
  /* Refused before anything is made when the cost is known to be too
   * high; the budget also stops the expansion itself. */
  if (_cq_position_list_cost (pl, c->budget) > c->budget
      || !_cq_position_list_expand (pl, &c->budget))
    return fail (c, CQ_QUERY_ERROR_SEMANTIC, list,
                 "the transform sets of the position lists would make more than %"
                 G_GUINT64_FORMAT " instances and piece designators in all (transforms in "
                 "nested lists multiply with those of the lists that hold them): use fewer "
                 "transform keywords or designators", INSTANCE_BUDGET);
  *out = g_steal_pointer (&pl);
  return TRUE;
}

static char *
canonical_path (const CqQuery *query, const char *name)
{
  g_autofree char *resolved = cq_query_resolve_path (query, name);

  return g_canonicalize_filename (resolved, NULL);
}

static void
game_filter_clear (gpointer data)
{
  CqGameFilter *filter = data;

  g_clear_pointer (&filter->player, g_free);
}

static gboolean
compile_match_list (Compiler *c, const CqSexp *list)
{
  CqQuery *query = c->query;
  g_autoptr(GPtrArray) lists = NULL;
  g_autoptr(GArray) filters = NULL;
  const CqSexp *pgn_item = NULL, *output_item = NULL;

  if (!check_list_head (c, list, "match", "the match list"))
    return FALSE;

  lists = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq_position_list_free);
  filters = g_array_new (FALSE, FALSE, sizeof (CqGameFilter));
  g_array_set_clear_func (filters, game_filter_clear);

  /* R11: the tags first, so that position lists before the :forany that
   * defines a tag may use it. */
  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];
      const CqKeywordInfo *info;
      const char *name;
      CqDesignator d;

      if (item->kind != CQ_SEXP_STRING || item->quoted || strcmp (item->text, ":forany") != 0)
        continue;
      info = _cq3_check_keyword (c, item, CQ_KW_MATCH);
      if (info == NULL)
        return FALSE;
      name = _cq3_take_name (c, list, &i, "the name of a tag");
      if (name == NULL)
        return FALSE;
      for (guint t = 0; t < query->n_tags; t++)
        if (strcmp (query->tag_names[t], name) == 0)
          return fail (c, CQ_QUERY_ERROR_SEMANTIC, list->items[i],
                       "the tag '%s' is defined twice by :forany", name);
      if (query->n_tags == CQ_MAX_TAGS)
        return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                     "a match list may define at most two tags with :forany (manual "
                     "\"Tagging\", rulings R11); this is the third");
      if (!_cq3_take_designator (c, list, &i, info->name, "a piece designator", &d))
        return FALSE;
      if (d.tag >= 0)
        return fail (c, CQ_QUERY_ERROR_SEMANTIC, list->items[i],
                     "keyword ':forany' expects a piece designator such as `[Pp]`, not a "
                     "tag designator");
      query->tag_names[query->n_tags] = g_strdup (name);
      query->tag_pieces[query->n_tags] = d.pieces & CQ_PIECES_ANY;
      query->n_tags++;
    }

  for (guint i = 1; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];

      if (item->kind == CQ_SEXP_LIST)
        {
          CqPositionList *pl = NULL;

          if (item->n_items > 0 && item->items[0]->kind == CQ_SEXP_STRING
              && strcmp (item->items[0]->text, "match") == 0)
            return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                         "a match list cannot stand inside the match list: "
                         "a CQL file holds exactly one match list");
          if (!compile_top_list (c, item, &pl))
            return FALSE;
          g_ptr_array_add (lists, pl);
          continue;
        }

      if (item->quoted || item->text[0] != ':')
        {
          g_autofree char *found = _cq3_describe_item (item);

          return fail (c, CQ_QUERY_ERROR_SYNTAX, item,
                       "expected a keyword or a position list `(position ...)` in the match "
                       "list, found %s", found);
        }

      {
        const CqKeywordInfo *info = _cq3_check_keyword (c, item, CQ_KW_MATCH);
        const CqSexp **seen;
        char **target;
        const char *arg;
        CqGameFilter filter;

        if (info == NULL)
          return FALSE;

        memset (&filter, 0, sizeof filter);
        switch (info->id)
          {
          case CQ_KEYWORD_PGN:
            seen = &pgn_item, target = &query->pgn;
            break;
          case CQ_KEYWORD_OUTPUT:
            seen = &output_item, target = &query->output;
            break;
          case CQ_KEYWORD_YEAR:
          case CQ_KEYWORD_GAMENUMBER:
            filter.kind = info->id == CQ_KEYWORD_YEAR ? CQ_FILTER_YEAR : CQ_FILTER_GAMENUMBER;
            if (!_cq3_take_range (c, list, &i, info->name, FALSE, &filter.range))
              return FALSE;
            g_array_append_val (filters, filter);
            query->reads_game_data = TRUE;
            continue;
          case CQ_KEYWORD_RESULT:
            filter.kind = CQ_FILTER_RESULT;
            if (!_cq3_take_result (c, list, &i, &filter.result))
              return FALSE;
            g_array_append_val (filters, filter);
            query->reads_game_data = TRUE;
            continue;
          case CQ_KEYWORD_FORANY:
            /* Read before the position lists (above). */
            i += 2;
            continue;
          case CQ_KEYWORD_PLAYER:
            filter.kind = CQ_FILTER_PLAYER;
            arg = take_string_argument (c, list, &i, "a player's name (or part of it)");
            if (arg == NULL)
              return FALSE;
            /* R3: case-insensitive substring. */
            filter.player = g_utf8_casefold (arg, -1);
            g_array_append_val (filters, filter);
            query->reads_game_data = TRUE;
            continue;
          default:
            g_assert_not_reached ();
          }

        if (*seen != NULL)
          return fail (c, CQ_QUERY_ERROR_SEMANTIC, item,
                       "keyword '%s' is given twice (first at %u:%u)",
                       info->name, (*seen)->line, (*seen)->column);
        arg = take_string_argument (c, list, &i, "a file name");
        if (arg == NULL)
          return FALSE;
        if (info->id == CQ_KEYWORD_OUTPUT && !_cq_query_output_name_ok (arg))
          return fail (c, CQ_QUERY_ERROR_SEMANTIC, list->items[i],
                       "':output %s': the output file must end in .pgn (a query writes only "
                       "PGN files; --output names any file)", arg);
        *seen = item;
        *target = g_strdup (arg);
        /* `:pgn` may name several files, searched as one database: the
         * unquoted names that follow it up to the next keyword or list. */
        if (info->id == CQ_KEYWORD_PGN)
          {
            g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

            g_ptr_array_add (files, g_strdup (arg));
            while (i + 1 < list->n_items && list->items[i + 1]->kind == CQ_SEXP_STRING
                   && list->items[i + 1]->text[0] != ':' && !list->items[i + 1]->quoted)
              g_ptr_array_add (files, g_strdup (list->items[++i]->text));
            g_ptr_array_add (files, NULL);
            query->pgn_files = (char **) g_ptr_array_free (g_steal_pointer (&files), FALSE);
          }
      }
    }

  if (lists->len == 0)
    return _cq3_fail_at (c, CQ_QUERY_ERROR_SYNTAX, list->end_line, list->end_column,
                    "the match list has no position list: expected at least one "
                    "`(position ...)` before ')'");

  if (query->pgn != NULL && query->output != NULL)
    {
      g_autofree char *in = canonical_path (query, query->pgn);
      g_autofree char *out = canonical_path (query, query->output);

      if (strcmp (in, out) == 0)
        return fail (c, CQ_QUERY_ERROR_SEMANTIC, output_item,
                     "':output' names the same file as ':pgn' (%s): the games searched "
                     "would be overwritten", query->pgn);
    }

  query->n_lists = lists->len;
  query->lists = (CqPositionList **) g_ptr_array_steal (lists, NULL);
  query->n_filters = filters->len;
  g_array_set_clear_func (filters, NULL);
  query->filters = (CqGameFilter *) g_array_free (g_steal_pointer (&filters), FALSE);
  return TRUE;
}

gboolean
_cq_query_compile (CqQuery *query, const CqSexp *top, GError **error)
{
  Compiler c = { query, query->filename != NULL ? query->filename : "<query>", error,
                 INSTANCE_BUDGET, 0, NULL };
  const CqSexp *first;

  if (query->accumulators == NULL)
    query->accumulators = g_ptr_array_new_with_free_func (g_free);
  if (top->n_items == 0)
    return _cq3_fail_at (&c, CQ_QUERY_ERROR_SYNTAX, top->end_line, top->end_column,
                    "empty query: expected a match list `(match ...)`");

  first = top->items[0];
  if (first->kind != CQ_SEXP_LIST)
    return fail (&c, CQ_QUERY_ERROR_SYNTAX, first,
                 "expected a match list `(match ...)`, found `%s`", first->text);
  if (first->n_items > 0 && first->items[0]->kind == CQ_SEXP_STRING
      && strcmp (first->items[0]->text, "position") == 0)
    return fail (&c, CQ_QUERY_ERROR_SYNTAX, first,
                 "a position list must stand inside the match list: "
                 "`(match :pgn FILE (position ...))`");
  if (!compile_match_list (&c, first))
    return FALSE;

  if (top->n_items > 1)
    {
      g_autofree char *found = _cq3_describe_item (top->items[1]);

      return fail (&c, CQ_QUERY_ERROR_SYNTAX, top->items[1],
                   "text after the match list: found %s, expected the end of the file "
                   "(a CQL file holds exactly one match list)", found);
    }

  return TRUE;
}

gboolean
_cq3_query_read (CqQuery *query, const char *text, gsize len, GError **error)
{
  g_autoptr(CqSexp) top = _cq_sexp_read (text, len, query->filename, error);

  return top != NULL && _cq_query_compile (query, top, error);
}

void
_cq3_query_clear (CqQuery *query)
{
  for (guint i = 0; i < query->n_lists; i++)
    _cq_position_list_free (query->lists[i]);
  g_clear_pointer (&query->lists, g_free);
  query->n_lists = 0;
  for (guint i = 0; i < query->n_filters; i++)
    g_free (query->filters[i].player);
  g_clear_pointer (&query->filters, g_free);
  query->n_filters = 0;
  for (guint i = 0; i < query->n_tags; i++)
    g_clear_pointer (&query->tag_names[i], g_free);
  query->n_tags = 0;
}
