/* chess-test-data.c: perft data files and helpers shared by the chess tests.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "chess-test-data.h"

#include <stdlib.h>
#include <string.h>

void
perft_entry_free (PerftEntry *entry)
{
  g_free (entry->id);
  g_free (entry->fen);
  g_free (entry);
}

static gboolean
parse_u64 (const char *s, guint64 *out)
{
  char *end = NULL;

  s += strspn (s, " \t");
  if (!g_ascii_isdigit (*s))
    return FALSE;
  *out = g_ascii_strtoull (s, &end, 10);
  return end != s && (*end == '\0' || g_ascii_isspace (*end));
}

GPtrArray *
perft_data_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) entries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) perft_entry_free);
  g_autofree char *base = g_path_get_basename (path);
  PerftEntry *block = NULL;
  char *pending_id = NULL;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line == '\0' || *line == '#')
        continue;
      if (g_str_has_prefix (line, "id "))
        {
          g_free (pending_id);
          pending_id = g_strdup (line + 3);
        }
      else if (g_str_has_prefix (line, "epd "))
        {
          block = g_new0 (PerftEntry, 1);
          block->fen = g_strdup (g_strstrip (line + 4));
          block->id = pending_id != NULL ? pending_id : g_strdup_printf ("%s:%u", base, i + 1);
          pending_id = NULL;
          g_ptr_array_add (entries, block);
        }
      else if (g_str_has_prefix (line, "perft "))
        {
          g_auto (GStrv) f = g_strsplit_set (line, " \t", -1);
          guint64 depth, nodes;

          if (block == NULL || g_strv_length (f) != 3 || !parse_u64 (f[1], &depth)
              || !parse_u64 (f[2], &nodes) || depth > PERFT_MAX_DEPTH)
            {
              g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: bad perft line",
                           path, i + 1);
              g_free (pending_id);
              return NULL;
            }
          block->nodes[depth] = nodes;
        }
      else
        {
          /* EPD line: "<FEN> ;D1 20 ;D2 400 ..." */
          g_auto (GStrv) parts = g_strsplit (line, ";", -1);
          PerftEntry *e = g_new0 (PerftEntry, 1);

          e->fen = g_strdup (g_strstrip (parts[0]));
          e->id = g_strdup_printf ("%s:%u", base, i + 1);
          g_ptr_array_add (entries, e);
          block = NULL;
          for (guint k = 1; parts[k] != NULL; k++)
            {
              char *d = g_strstrip (parts[k]);
              guint64 depth, nodes;
              char *sp = strchr (d, ' ');

              if (d[0] != 'D' || sp == NULL)
                continue;
              *sp = '\0';
              if (!parse_u64 (d + 1, &depth) || !parse_u64 (sp + 1, &nodes)
                  || depth > PERFT_MAX_DEPTH)
                {
                  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: bad depth entry",
                               path, i + 1);
                  g_free (pending_id);
                  return NULL;
                }
              e->nodes[depth] = nodes;
            }
        }
    }
  g_free (pending_id);
  return g_steal_pointer (&entries);
}

char *
chess_fixture_path (const char *area, const char *name)
{
  const char *dir = g_getenv ("EXCELSIOR_FIXTURES");

  if (dir != NULL)
    return g_build_filename (dir, area, name, NULL);
  return g_test_build_filename (G_TEST_DIST, "fixtures", area, name, NULL);
}

GPtrArray *
perft_data_load_fixtures (void)
{
  static const char *const files[] = {
    "perftsuite-subset.epd", "tricky-standard.perft", "random-subset.perft"
  };
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) perft_entry_free);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = chess_fixture_path ("perft", files[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) entries = perft_data_load (path, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (entries->len, >, 0);
      for (guint k = 0; k < entries->len; k++)
        g_ptr_array_add (all, g_steal_pointer (&entries->pdata[k]));
      g_ptr_array_set_free_func (entries, NULL);
    }
  /* 43 + 12 + 24 positions. */
  g_assert_cmpuint (all->len, ==, 79);
  return all;
}

char *
fen_with_counters (const char *fen)
{
  g_auto (GStrv) fields = g_strsplit_set (fen, " ", -1);

  if (g_strv_length (fields) == 4)
    return g_strconcat (fen, " 0 1", NULL);
  return g_strdup (fen);
}

void
assert_position_consistent (const CqPosition *pos)
{
  CqBitboard all = 0;

  for (int p = CQ_WP; p <= CQ_BK; p++)
    {
      g_assert_cmpuint (all & pos->pieces[p], ==, 0);
      all |= pos->pieces[p];
    }
  g_assert_cmpuint (pos->pieces[CQ_EMPTY], ==, ~all);
  g_assert_cmpuint (pos->by_color[CQ_WHITE] | pos->by_color[CQ_BLACK], ==, all);
  g_assert_cmpuint (pos->by_color[CQ_WHITE] & pos->by_color[CQ_BLACK], ==, 0);
  for (int sq = 0; sq < 64; sq++)
    {
      int p = pos->board[sq];

      g_assert_cmpint (p, <, CQ_N_PIECES);
      g_assert_true (pos->pieces[p] & CQ_BIT (sq));
      if (p != CQ_EMPTY)
        g_assert_true (pos->by_color[CQ_PIECE_COLOR (p)] & CQ_BIT (sq));
    }
  g_assert_cmpint (__builtin_popcountll (pos->pieces[CQ_WK]), ==, 1);
  g_assert_cmpint (__builtin_popcountll (pos->pieces[CQ_BK]), ==, 1);
  g_assert_cmpuint (pos->side_to_move, <=, 1);
  g_assert_cmpuint (pos->castling, <=, 15);
  g_assert_true (pos->ep_square == CQ_NO_SQUARE || (pos->ep_square >= 0 && pos->ep_square < 64));
}
