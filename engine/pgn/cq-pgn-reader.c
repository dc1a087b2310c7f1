/* cq-pgn-reader.c: splits a PGN file of any size into game texts.
 *
 * The input is read in blocks (128 KiB by default) into a buffer that holds
 * the game being scanned; memory does not grow with the file, only with
 * the largest game.  The scanner is a small state machine over bytes that
 * knows just enough PGN to find where games begin and end:
 *
 *  - a game begins with its tag section (`[`) or, for a game without tags,
 *    with its first movetext token (a comment just before it belongs to it);
 *  - it ends at the game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`)
 *    outside comments and variations, at a `[` in the movetext (the next
 *    game's tags), at a blank line followed by White's move 1 (`1.` but not
 *    `1...`) once the game has moves (tag-less games separated by blank
 *    lines), or at the end of the input;
 *  - a tag section ends a header-only game when, after a blank line, a tag
 *    repeats a name already given (and at any repeated `Event` tag);
 *  - `{}` comments may span lines and contain `[` or blank lines; a `{}`
 *    comment that is never closed ends at a blank line followed by a line
 *    that is exactly one tag pair, so that one bad game cannot swallow the
 *    rest of a database;
 *  - `%` in the first column escapes its line (PGN standard 6); a UTF-8
 *    BOM at the start of the input is skipped.
 *
 * The reader object (input, buffer, refill, the games it returns) is
 * here; the scanner, _cq_pgn_scan(), is in cq-pgn-scan.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-input.h"
#include "pgn/cq-pgn-private.h"
#include "pgn/cq-pgn-reader-private.h"

/* A block is read, searched for lone CRs (cq-pgn-input.c), split into
 * games and copied into the search's batches while it is still in the
 * core's L2 cache: those passes alone over the book of 86 MB take about
 * 12% less time with blocks of 128 KiB than of 1 MiB, which are out of it
 * by the time they are split; blocks of 32 KiB lose again to the read()
 * calls. */
#define DEFAULT_BLOCK_SIZE (128u << 10)
/* A "game" larger than this is not PGN (the longest real games are a few
 * hundred KiB): the reader stops with an error rather than use the memory. */
/* The longest game text kept (the longest real games are a few MiB): a
 * longer one is returned as too large (CqGameSource.too_large), its text
 * dropped as it is read, so that memory stays bounded (docs/limits.md). */
#define DEFAULT_MAX_GAME_SIZE CQ_GAME_MAX_TEXT

static CqPgnReader *
reader_new (const char *name)
{
  CqPgnReader *r = g_new0 (CqPgnReader, 1);

  _cq_pgn_scan_init ();
  r->name = g_strdup (name ? name : "<input>");
  r->block_size = DEFAULT_BLOCK_SIZE;
  r->max_game_size = DEFAULT_MAX_GAME_SIZE;
  r->line = 1;
  r->state = ST_START;
  r->game_start = -1;
  r->pending_start = -1;
  return r;
}

CqPgnReader *
cq_pgn_reader_new_for_path (const char *path, GCancellable *cancellable, GError **error)
{
  CqPgnInput *input;
  CqPgnReader *r;

  g_return_val_if_fail (path != NULL, NULL);

  input = cq_pgn_input_open (path, cancellable, error);
  if (input == NULL)
    return NULL;
  r = reader_new (cq_pgn_input_get_name (input));
  r->input = input;
  r->size = cq_pgn_input_get_file_size (input);
  return r;
}

gboolean
cq_pgn_reader_start_at (CqPgnReader *reader, guint64 offset, GError **error)
{
  g_return_val_if_fail (reader != NULL && reader->len == 0 && reader->n_games == 0, FALSE);

  if (reader->input == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: only a file can be read from a byte offset", reader->name);
      return FALSE;
    }
  if (!cq_pgn_input_seek (reader->input, offset, error))
    return FALSE;
  /* A game's first byte: no byte-order mark, no escape line to skip. */
  reader->data_offset = offset;
  reader->started = offset > 0;
  return TRUE;
}

CqPgnReader *
cq_pgn_reader_new_for_frames (const char *path, guint64 start, guint64 end,
                              GCancellable *cancellable, guint64 *first, GError **error)
{
  CqPgnInput *input;
  CqPgnReader *r;

  g_return_val_if_fail (path != NULL && first != NULL, NULL);

  input = _cq_pgn_input_open_frames (path, start, end, cancellable, first, error);
  if (input == NULL)
    return NULL;
  r = reader_new (cq_pgn_input_get_name (input));
  r->input = input;
  r->size = cq_pgn_input_get_file_size (input);
  /* From a frame after the first, the text begins with a game. */
  r->data_offset = *first;
  r->started = start > 0;
  return r;
}

guint64
cq_pgn_reader_get_range_end (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, G_MAXUINT64);
  return reader->input != NULL ? _cq_pgn_input_get_range_end (reader->input) : G_MAXUINT64;
}

CqPgnReader *
cq_pgn_reader_new_for_data (const char *data, gsize len, const char *name)
{
  CqPgnReader *r = reader_new (name);

  g_return_val_if_fail (data != NULL || len == 0, r);
  r->mem = data ? data : "";
  r->mem_len = len;
  r->zero_copy = TRUE;
  r->data = (const guchar *) r->mem;
  r->len = len;
  r->eof = TRUE;
  r->size = len;
  return r;
}

void
_cq_pgn_reader_set_block_size (CqPgnReader *reader, gsize block_size)
{
  g_return_if_fail (reader != NULL && block_size > 0);
  g_return_if_fail (reader->n_games == 0 && reader->pos == 0);

  reader->block_size = block_size;
  if (reader->zero_copy)
    {
      reader->zero_copy = FALSE;
      reader->data = NULL;
      reader->len = 0;
      reader->eof = FALSE;
    }
}

void
_cq_pgn_reader_set_max_game_size (CqPgnReader *reader, gsize max_game_size)
{
  g_return_if_fail (reader != NULL && max_game_size > 0);
  reader->max_game_size = max_game_size;
}

void
cq_pgn_reader_free (CqPgnReader *reader)
{
  if (reader == NULL)
    return;
  cq_pgn_input_free (reader->input);
  g_free (reader->own);
  g_free (reader->name);
  g_free (reader);
}

const char *
cq_pgn_reader_get_name (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, NULL);
  return reader->name;
}

guint64
cq_pgn_reader_get_position (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->data_offset + reader->pos;
}

guint64
cq_pgn_reader_get_size (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->size;
}

guint64
cq_pgn_reader_get_file_position (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  if (reader->input == NULL)
    return reader->data_offset + reader->pos;
  return cq_pgn_input_get_file_position (reader->input);
}

/* Drops the bytes before the game in progress, makes room for a block and
 * reads it.  Sets @eof at the end of the input. */
static gboolean
refill (CqPgnReader *r, GError **error)
{
  gsize keep = r->pos;
  gsize want;
  gssize n;
  GError *local_error = NULL;

  if (r->game_start >= 0 && (gsize) r->game_start < keep)
    keep = r->game_start;
  if (r->pending_start >= 0 && (gsize) r->pending_start < keep)
    keep = r->pending_start;

  if (keep > 0)
    {
      memmove (r->own, r->own + keep, r->len - keep);
      r->len -= keep;
      r->data_offset += keep;
      r->pos -= keep;
      if (r->game_start >= 0)
        r->game_start -= keep;
      if (r->pending_start >= 0)
        r->pending_start -= keep;
    }

  want = r->block_size;
  if (r->cap - r->len < want)
    {
      gsize cap = MAX (r->cap * 2, r->len + want);

      /* Shrunk to the bytes kept first, so that growing copies those
       * only, not the whole old buffer (most of it already consumed);
       * memory never holds two buffers of the full size. */
      if (r->len < r->cap / 2)
        r->own = g_realloc (r->own, MAX (r->len, 1));
      r->own = g_realloc (r->own, cap);
      r->cap = cap;
    }
  r->data = r->own;

  if (r->input == NULL)
    {
      gsize n_mem = MIN (want, r->mem_len - r->mem_read);

      memcpy (r->own + r->len, r->mem + r->mem_read, n_mem);
      r->mem_read += n_mem;
      r->len += n_mem;
      if (n_mem == 0 || r->mem_read == r->mem_len)
        r->eof = TRUE;
      return TRUE;
    }

  n = cq_pgn_input_read (r->input, r->own + r->len, want, &local_error);
  if (n < 0)
    {
      /* The games returned so far are good; the one in progress is cut. */
      guint64 complete = r->n_games - (r->game_start >= 0 ? 1 : 0);

      g_set_error (error, local_error->domain, local_error->code,
                   "%s; the last complete game is game %" G_GUINT64_FORMAT,
                   local_error->message, complete);
      g_error_free (local_error);
      return FALSE;
    }
  if (n == 0)
    r->eof = TRUE;
  r->len += n;
  return TRUE;
}


gboolean
cq_pgn_reader_next (CqPgnReader *reader, const char **text, gsize *len,
                    CqGameSource *source, GError **error)
{
  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (text != NULL && len != NULL, FALSE);

  if (reader->data == NULL && !refill (reader, error))
    return FALSE;

  for (;;)
    {
      gsize game_end = 0;
      ScanResult res = _cq_pgn_scan (reader, &game_end);

      if (res == SCAN_GAME)
        {
          gsize start = reader->game_start;
          guint64 offset = reader->data_offset + start;

          if (reader->too_large)
            {
              offset = reader->too_large_offset;
              start = game_end;   /* no text */
              reader->n_tag_spans = 0;
            }
          *text = (const char *) reader->data + start;
          *len = game_end - start;
          if (source)
            {
              source->number = reader->n_games;
              source->offset = offset;
              source->length = reader->data_offset + game_end - offset;
              source->line = reader->game_line;
              source->too_large = reader->too_large;
            }
          reader->game_start = -1;
          reader->too_large = FALSE;
          return TRUE;
        }
      if (res == SCAN_END)
        return FALSE;
      if (res == SCAN_BINARY)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s:%" G_GUINT64_FORMAT ": the text at byte %" G_GUINT64_FORMAT
                       " holds NUL bytes (more than %d after game %" G_GUINT64_FORMAT
                       "): it is not PGN text; the rest of the file is not read",
                       reader->name, reader->nul_line, reader->nul_offset, MAX_NUL_PADDING,
                       reader->n_games);
          return FALSE;
        }
      if (reader->eof)
        return FALSE;   /* not reached: the scanner ends games at EOF */
      if (reader->game_start >= 0 && reader->len - reader->game_start > reader->max_game_size)
        {
          /* A game too large to keep: read on to its end without keeping
           * its text, and return it marked as such. */
          if (!reader->too_large)
            {
              reader->too_large_offset = reader->data_offset + reader->game_start;
              reader->too_large_line = reader->game_line;
            }
          /* Its text is dropped as it is read: NUL bytes in it are binary
           * data rather than a long game, and end the file. */
          for (gsize i = reader->game_start; i < reader->pos; i++)
            reader->nul_bytes += reader->data[i] == 0;
          if (reader->nul_bytes > MAX_NUL_PADDING)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT " (at byte %"
                           G_GUINT64_FORMAT ") holds more than %d NUL bytes: it is not PGN "
                           "text; the rest of the file is not read", reader->name,
                           reader->too_large_line, reader->n_games, reader->too_large_offset,
                           MAX_NUL_PADDING);
              return FALSE;
            }
          reader->too_large = TRUE;
          reader->game_start = reader->pos;
        }
      {
        gssize start = reader->game_start >= 0 ? reader->game_start : reader->pending_start;

        if (start >= 0 && reader->len - start > reader->max_game_size)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         "%s: the text at byte %" G_GUINT64_FORMAT " (line %" G_GUINT64_FORMAT
                         ") runs for more than %" G_GSIZE_FORMAT " bytes without a game end: "
                         "is this PGN?", reader->name, reader->data_offset + start,
                         reader->game_start >= 0 ? reader->game_line : reader->pending_line,
                         reader->max_game_size);
            return FALSE;
          }
      }
      if (!refill (reader, error))
        return FALSE;
    }
}

const CqTagSpan *
_cq_pgn_reader_get_tag_spans (CqPgnReader *reader, guint *n_spans)
{
  g_return_val_if_fail (reader != NULL && n_spans != NULL, NULL);

  *n_spans = reader->n_tag_spans;
  return reader->tag_spans;
}
