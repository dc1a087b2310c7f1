/* cq-search-index.c: the search of a file from its index (cq-index.h).
 *
 * The query's necessary condition on the games' summaries
 * (cq_query_get_index_condition()) selects the games that may match; only
 * those are read, at the places the index gives, and handed to the
 * searchers in the batches the reader loop of cq-search.c would have put
 * them in, with the same sources, so that what is delivered is what a
 * search of the text delivers.  The others are counted as searched.
 *
 * For a query that reads nothing but the positions and moves of a game's
 * tree (cq_query_reads_only_tree()), each selected game is first replayed
 * from the index's compact moves (cq-index-moves.h) and evaluated there;
 * only the games that match are read from the text and searched as any
 * other, so that what is delivered is the same.  A game the summary says
 * is damaged, skipped or long is always read from its text.
 *
 * Each game's text is checked against the digest the index keeps of it:
 * a file edited under its index (its size and modification time put
 * back) stops the search with an error rather than yield another game in
 * a game's place.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "index/cq-index.h"
#include "index/cq-index-moves.h"
#include "search/cq-search-private.h"

/* Games of the selection whose texts lie less than READ_GAP bytes apart
 * are read with one pread() (up to READ_SPAN bytes): reading the gap
 * costs less than another system call.  See tests/bench/RESULTS.md. */
#define READ_GAP  (16 * 1024)
#define READ_SPAN (1024 * 1024)

/* The locators of the selected games are read LOCATOR_WINDOW at a time
 * (4 KiB) with cq_index_read_locators(): a page fault for each, or the
 * whole column mapped at once, cost more (tests/bench/RESULTS.md). */
#define LOCATOR_WINDOW 128

typedef struct {
  CqIndexLocator rows[LOCATOR_WINDOW];
  guint64        first, n;
} LocatorWindow;

/* Game @i's locator (0-based), through @lw: valid until the next call. */
static const CqIndexLocator *
locator_at (LocatorWindow *lw, const CqIndex *index, guint64 i)
{
  if (i < lw->first || i >= lw->first + lw->n)
    {
      lw->first = i;
      lw->n = cq_index_read_locators (index, i, LOCATOR_WINDOW, lw->rows);
    }
  return &lw->rows[i - lw->first];
}

/* A selection of more than this part of a file's games is searched from
 * the text: a game read at its place costs more than one the reader
 * splits (its tags found again, its digest), and on the book a search
 * that read 98% of the games from the index took 24% longer than one of
 * the text (tests/bench/RESULTS.md). */
#define MAX_SELECTED_PART 0.5

/* Games replayed from their compact moves are evaluated twice when they
 * match (on the tree, then on the text): once TREES_TRIED of them were,
 * if more than TREES_MATCHED_PART matched, the rest are read from their
 * text at once (the summaries select well, as for `mate wtm`, which took
 * twice the CPU with every game replayed twice: tests/bench/RESULTS.md). */
#define TREES_TRIED        64
#define TREES_MATCHED_PART 0.75

CqIndexCondition *
_cq_search_index_condition (const CqQuery *query, const CqSearchOptions *opts)
{
  CqIndexCondition *condition;

  if (query == NULL || !opts->use_index || opts->summarize || opts->range_frames
      || opts->range_start > 0 || opts->range_end != G_MAXUINT64)
    return NULL;
  condition = cq_query_get_index_condition (query);
  if (condition != NULL && cq_index_condition_is_true (condition))
    g_clear_pointer (&condition, cq_index_condition_free);
  return condition;
}

/* The text of the file around the games being read: @len bytes from
 * @offset, as the reader hands them out. */
typedef struct {
  int         fd;
  const char *path;
  guint64     size;     /* the file's */
  GString    *buf;
  guint64     offset;
} TextWindow;

/* "FILE changed since it was indexed" for game @source. */
static void
set_changed_error (GError **error, const char *path, const CqGameSource *source)
{
  g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_STALE,
               "%s changed since it was indexed: game %" G_GUINT64_FORMAT " at byte %"
               G_GUINT64_FORMAT " differs; run cql --index %s again",
               path, source->number, source->offset, path);
}

/* Reads @len bytes at @offset into @w (replacing what it held); FALSE
 * with @error if the file ends before or cannot be read. */
static gboolean
window_read (TextWindow *w, guint64 offset, gsize len, GError **error)
{
  gsize done = 0;

  g_string_set_size (w->buf, len);
  w->offset = offset;
  while (done < len)
    {
      gssize n = pread (w->fd, w->buf->str + done, len - done, (off_t) (offset + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_string_set_size (w->buf, 0);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       "%s: cannot read at byte %" G_GUINT64_FORMAT ": %s",
                       w->path, offset + done, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        break;
      done += (gsize) n;
    }
  g_string_set_size (w->buf, done);
  /* Lines that end with a CR alone are handed out by the reader ending
   * with LF (cq_pgn_input_read()), and so the index's digests were
   * taken: likewise here.  A CR at the window's end is one at the file's
   * end (which the reader also makes LF), or a byte after every game the
   * window was read for. */
  for (char *cr = memchr (w->buf->str, '\r', done); cr != NULL;
       cr = memchr (cr + 1, '\r', w->buf->str + done - (cr + 1)))
    if (cr + 1 == w->buf->str + done ? offset + done >= w->size : cr[1] != '\n')
      *cr = '\n';
  return TRUE;
}

/* The text of game @i (0-based, whose locator is @loc) in @w, read if
 * not there: with it, the games of the selection after it (from bit
 * @i + 1 of @bitmap, below @end) that lie close enough.  NULL with @error
 * if the file no longer holds that many bytes there. */
static const char *
window_get (TextWindow *w, const CqIndex *index, LocatorWindow *lw, const guint64 *bitmap,
            guint64 i, guint64 end, const CqIndexLocator *loc, GError **error)
{
  guint64 start = loc->offset, stop = loc->offset + loc->length;

  /* The byte after the game tells whether a CR that ends it is a line's
   * end: the window holds it too, unless the game ends the file. */
  if (start >= w->offset && stop < w->offset + w->buf->len)
    return w->buf->str + (start - w->offset);
  if (start >= w->offset && stop == w->offset + w->buf->len && stop >= w->size)
    return w->buf->str + (start - w->offset);

  for (guint64 j = i + 1; j < end; j++)
    {
      const CqIndexLocator *next;

      if ((bitmap[j / 64] & (G_GUINT64_CONSTANT (1) << (j % 64))) == 0)
        {
          /* Skip whole words of games not selected. */
          if ((j % 64) == 0 && bitmap[j / 64] == 0)
            j += 63;
          continue;
        }
      next = locator_at (lw, index, j);
      if (next->offset < stop || next->offset - stop > READ_GAP
          || next->offset + next->length - start > READ_SPAN)
        break;
      stop = next->offset + next->length;
    }
  if (!window_read (w, start, (gsize) (MIN (stop + 1, MAX (w->size, stop)) - start), error))
    return NULL;
  if (w->buf->len < loc->length)
    return NULL;
  return w->buf->str;
}

/* The positions of the games from @first to @end (0-based) that are not
 * in @bitmap. */
static guint64
positions_passed_over (const CqIndex *index, const guint64 *bitmap, guint64 first, guint64 end)
{
  guint64 n = 0;

  for (guint64 i = first; i < end; i++)
    if ((bitmap[i / 64] & (G_GUINT64_CONSTANT (1) << (i % 64))) == 0)
      n += cq_index_get_game_positions (index, i);
  return n;
}

/* Whether game @i (0-based), numbered by @source, may match @query as its
 * compact moves say: FALSE only if its tree, replayed from them, does not
 * match (a game whose moves cannot be decoded may). */
static gboolean
tree_may_match (const CqQuery *query, const CqIndex *index, guint64 i,
                const CqGameSource *source)
{
  gsize len;
  const guint8 *moves = cq_index_get_moves (index, i, &len);
  g_autoptr(CqGame) tree = NULL;

  if (moves == NULL)
    return TRUE;
  tree = cq_index_moves_decode (moves, len, source, NULL);
  return tree == NULL || cq_query_match_game (query, tree, NULL);
}

gboolean
_cq_search_index_file (SearchFeed *feed, const CqQuery *query, const CqSearchOptions *opts,
                       const CqIndexCondition *condition, const char *path, guint file_index,
                       guint64 games_before, guint64 *last_number, gboolean *stop,
                       GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(CqIndex) index = NULL;
  g_autofree guint64 *bitmap = NULL;
  g_autoptr(GString) buf = NULL;
  CqSearchProgress *progress = _cq_search_feed_progress (feed);
  CqSummaryColumns columns;
  TextWindow w = { -1 };
  LocatorWindow lw = { .n = 0 };
  GStatBuf st;
  guint64 n_games, selected, first, end, next, read_positions = 0;
  guint64 trees_tried = 0, trees_matched = 0;
  gboolean whole, from_trees;

  if (g_str_equal (path, "-"))
    return FALSE;
  index = cq_index_open (path, &local_error);
  if (index == NULL)
    {
      /* No index, or none possible (a compressed file): nothing to say. */
      if (local_error->domain == CQ_INDEX_ERROR
          && local_error->code != CQ_INDEX_ERROR_MISSING
          && local_error->code != CQ_INDEX_ERROR_UNSUPPORTED)
        _cq_search_feed_index_unused (feed, file_index, local_error);
      return FALSE;
    }
  /* The text is read through a descriptor of its own; a file that cannot
   * be opened is left to the text search, which says why. */
  w.fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (w.fd < 0)
    return FALSE;
  if (fstat (w.fd, &st) != 0)
    {
      close (w.fd);
      return FALSE;
    }
  w.path = path;
  w.size = (guint64) st.st_size;
  w.buf = buf = g_string_sized_new (64 * 1024);
  w.offset = 0;

  n_games = cq_index_get_n_games (index);
  cq_index_get_columns (index, &columns);
  bitmap = g_new0 (guint64, (n_games + 63) / 64 + 1);
  selected = cq_index_condition_select (condition, &columns, bitmap);
  if (selected > MAX_SELECTED_PART * n_games)
    {
      close (w.fd);
      return FALSE;
    }
  *last_number = games_before + n_games;
  progress->indexed_files++;

  /* The games of the file in the range of game numbers (0-based). */
  first = opts->first_game > games_before + 1 ? MIN (opts->first_game - games_before - 1, n_games)
                                              : 0;
  end = n_games;
  if (opts->last_game - MIN (opts->last_game, games_before) < n_games)
    {
      /* The range ends in this file: no later file is searched. */
      end = opts->last_game - MIN (opts->last_game, games_before);
      *stop = TRUE;
    }
  end = MAX (end, first);
  whole = first == 0 && end == n_games;
  from_trees = cq_query_reads_only_tree (query);

  next = first;   /* the first game not yet counted */
  for (guint64 i = first; i < end; i++)
    {
      CqIndexLocator loc;
      CqGameSource source;
      const char *text;
      BatchGame g;
      Batch *batch;

      if ((bitmap[i / 64] & (G_GUINT64_CONSTANT (1) << (i % 64))) == 0)
        {
          if ((i % 64) == 0 && bitmap[i / 64] == 0)
            i += 63;
          continue;
        }
      if (_cq_search_feed_stopped (feed))
        {
          *stop = TRUE;
          end = i;
          break;
        }
      /* The game's locator, read once: one row of the index (copied: the
       * look-ahead of window_get() moves the window). */
      loc = *locator_at (&lw, index, i);
      memset (&source, 0, sizeof source);
      source.number = games_before + i + 1;
      source.offset = loc.offset;
      source.length = loc.length;
      source.line = loc.line;
      source.file_index = file_index;
      /* Replayed from its compact moves: a game that does not match
       * there is passed over as if the summary had not selected it (its
       * evaluation leaves no trace).  A damaged or skipped game is read
       * from its text, which says why. */
      if (from_trees && (columns.flags[i] & CQ_SUMMARY_ALWAYS_READ) == 0)
        {
          trees_tried++;
          if (!tree_may_match (query, index, i, &source))
            {
              bitmap[i / 64] &= ~(G_GUINT64_CONSTANT (1) << (i % 64));
              continue;
            }
          trees_matched++;
          if (trees_tried >= TREES_TRIED && trees_matched > TREES_MATCHED_PART * trees_tried)
            from_trees = FALSE;
        }
      text = window_get (&w, index, &lw, bitmap, i, end, &loc, error);
      if (text == NULL && error != NULL && *error != NULL)
        {
          *stop = TRUE;
          end = i;
          break;
        }
      if (text == NULL || cq_pgn_game_digest (text, source.length) != loc.digest)
        {
          set_changed_error (error, path, &source);
          *stop = TRUE;
          end = i;
          break;
        }

      /* The games before it were passed over: counted as searched. */
      progress->games += i + 1 - next;
      progress->index_passed += i - next;
      next = i + 1;
      read_positions += loc.n_positions;
      _cq_search_feed_set_position (feed, source.offset + source.length);

      /* Its tags are found by the game itself (no tag spans): the same
       * tags, as _cq_game_parse_tags() says. */
      batch = _cq_search_feed_batch (feed, file_index);
      g.source = source;
      g.offset = batch->text->len;
      g.first_span = batch->n_spans;
      g.n_spans = 0;
      g_array_append_val (batch->games, g);
      g_string_append_len (batch->text, text, source.length);
      if (batch->games->len >= BATCH_MAX_GAMES || batch->text->len >= BATCH_MAX_BYTES)
        _cq_search_feed_submit (feed);
    }
  /* A batch holds the games of one file: handed on at the file's end. */
  _cq_search_feed_submit (feed);
  close (w.fd);

  if (next < end)
    {
      progress->games += end - next;
      progress->index_passed += end - next;
    }
  /* The positions of the games passed over, as if they were read. */
  if (whole && end == n_games)
    progress->plies += cq_index_get_n_positions (index) - read_positions;
  else
    progress->plies += positions_passed_over (index, bitmap, first, end);
  if (!*stop || end == n_games)
    _cq_search_feed_set_position (feed, w.size);
  return TRUE;
}
