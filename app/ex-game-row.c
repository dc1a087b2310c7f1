/* ex-game-row.c: one game of a database as the game list shows it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row keeps the few tags the list shows in one block of memory (a
 * database of 150,000 games has as many rows), and where the game lies so
 * that it can be read back when it is selected.
 */
#include "ex-game-row.h"

#include <string.h>

/* The tags kept, in the order of their offsets in @strings. */
enum {
  TAG_WHITE,
  TAG_BLACK,
  TAG_EVENT,
  TAG_SITE,
  TAG_DATE,
  TAG_RESULT,
  TAG_ECO,
  N_TAGS
};

static const char *const tag_names[N_TAGS] = {
  "White", "Black", "Event", "Site", "Date", "Result", "ECO",
};

struct _ExGameRow
{
  GObject       parent_instance;

  guint64       number;
  CqGameSource  source;
  guint64       digest;
  char         *strings;            /* the tags' values, NUL-separated */
  guint32       offsets[N_TAGS];    /* where each starts in @strings */
  guint16       year;
  guint8        pieces;
};

G_DEFINE_FINAL_TYPE (ExGameRow, ex_game_row, G_TYPE_OBJECT)

static void
ex_game_row_finalize (GObject *object)
{
  ExGameRow *self = EX_GAME_ROW (object);

  g_free (self->strings);
  G_OBJECT_CLASS (ex_game_row_parent_class)->finalize (object);
}

static void
ex_game_row_class_init (ExGameRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ex_game_row_finalize;
}

static void
ex_game_row_init (ExGameRow *self)
{
}

guint
ex_game_count_fen_pieces (const char *fen)
{
  guint n = 0;

  g_return_val_if_fail (fen != NULL, 0);

  while (*fen == ' ')
    fen++;
  for (; *fen != '\0' && *fen != ' '; fen++)
    {
      if (strchr ("KQRBNPkqrbnp", *fen) != NULL)
        n++;
      else if (!g_ascii_isdigit (*fen) && *fen != '/')
        return 0;
    }
  return n;
}

/* The year of a PGN date ("1923.??.??", "1923"): its first four
 * characters when they are digits, else 0. */
static guint
date_year (const char *date)
{
  for (guint i = 0; i < 4; i++)
    if (!g_ascii_isdigit (date[i]))
      return 0;
  return (date[0] - '0') * 1000 + (date[1] - '0') * 100 + (date[2] - '0') * 10
         + (date[3] - '0');
}

ExGameRow *
ex_game_row_new_from_game (const CqGame       *game,
                           guint64             number,
                           const CqGameSource *source,
                           guint64             digest)
{
  ExGameRow *self;
  const char *values[N_TAGS];
  const char *fen;
  gsize size = 0;
  char *p;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (source != NULL, NULL);

  self = g_object_new (EX_TYPE_GAME_ROW, NULL);
  self->number = number;
  self->source = *source;
  self->digest = digest;
  for (guint i = 0; i < N_TAGS; i++)
    {
      values[i] = cq_game_get_tag (game, tag_names[i]);
      if (values[i] == NULL)
        values[i] = "";
      size += strlen (values[i]) + 1;
    }
  p = self->strings = g_malloc (size);
  for (guint i = 0; i < N_TAGS; i++)
    {
      gsize len = strlen (values[i]);

      self->offsets[i] = p - self->strings;
      memcpy (p, values[i], len + 1);
      p += len + 1;
    }
  self->year = date_year (values[TAG_DATE]);
  fen = cq_game_get_tag (game, "FEN");
  self->pieces = fen != NULL ? MIN (ex_game_count_fen_pieces (fen), 255) : 32;
  return self;
}

guint64
ex_game_row_get_number (ExGameRow *self)
{
  g_return_val_if_fail (EX_IS_GAME_ROW (self), 0);
  return self->number;
}

guint64
ex_game_row_get_digest (ExGameRow *self)
{
  g_return_val_if_fail (EX_IS_GAME_ROW (self), 0);
  return self->digest;
}

const CqGameSource *
ex_game_row_get_source (ExGameRow *self)
{
  g_return_val_if_fail (EX_IS_GAME_ROW (self), NULL);
  return &self->source;
}

#define TAG_GETTER(name, TAG)                           \
  const char *                                          \
  ex_game_row_get_##name (ExGameRow *self)              \
  {                                                     \
    g_return_val_if_fail (EX_IS_GAME_ROW (self), "");   \
    return self->strings + self->offsets[TAG];          \
  }

TAG_GETTER (white, TAG_WHITE)
TAG_GETTER (black, TAG_BLACK)
TAG_GETTER (event, TAG_EVENT)
TAG_GETTER (site, TAG_SITE)
TAG_GETTER (date, TAG_DATE)
TAG_GETTER (result, TAG_RESULT)
TAG_GETTER (eco, TAG_ECO)

#undef TAG_GETTER

guint
ex_game_row_get_year (ExGameRow *self)
{
  g_return_val_if_fail (EX_IS_GAME_ROW (self), 0);
  return self->year;
}

guint
ex_game_row_get_pieces (ExGameRow *self)
{
  g_return_val_if_fail (EX_IS_GAME_ROW (self), 0);
  return self->pieces;
}
