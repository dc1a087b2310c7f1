/* cq6-similar.c: `similarposition [nosort] [notransform] "file.pgn"`, CQL
 * 6.2's search for positions that another PGN file (the submissions)
 * already holds in a similar form (CQL 6 reference "similarposition").
 *
 * Two positions are similar when they have the same side to move and one
 * board is the other's image: pawnless boards under the eight rotations and
 * reflections of the board, boards with pawns under a shift along the
 * ranks, optionally preceded by the reflection about the vertical
 * bisector (files a..h reversed); the identity is one of them.  Castling
 * and en passant rights do not count.  With `notransform` only identical
 * boards are similar.  Only the submissions' main lines count.
 *
 * The file is read once, when the query is read: each main-line position
 * of each game, under each transform that keeps every piece on the board,
 * goes into a table keyed by the board and the side to move, with the
 * game's number, the position's move number, its side to move and the
 * transform (the first of a game and move number per key).  The filter
 * then looks the current position up: it matches when the table holds it,
 * and writes at that position, for each submission found, "see FILE game:
 * N at move: M wtm" followed by the transform's name when it is not the
 * identity (CQL 6.2's text).  Its value is the least submission game number
 * found.  Without `nosort`, the reader wraps it in `sort min "submission
 * game"`, so that the games come out in the order of the first submission
 * each resembles, as CQL 6.2 does.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "pgn/cq-pgn.h"

#include <string.h>

/* A map of the board: shift along the ranks, then reverse the files
 * (@rx), the ranks (@ry), then swap files and ranks (@swap). */
typedef struct {
  gint8  shift;
  guint8 rx, ry, swap;
} BoardMap;

/* One submission position found under a key. */
typedef struct {
  guint64 game;
  gint64  move;
  guint8  white_to_move;
  guint8  map;         /* index in maps[] */
} Entry;

struct _Cq6Similar {
  char       *filename;
  GHashTable *table;   /* GBytes (65 bytes: board, side) -> GArray of Entry */
};

/* Every map used: the eight of the dihedral group (rx, ry, swap in
 * CQL 6.2's order), then the 14 shifts along the ranks (-7 .. 7), then
 * those shifts followed by the reflection of the files. */
#define N_DIHEDRAL 8
#define N_MAPS (N_DIHEDRAL + 14 + 14)
static BoardMap maps[N_MAPS];

static void
maps_init (void)
{
  static gsize done = 0;

  if (!g_once_init_enter (&done))
    return;
  for (guint i = 0; i < N_DIHEDRAL; i++)
    maps[i] = (BoardMap) { 0, (i >> 2) & 1, (i >> 1) & 1, i & 1 };
  for (int d = -7, k = 0; d <= 7; d++)
    if (d != 0)
      {
        maps[N_DIHEDRAL + k] = (BoardMap) { (gint8) d, 0, 0, 0 };
        maps[N_DIHEDRAL + 14 + k] = (BoardMap) { (gint8) d, 1, 0, 0 };
        k++;
      }
  g_once_init_leave (&done, 1);
}

/* The transforms CQL 6.2 tries for a submission position: with pawns, the
 * identity, the shifts, the reflection, the reflection after each shift;
 * without, the dihedral group; with `notransform`, the identity. */
static guint
maps_for (gboolean pawns, gboolean notransform, guint8 out[N_MAPS])
{
  guint n = 0;

  if (notransform)
    out[n++] = 0;
  else if (!pawns)
    for (guint i = 0; i < N_DIHEDRAL; i++)
      out[n++] = (guint8) i;
  else
    {
      out[n++] = 0;
      for (guint i = 0; i < 14; i++)
        out[n++] = (guint8) (N_DIHEDRAL + i);
      out[n++] = 4; /* the files reversed */
      for (guint i = 0; i < 14; i++)
        out[n++] = (guint8) (N_DIHEDRAL + 14 + i);
    }
  return n;
}

/* CQL 6.2's name of a map ("" for the identity). */
static void
map_name (guint index, GString *out)
{
  static const char *const dihedral[] = {
    "", "reflect_a1h8", "reflect_h", "counterclockwise90",
    "reflect_v", "clockwise90", "rotate180", "reflect_a8h1",
  };
  const BoardMap *m = &maps[index];

  if (index < N_DIHEDRAL)
    {
      g_string_append (out, dihedral[index]);
      return;
    }
  if (m->rx)
    g_string_append (out, "reflect_v ");
  g_string_append_printf (out, "%s^%d", m->shift > 0 ? "right" : "left", ABS (m->shift));
}

/* @board's image under @m into @out; FALSE if a piece leaves the board. */
static gboolean
map_board (const guint8 board[64], const BoardMap *m, guint8 out[64])
{
  memset (out, CQ_EMPTY, 64);
  for (int s = 0; s < 64; s++)
    {
      int f = CQ_FILE (s) + m->shift, r = CQ_RANK (s);

      if (board[s] == CQ_EMPTY)
        continue;
      if (f < 0 || f > 7)
        return FALSE;
      if (m->rx)
        f = 7 - f;
      if (m->ry)
        r = 7 - r;
      out[m->swap ? CQ_SQUARE (r, f) : CQ_SQUARE (f, r)] = board[s];
    }
  return TRUE;
}

static GBytes *
make_key (const guint8 board[64], CqColor side)
{
  guint8 key[65];

  memcpy (key, board, 64);
  key[64] = (guint8) side;
  return g_bytes_new (key, sizeof key);
}

/* CQL 6.2's move number of a position @ply moves from the start: the
 * number of the move the side to move plays next, counting from 1 at the
 * start whoever moves first. */
static gint64
move_number (guint ply, gboolean white_to_move)
{
  gboolean white_first = !((white_to_move && ply % 2 == 1)
                           || (!white_to_move && ply % 2 == 0));

  if (!white_first && white_to_move)
    ply++;
  return ply / 2 + 1;
}

static void
insert_position (Cq6Similar *sim, const CqNode *node, guint64 game, gboolean notransform)
{
  const CqPosition *pos = &node->position;
  gboolean pawns = (pos->pieces[CQ_WP] | pos->pieces[CQ_BP]) != 0;
  gboolean wtm = pos->side_to_move == CQ_WHITE;
  gint64 move = move_number (node->ply, wtm);
  guint8 list[N_MAPS];
  guint n = maps_for (pawns, notransform, list);

  for (guint i = 0; i < n; i++)
    {
      guint8 image[64];
      g_autoptr(GBytes) key = NULL;
      GArray *entries;
      Entry entry = { game, move, (guint8) wtm, list[i] };
      gboolean seen = FALSE;

      if (!map_board (pos->board, &maps[list[i]], image))
        continue;
      key = make_key (image, pos->side_to_move);
      entries = g_hash_table_lookup (sim->table, key);
      if (entries == NULL)
        {
          entries = g_array_new (FALSE, FALSE, sizeof (Entry));
          g_hash_table_insert (sim->table, g_bytes_ref (key), entries);
        }
      for (guint k = 0; k < entries->len && !seen; k++)
        {
          const Entry *e = &g_array_index (entries, Entry, k);
          seen = e->game == game && e->move == move;
        }
      if (!seen)
        g_array_append_val (entries, entry);
    }
}

void
_cq6_similar_free (Cq6Similar *sim)
{
  if (sim == NULL)
    return;
  g_free (sim->filename);
  g_hash_table_unref (sim->table);
  g_free (sim);
}

/* Reads the submissions @path into a new table; NULL with @error (a
 * message) when the file cannot be read or holds no game. */
static Cq6Similar *
similar_read (const char *path, gboolean notransform, char **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(CqPgnReader) reader = cq_pgn_reader_new_for_path (path, NULL, &local);
  Cq6Similar *sim;
  const char *text;
  gsize len;
  CqGameSource source;
  guint n_games = 0;

  if (reader == NULL)
    {
      *error = g_strdup_printf ("cannot read the submissions file \"%s\": %s", path,
                                local->message);
      return NULL;
    }
  maps_init ();
  sim = g_new0 (Cq6Similar, 1);
  sim->filename = g_strdup (path);
  sim->table = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                      (GDestroyNotify) g_bytes_unref,
                                      (GDestroyNotify) g_array_unref);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &local))
    {
      g_autoptr(CqGame) game = cq_game_new_parsed (text, len, &source, sim->filename);

      n_games++;
      if (game->skipped)
        continue;
      for (const CqNode *node = game->root; node != NULL; node = node->first_child)
        insert_position (sim, node, source.number, notransform);
    }
  if (local != NULL || n_games == 0)
    {
      *error = local != NULL ? g_strdup_printf ("cannot read the submissions file \"%s\": %s",
                                                path, local->message)
                             : g_strdup_printf ("no game in the submissions file \"%s\"", path);
      _cq6_similar_free (sim);
      return NULL;
    }
  return sim;
}

Cq6Filter *
_cq6_parse_similar (Cq6Parser *p, const Cq6Token *t)
{
  gboolean nosort = FALSE, notransform = FALSE;
  Cq6Token *name;
  Cq6Similar *sim;
  Cq6Filter *f;
  char *message = NULL;
  gsize n;

  for (;;)
    if (_cq6_is_word (_cq6_peek (p), "nosort"))
      nosort = TRUE, _cq6_advance (p);
    else if (_cq6_is_word (_cq6_peek (p), "notransform"))
      notransform = TRUE, _cq6_advance (p);
    else
      break;
  name = _cq6_peek (p);
  if (name->kind != CQ6_TOK_STRING || name->text[0] == '\0')
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SYNTAX, "'similarposition' must be followed by a "
                    "quoted string, the name of a pgn file");
      return NULL;
    }
  n = strlen (name->text);
  if (n < 5 || (strcmp (name->text + n - 4, ".pgn") != 0
                && strcmp (name->text + n - 4, ".PGN") != 0))
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC, "quoted string following "
                    "'similarposition' must be the filename of a .pgn file. Instead, got: %s",
                    name->text);
      return NULL;
    }
  sim = similar_read (name->text, notransform, &message);
  if (sim == NULL)
    {
      _cq6_fail_at (p, name, CQ_QUERY_ERROR_SEMANTIC, "%s", message);
      g_free (message);
      return NULL;
    }
  _cq6_advance (p);
  if (p->prog->similar == NULL)
    p->prog->similar = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq6_similar_free);
  g_ptr_array_add (p->prog->similar, sim);
  f = _cq6_node (CQ6_SIMILAR, CQ6_TYPE_NUMBER, t);
  f->which = p->prog->similar->len - 1;
  if (nosort)
    return f;
  n = _cq6_add_sort_key (p->prog, "submission game", TRUE);
  f = _cq6_node1 (CQ6_SORT, CQ6_TYPE_NUMBER, t, f);
  f->which = (guint32) n;
  return f;
}

gboolean
_cq6_eval_similar (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const Cq6Similar *sim = c->program->similar->pdata[f->which];
  g_autoptr(GBytes) key = make_key (c->pos->board, c->pos->side_to_move);
  GArray *entries = g_hash_table_lookup (sim->table, key);
  guint64 least = G_MAXUINT64;

  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      g_autoptr(GString) text = g_string_new (NULL);

      g_string_append_printf (text, "see %s game: %" G_GUINT64_FORMAT " at move: %"
                              G_GINT64_FORMAT " %s", sim->filename, e->game, e->move,
                              e->white_to_move ? "wtm" : "btm");
      if (e->map != 0)
        {
          g_string_append_c (text, ' ');
          map_name (e->map, text);
        }
      _cq6_add_user_comment (c, c->node, text->str);
      least = MIN (least, e->game);
    }
  v->num = (gint64) least;
  return TRUE;
}
