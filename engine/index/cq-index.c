/* cq-index.c: the persistent index of a PGN file (cq-index.h): where it
 * lives, its build (a summarising search, cq-search.h) and its file, a
 * header and columns memory-mapped as they are.  docs/index.md describes
 * the format byte by byte; the layout below is that description.
 *
 * Why one file of about 1,000 lines: the build's columns, the file's
 * layout and the reader's checks are one description of the format, and
 * a change to one is a change to the others.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <zlib.h>

#include "index/cq-index.h"
#include "pgn/cq-pgn.h"
#include "search/cq-search.h"

G_DEFINE_QUARK (cq-index-error-quark, cq_index_error)

#define INDEX_MAGIC      "EXCQIDX"   /* and its NUL: 8 bytes */
#define INDEX_VERSION    7u
#define IDENTITY_BLOCK   (64 * 1024)  /* the first and last blocks hashed */
#define SHA256_LEN       32

/* The columns, in file order: per game, its locator (a row of 32 bytes:
 * where its text is, its digest, its positions), then its summary a
 * member per column (#CqSummaryColumns).  The squares and counts are
 * kept for the pieces, not for CQ_EMPTY (0 in #CqPiece order): the
 * squares empty in some position are nearly all 64 in nearly every game,
 * and 9 bytes a game were the difference between an index over and under
 * half its text (docs/index.md, "The format"). */
#define N_MEN     (CQ_N_PIECES - 1)     /* CQ_WP .. CQ_BK */
#define N_COUNTED (CQ_N_PIECES - __builtin_popcount (CQ_SUMMARY_UNCOUNTED))
G_STATIC_ASSERT (CQ_EMPTY == 0);
enum {
  COL_LOCATOR,                         /* CqIndexLocator */
  COL_SQUARES,                         /* u64, N_MEN columns: piece p at COL_SQUARES + p - 1 */
  COL_COUNTS = COL_SQUARES + N_MEN,    /* u8, N_COUNTED columns (count_column()):
                                        * cq_game_summary_pack_counts() */
  COL_FLAGS = COL_COUNTS + N_COUNTED,  /* u32 */
  COL_KEYS,                            /* CQ_SUMMARY_KEY_WORDS u64: the positions' keys */
  COL_MOVES_END,                       /* u32: where its compact moves end in COL_MOVES */
  COL_MOVES,                           /* the compact moves of every game, in file order:
                                        * IndexHeader.moves_size bytes in all */
  N_COLUMNS
};

/* The header, at byte 0, little-endian (the index is refused on a
 * big-endian machine: its columns are used in place).  @checksum is the
 * CRC-32 of the bytes before it; @data_crc that of every byte after the
 * header (checked by cq_index_check_data(), not at each open: see
 * docs/index.md). */
typedef struct {
  char    magic[8];
  guint32 version;
  guint32 header_size;
  guint64 n_games;
  guint64 n_positions;
  guint64 file_size;                    /* of the index */
  guint64 pgn_size;
  gint64  pgn_mtime_sec;
  guint32 pgn_mtime_nsec;
  guint32 n_columns;
  guint64 moves_size;                   /* bytes of COL_MOVES */
  guint8  pgn_head_sha256[SHA256_LEN];  /* of its first 64 KiB (all if smaller) */
  guint8  pgn_tail_sha256[SHA256_LEN];  /* of its last 64 KiB */
  guint64 column_offset[N_COLUMNS];
  guint32 data_crc;
  guint32 checksum;
} IndexHeader;

G_STATIC_ASSERT (sizeof (IndexHeader) == 144 + 8 * N_COLUMNS);
G_STATIC_ASSERT (sizeof (IndexHeader) % 8 == 0);
/* A locator fills half a cache line: a game's is read with one. */
G_STATIC_ASSERT (sizeof (CqIndexLocator) == 32);
#define LOCATOR_ALIGN 32

struct _CqIndex {
  GMappedFile       *map;
  int                fd;         /* the index file, for cq_index_get_columns() */
  const IndexHeader *header;
  const char        *data;
  char              *path;       /* the index file */
};

/* The column of piece @p's counts, or -1 (CQ_SUMMARY_UNCOUNTED): the
 * counted pieces in #CqPiece order. */
static int
count_column (guint p)
{
  if (CQ_SUMMARY_UNCOUNTED & (1u << p))
    return -1;
  return COL_COUNTS + __builtin_popcount (((1u << p) - 1) & ~CQ_SUMMARY_UNCOUNTED);
}

/* The bytes a game of @column takes (COL_MOVES: 1, its games' moves
 * take IndexHeader.moves_size bytes in all). */
static gsize
column_width (guint column)
{
  if (column == COL_LOCATOR)
    return sizeof (CqIndexLocator);
  if (column >= COL_SQUARES && column < COL_COUNTS)
    return 8;
  if (column == COL_FLAGS || column == COL_MOVES_END)
    return 4;
  if (column == COL_KEYS)
    return CQ_SUMMARY_KEY_WORDS * 8;
  return 1;
}

/* The bytes of @column for @n_games games whose moves take @moves_size. */
static guint64
column_size (guint column, guint64 n_games, guint64 moves_size)
{
  return column == COL_MOVES ? moves_size : n_games * column_width (column);
}

/* Where each column begins for @n_games games whose compact moves take
 * @moves_size bytes (each 8-byte aligned, the locators 32-byte aligned so
 * that no row straddles a cache line); returns the index file's size. */
static guint64
layout (guint64 n_games, guint64 moves_size, guint64 offsets[N_COLUMNS])
{
  guint64 at = sizeof (IndexHeader);

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      if (c == COL_LOCATOR)
        at = (at + LOCATOR_ALIGN - 1) & ~(guint64) (LOCATOR_ALIGN - 1);
      offsets[c] = at;
      at += (column_size (c, n_games, moves_size) + 7) & ~(guint64) 7;
    }
  return at;
}

static guint32
crc_of (guint32 crc, const void *data, guint64 len)
{
  const Bytef *p = data;

  /* zlib takes at most uInt bytes a call. */
  while (len > 0)
    {
      uInt n = (uInt) MIN (len, (guint64) G_MAXUINT32);

      crc = crc32 (crc, p, n);
      p += n;
      len -= n;
    }
  return crc;
}

static guint32
header_checksum (const IndexHeader *h)
{
  return crc_of (crc32 (0L, Z_NULL, 0), h, G_STRUCT_OFFSET (IndexHeader, checksum));
}

char *
cq_index_get_path (const char *pgn_path, GError **error)
{
  g_autofree char *real = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *name = NULL;
  const char *dir = g_getenv ("EXCELSIOR_INDEX_DIR");
  int saved_errno;

  g_return_val_if_fail (pgn_path != NULL, NULL);

  real = realpath (pgn_path, NULL);
  saved_errno = errno;
  if (real == NULL)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", pgn_path, g_strerror (saved_errno));
      return NULL;
    }
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, real, -1);
  name = g_strconcat (hash, ".cqx", NULL);
  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, name, NULL);
  return g_build_filename (g_get_user_cache_dir (), "excelsior", "index", name, NULL);
}

/* What tells a PGN file from another: its size, modification time and the
 * SHA-256 of its first and last 64 KiB. */
typedef struct {
  guint64 size;
  gint64  mtime_sec;
  guint32 mtime_nsec;
  guint8  head[SHA256_LEN];
  guint8  tail[SHA256_LEN];
} Identity;

static gboolean
stat_identity (const char *path, Identity *id, GError **error)
{
  struct stat st;

  if (stat (path, &st) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  memset (id, 0, sizeof *id);
  id->size = st.st_size;
  id->mtime_sec = st.st_mtim.tv_sec;
  id->mtime_nsec = st.st_mtim.tv_nsec;
  return TRUE;
}

static gboolean
hash_block (int fd, const char *path, guint64 offset, gsize len, guint8 out[SHA256_LEN],
            GError **error)
{
  g_autofree guint8 *buf = g_malloc (MAX (len, 1));
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize done = 0, out_len = SHA256_LEN;

  while (done < len)
    {
      ssize_t n = pread (fd, buf + done, len - done, offset + done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved_errno = n < 0 ? errno : EIO;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       "%s: %s", path, n < 0 ? g_strerror (saved_errno)
                                             : "the file is shorter than its size");
          return FALSE;
        }
      done += n;
    }
  g_checksum_update (sum, buf, len);
  g_checksum_get_digest (sum, out, &out_len);
  return TRUE;
}

/* The identity of @path: its size and modification time, and, with
 * @hashes, the SHA-256 of its end blocks. */
static gboolean
get_identity (const char *path, gboolean hashes, Identity *id, GError **error)
{
  int fd;
  gsize block;
  gboolean ok;

  if (!stat_identity (path, id, error))
    return FALSE;
  if (!hashes)
    return TRUE;
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  block = (gsize) MIN (id->size, (guint64) IDENTITY_BLOCK);
  ok = hash_block (fd, path, 0, block, id->head, error)
       && hash_block (fd, path, id->size - block, block, id->tail, error);
  close (fd);
  return ok;
}

/* Standard input and compressed files cannot be read at an offset: they
 * are not indexed.  FALSE with %CQ_INDEX_ERROR_UNSUPPORTED, or the error
 * of cq_pgn_input_sniff() for a file that is not PGN. */
static gboolean
check_indexable (const char *pgn_path, GError **error)
{
  const char *compression = NULL;

  if (g_str_equal (pgn_path, "-"))
    {
      g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_UNSUPPORTED,
                   "standard input cannot be indexed: its games cannot be read again "
                   "at an offset");
      return FALSE;
    }
  if (!cq_pgn_input_sniff (pgn_path, &compression, error))
    return FALSE;
  if (compression != NULL)
    {
      g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_UNSUPPORTED,
                   "%s: an index is not supported yet for compressed files (%s): "
                   "decompress it and index the plain file",
                   pgn_path, compression);
      return FALSE;
    }
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    {
      g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_UNSUPPORTED,
                   "%s: an index is not supported yet on a big-endian machine", pgn_path);
      return FALSE;
    }
  return TRUE;
}

/* --- The build --- */

/* A game as delivered, until it is stored in the columns. */
typedef struct {
  CqIndexLocator locator;
  CqGameSummary  summary;
  guint32        moves_end;
} Row;

/* Games gathered before they are stored in the columns: storing a game
 * at a time writes to each of the 46 columns in turn, a cache line and a
 * page each, where storing a block of games column by column writes each
 * column in order. */
#define ROW_BLOCK 512

/* The columns as they are filled: plain arrays, grown by doubling from an
 * estimate of the games in the file, so that the arrays are seldom
 * copied; the last games delivered wait in @rows (ROW_BLOCK). */
typedef struct {
  guint8   *columns[N_COLUMNS];
  Row      *rows;            /* ROW_BLOCK of them */
  guint     n_rows;          /* games in @rows, after the @n_games stored */
  guint64   n_games;
  guint64   capacity;
  guint64   n_positions;
  GByteArray *moves;         /* COL_MOVES, every game's compact moves */
  char     *damage;          /* why no index can be written, or NULL */
  const char *pgn_path;
  CqIndexProgressFunc progress;
  gpointer  user_data;
} Build;

/* The columns' memory.  A million games' columns are some 230 MB, and
 * the first write to each 4 KiB page of fresh memory is a page fault (a
 * tenth of a build's time in small pages): a column of 2 MiB or more is
 * an anonymous mapping of its own, aligned to huge pages and asked to be
 * backed by them (MADV_HUGEPAGE; the kernel may decline, and small pages
 * serve).  A smaller column is plain memory: a huge page would be
 * cleared whole for a few games. */
#define HUGE_PAGE ((gsize) 2 << 20)

static gsize
column_bytes (guint c, guint64 capacity)
{
  gsize bytes = capacity * column_width (c);

#ifdef MADV_HUGEPAGE
  if (bytes >= HUGE_PAGE)
    return (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
#endif
  return MAX (bytes, 1);
}

static gboolean
column_is_mapped (gsize bytes)
{
#ifdef MADV_HUGEPAGE
  return bytes >= HUGE_PAGE;
#else
  return FALSE;
#endif
}

static guint8 *
column_alloc (gsize bytes)
{
#ifdef MADV_HUGEPAGE
  if (column_is_mapped (bytes))
    {
      /* A huge page more is mapped, and the ends outside the aligned
       * part unmapped again. */
      guint8 *map = mmap (NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      gsize head;

      if (map == MAP_FAILED)
        g_error ("%s: failed to map %" G_GSIZE_FORMAT " bytes: %s", G_STRLOC, bytes,
                 g_strerror (errno));
      head = (((guintptr) map + HUGE_PAGE - 1) & ~(guintptr) (HUGE_PAGE - 1))
             - (guintptr) map;
      if (head > 0)
        munmap (map, head);
      munmap (map + head + bytes, HUGE_PAGE - head);
      (void) madvise (map + head, bytes, MADV_HUGEPAGE);
      return map + head;
    }
#endif
  return g_malloc (bytes);
}

static void
column_free (guint8 *column, gsize bytes)
{
  if (column == NULL)
    return;
  if (column_is_mapped (bytes))
    munmap (column, bytes);
  else
    g_free (column);
}

/* Makes room for @capacity games, the @b->n_games stored kept. */
static void
reserve_columns (Build *b, guint64 capacity)
{
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      guint8 *column;

      /* The moves are a byte array of their own (Build.moves). */
      if (c == COL_MOVES)
        continue;
      column = column_alloc (column_bytes (c, capacity));
      if (b->columns[c] != NULL)
        memcpy (column, b->columns[c], b->n_games * column_width (c));
      column_free (b->columns[c], column_bytes (c, b->capacity));
      b->columns[c] = column;
    }
  b->capacity = capacity;
}

#define COLUMN(b, c, type) ((type *) (b)->columns[c])

/* Stores the games gathered in @b's rows in its columns, column by
 * column. */
static void
flush_rows (Build *b)
{
  guint64 at = b->n_games;
  guint n = b->n_rows;

  if (n == 0)
    return;
  if (at + n > b->capacity)
    reserve_columns (b, MAX (2 * b->capacity, at + n));
#define FILL(c, type, expr) \
  G_STMT_START { \
    type *col_ = COLUMN (b, c, type) + at; \
    for (guint r_ = 0; r_ < n; r_++) \
      { \
        const Row *row = &b->rows[r_]; \
        col_[r_] = (expr); \
      } \
  } G_STMT_END
  FILL (COL_LOCATOR, CqIndexLocator, row->locator);
  for (guint p = CQ_WP; p < CQ_N_PIECES; p++)
    {
      FILL (COL_SQUARES + p - 1, guint64, row->summary.squares[p]);
      if (count_column (p) >= 0)
        FILL ((guint) count_column (p), guint8,
              cq_game_summary_pack_counts (row->summary.min_count[p],
                                           row->summary.max_count[p]));
    }
  FILL (COL_FLAGS, guint32, row->summary.flags);
  FILL (COL_MOVES_END, guint32, row->moves_end);
#undef FILL
  for (guint r = 0; r < n; r++)
    memcpy (COLUMN (b, COL_KEYS, guint64) + (at + r) * CQ_SUMMARY_KEY_WORDS,
            b->rows[r].summary.keys, sizeof b->rows[r].summary.keys);
  b->n_games = at + n;
  b->n_rows = 0;
}

static void
build_on_game (const CqGameSource *source, const CqGameSummary *summary, guint64 digest,
               const guint8 *moves, gsize moves_len, gpointer user_data)
{
  Build *b = user_data;
  guint64 i = b->n_games + b->n_rows;
  Row *row;

  if (b->damage != NULL)
    return;
  if (source->number != i + 1 || source->length > G_MAXUINT32)
    {
      b->damage = g_strdup_printf ("%s: game %" G_GUINT64_FORMAT " could not be kept in "
                                   "the index", b->pgn_path, source->number);
      return;
    }
  if ((guint64) b->moves->len + moves_len > G_MAXUINT32)
    {
      b->damage = g_strdup_printf ("%s: the moves of its games take more than the 4 GiB "
                                   "an index may keep yet: it cannot be indexed", b->pgn_path);
      return;
    }
  row = &b->rows[b->n_rows++];
  row->locator.offset = source->offset;
  row->locator.length = (guint32) source->length;
  row->locator.line = source->line;
  row->locator.digest = digest;
  row->locator.n_positions = summary->n_positions;
  row->summary = *summary;
  g_byte_array_append (b->moves, moves, moves_len);
  row->moves_end = b->moves->len;
  b->n_positions += summary->n_positions;
  if (b->n_rows == ROW_BLOCK)
    flush_rows (b);
}

static void
build_on_diagnostic (const CqDiagnostic *diag, gpointer user_data)
{
  Build *b = user_data;

  if (b->damage != NULL)
    return;
  if (diag->input)
    b->damage = g_strdup_printf ("%s could not be read to its end (%s): no index was "
                                 "written", b->pgn_path, diag->message);
  else if (diag->source.too_large)
    b->damage = g_strdup_printf ("%s: game %" G_GUINT64_FORMAT " (line %" G_GUINT64_FORMAT
                                 ") is larger than the 64 MiB a game may be: the file "
                                 "cannot be indexed", b->pgn_path, diag->source.number,
                                 diag->source.line);
}

static void
build_on_progress (const CqSearchProgress *progress, gpointer user_data)
{
  Build *b = user_data;

  if (b->progress != NULL)
    b->progress (progress->bytes, progress->total_bytes, progress->games, b->user_data);
}

/* Writes @len bytes to @fd, whatever the short writes. */
static gboolean
write_all (int fd, const void *data, gsize len, guint32 *crc, const char *path, GError **error)
{
  const char *p = data;

  if (crc != NULL)
    *crc = crc_of (*crc, data, len);
  while (len > 0)
    {
      ssize_t n = write (fd, p, MIN (len, (gsize) 1 << 30));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       "%s: %s", path, g_strerror (saved_errno));
          return FALSE;
        }
      p += n;
      len -= n;
    }
  return TRUE;
}

/* Writes the index of @b at @index_path: a temporary file in its folder,
 * synced, then renamed over the old index. */
static gboolean
write_index (Build *b, const Identity *id, const char *index_path, GError **error)
{
  static const guint8 zeros[LOCATOR_ALIGN] = { 0 };
  g_autofree char *dir = g_path_get_dirname (index_path);
  g_autofree char *tmp = g_strconcat (index_path, ".XXXXXX.tmp", NULL);
  IndexHeader h;
  guint64 n_games = b->n_games;
  guint32 crc = crc32 (0L, Z_NULL, 0);
  guint64 at;
  int fd;
  gboolean ok = TRUE;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "cannot make the index folder %s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "cannot write the index in %s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }

  memset (&h, 0, sizeof h);
  memcpy (h.magic, INDEX_MAGIC, sizeof INDEX_MAGIC);
  h.version = INDEX_VERSION;
  h.header_size = sizeof h;
  h.n_games = n_games;
  h.n_positions = b->n_positions;
  h.file_size = layout (n_games, b->moves->len, h.column_offset);
  h.pgn_size = id->size;
  h.pgn_mtime_sec = id->mtime_sec;
  h.pgn_mtime_nsec = id->mtime_nsec;
  h.n_columns = N_COLUMNS;
  h.moves_size = b->moves->len;
  memcpy (h.pgn_head_sha256, id->head, SHA256_LEN);
  memcpy (h.pgn_tail_sha256, id->tail, SHA256_LEN);

  /* The header last, once the columns' CRC is known: its place first.
   * Each column after the zero bytes that bring it to its offset. */
  ok = write_all (fd, &h, sizeof h, NULL, tmp, error);
  at = sizeof h;
  for (guint c = 0; ok && c < N_COLUMNS; c++)
    {
      gsize bytes = column_size (c, n_games, h.moves_size);
      const void *data = c == COL_MOVES ? (const void *) b->moves->data : b->columns[c];

      ok = write_all (fd, zeros, h.column_offset[c] - at, &crc, tmp, error)
           && write_all (fd, data, bytes, &crc, tmp, error);
      at = h.column_offset[c] + bytes;
    }
  ok = ok && write_all (fd, zeros, h.file_size - at, &crc, tmp, error);
  if (ok)
    {
      h.data_crc = crc;
      h.checksum = header_checksum (&h);
      ok = lseek (fd, 0, SEEK_SET) == 0 && write_all (fd, &h, sizeof h, NULL, tmp, error);
    }
  if (ok && fsync (fd) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", tmp, g_strerror (saved_errno));
      ok = FALSE;
    }
  if (close (fd) != 0 && ok)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", tmp, g_strerror (saved_errno));
      ok = FALSE;
    }
  if (ok && g_rename (tmp, index_path) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "cannot put the index at %s: %s", index_path, g_strerror (saved_errno));
      ok = FALSE;
    }
  if (!ok)
    {
      g_unlink (tmp);
      return FALSE;
    }
  /* The rename itself outlives a crash once the folder is synced. */
  fd = g_open (dir, O_RDONLY | O_CLOEXEC, 0);
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
  return TRUE;
}

gboolean
cq_index_build (const char *pgn_path, guint n_threads,
                CqIndexProgressFunc progress, gpointer user_data,
                GCancellable *cancellable, GError **error)
{
  const char *paths[2] = { pgn_path, NULL };
  CqSearchCallbacks callbacks = { 0 };
  CqSearchOptions opts;
  g_autofree char *index_path = NULL;
  Identity before, after;
  Build b = { 0 };
  GError *local_error = NULL;
  gboolean ok;

  g_return_val_if_fail (pgn_path != NULL, FALSE);

  if (!check_indexable (pgn_path, error))
    return FALSE;
  index_path = cq_index_get_path (pgn_path, error);
  if (index_path == NULL || !get_identity (pgn_path, TRUE, &before, error))
    return FALSE;

  /* Most PGN files hold a game per 300 bytes or more: room for that many
   * is reserved (the pages not written are never touched). */
  reserve_columns (&b, before.size / 300 + 1024);
  b.rows = g_new (Row, ROW_BLOCK);
  /* About 80 bytes of moves a game (docs/index.md). */
  b.moves = g_byte_array_sized_new (MIN (before.size / 6, (guint64) G_MAXUINT32 / 2));
  b.pgn_path = pgn_path;
  b.progress = progress;
  b.user_data = user_data;
  callbacks.on_game = build_on_game;
  callbacks.on_diagnostic = build_on_diagnostic;
  callbacks.on_progress = build_on_progress;
  cq_search_options_init (&opts);
  opts.n_threads = n_threads;
  opts.summarize = TRUE;
  opts.use_index = FALSE;
  opts.header = FALSE;

  ok = cq_search_run_files (NULL, paths, &opts, &callbacks, &b, cancellable, NULL,
                            &local_error);
  if (!ok && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT)
      && b.damage != NULL)
    g_clear_error (&local_error);    /* said better by b.damage */
  flush_rows (&b);
  if (ok || local_error == NULL)
    {
      if (b.damage != NULL)
        {
          g_set_error_literal (&local_error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_DAMAGED,
                               b.damage);
          ok = FALSE;
        }
      else if (!get_identity (pgn_path, TRUE, &after, &local_error))
        ok = FALSE;
      else if (memcmp (&before, &after, sizeof before) != 0)
        {
          g_set_error (&local_error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_STALE,
                       "%s changed while it was indexed: no index was written; "
                       "run cql --index %s again", pgn_path, pgn_path);
          ok = FALSE;
        }
      else
        ok = write_index (&b, &before, index_path, &local_error);
    }
  else if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* A file that could not be read to its end, or at all. */
      GError *damaged = g_error_new (CQ_INDEX_ERROR, CQ_INDEX_ERROR_DAMAGED,
                                     "%s: no index was written", local_error->message);

      g_clear_error (&local_error);
      local_error = damaged;
      ok = FALSE;
    }

  for (guint c = 0; c < N_COLUMNS; c++)
    column_free (b.columns[c], column_bytes (c, b.capacity));
  g_free (b.rows);
  g_byte_array_unref (b.moves);
  g_free (b.damage);
  if (!ok)
    g_propagate_error (error, local_error);
  return ok;
}

/* --- Opening --- */

static CqIndex *
corrupt (CqIndex *index, const char *pgn_path, const char *what, GError **error)
{
  g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_CORRUPT,
               "the index of %s (%s) is damaged (%s): run cql --index %s again",
               pgn_path, index->path, what, pgn_path);
  cq_index_free (index);
  return NULL;
}

CqIndex *
cq_index_open (const char *pgn_path, GError **error)
{
  CqIndex *index;
  const IndexHeader *h;
  guint64 offsets[N_COLUMNS];
  gsize size;
  Identity id;
  GError *local_error = NULL;

  g_return_val_if_fail (pgn_path != NULL, NULL);

  if (g_str_equal (pgn_path, "-"))
    return check_indexable (pgn_path, error), NULL;

  index = g_new0 (CqIndex, 1);
  index->fd = -1;
  index->path = cq_index_get_path (pgn_path, error);
  if (index->path == NULL)
    {
      cq_index_free (index);
      return NULL;
    }
  index->map = g_mapped_file_new (index->path, FALSE, &local_error);
  if (index->map == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          g_clear_error (&local_error);
          /* A compressed file never has an index: say why. */
          if (check_indexable (pgn_path, error))
            g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_MISSING,
                         "%s has no index: run cql --index %s", pgn_path, pgn_path);
        }
      else
        g_propagate_error (error, local_error);
      cq_index_free (index);
      return NULL;
    }

  size = g_mapped_file_get_length (index->map);
  h = (const IndexHeader *) g_mapped_file_get_contents (index->map);
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    return check_indexable (pgn_path, error), cq_index_free (index), NULL;
  if (size < sizeof (IndexHeader) || memcmp (h->magic, INDEX_MAGIC, sizeof INDEX_MAGIC) != 0)
    return corrupt (index, pgn_path, "not an index file", error);
  if (h->version != INDEX_VERSION)
    {
      g_autofree char *what = g_strdup_printf ("format version %u, not %u", h->version,
                                               INDEX_VERSION);

      return corrupt (index, pgn_path, what, error);
    }
  if (h->header_size != sizeof (IndexHeader) || h->n_columns != N_COLUMNS
      || header_checksum (h) != h->checksum)
    return corrupt (index, pgn_path, "its header fails its checksum", error);
  if (h->file_size != size || h->n_games > size
      || h->moves_size > size
      || layout (h->n_games, h->moves_size, offsets) != size
      || memcmp (offsets, h->column_offset, sizeof offsets) != 0)
    return corrupt (index, pgn_path, "its size is wrong", error);
  index->header = h;
  index->data = (const char *) h;

  /* The file it was built from: size and time first (a stat), then the
   * end blocks. */
  if (!get_identity (pgn_path, FALSE, &id, error))
    {
      cq_index_free (index);
      return NULL;
    }
  if (id.size != h->pgn_size || id.mtime_sec != h->pgn_mtime_sec
      || id.mtime_nsec != h->pgn_mtime_nsec
      || !get_identity (pgn_path, TRUE, &id, &local_error)
      || memcmp (id.head, h->pgn_head_sha256, SHA256_LEN) != 0
      || memcmp (id.tail, h->pgn_tail_sha256, SHA256_LEN) != 0)
    {
      if (local_error != NULL)
        g_propagate_error (error, local_error);
      else
        g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_STALE,
                     "%s has changed since it was indexed: run cql --index %s again",
                     pgn_path, pgn_path);
      cq_index_free (index);
      return NULL;
    }
  /* The columns a selection reads are read with pread() (their mapping
   * costs a page fault a page); without a descriptor, through the map. */
  index->fd = g_open (index->path, O_RDONLY | O_CLOEXEC, 0);
  return index;
}

gboolean
cq_index_check_data (const CqIndex *index, GError **error)
{
  const IndexHeader *h;
  guint32 crc;

  g_return_val_if_fail (index != NULL, FALSE);

  h = index->header;
  crc = crc_of (crc32 (0L, Z_NULL, 0), index->data + sizeof *h, h->file_size - sizeof *h);
  if (crc != h->data_crc)
    {
      g_set_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_CORRUPT,
                   "the index %s is damaged (its columns fail their checksum): "
                   "build it again", index->path);
      return FALSE;
    }
  return TRUE;
}

void
cq_index_free (CqIndex *index)
{
  if (index == NULL)
    return;
  g_clear_pointer (&index->map, g_mapped_file_unref);
  if (index->fd >= 0)
    close (index->fd);
  g_free (index->path);
  g_free (index);
}

const char *
cq_index_get_file (const CqIndex *index)
{
  g_return_val_if_fail (index != NULL, NULL);
  return index->path;
}

guint64
cq_index_get_file_size (const CqIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);
  return index->header->file_size;
}

guint64
cq_index_get_n_games (const CqIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);
  return index->header->n_games;
}

guint64
cq_index_get_n_positions (const CqIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);
  return index->header->n_positions;
}

static inline const void *
column (const CqIndex *index, guint c)
{
  return index->data + index->header->column_offset[c];
}

const CqIndexLocator *
cq_index_get_locator (const CqIndex *index, guint64 i)
{
  g_return_val_if_fail (index != NULL, NULL);
  g_return_val_if_fail (i < index->header->n_games, NULL);

  return (const CqIndexLocator *) column (index, COL_LOCATOR) + i;
}

guint64
cq_index_read_locators (const CqIndex *index, guint64 first, guint64 count,
                        CqIndexLocator *out)
{
  const CqIndexLocator *from;
  gsize len, done = 0;

  g_return_val_if_fail (index != NULL && out != NULL, 0);
  g_return_val_if_fail (first < index->header->n_games, 0);

  count = MIN (count, index->header->n_games - first);
  from = (const CqIndexLocator *) column (index, COL_LOCATOR) + first;
  len = (gsize) count * sizeof *out;
  while (index->fd >= 0 && done < len)
    {
      gssize got = pread (index->fd, (char *) out + done, len - done,
                          (off_t) ((const char *) from - index->data) + (off_t) done);

      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        break;
      done += (gsize) got;
    }
  /* Without a descriptor, or a read that failed: through the mapping. */
  if (done < len)
    memcpy ((char *) out + done, (const char *) from + done, len - done);
  return count;
}

void
cq_index_get_game (const CqIndex *index, guint64 i, CqGameSource *source,
                   guint64 *digest, CqGameSummary *summary)
{
  const CqIndexLocator *loc;

  g_return_if_fail (index != NULL && source != NULL);
  g_return_if_fail (i < index->header->n_games);

  loc = cq_index_get_locator (index, i);
  memset (source, 0, sizeof *source);
  source->number = i + 1;
  source->offset = loc->offset;
  source->length = loc->length;
  source->line = loc->line;
  if (digest != NULL)
    *digest = loc->digest;
  if (summary != NULL)
    {
      memset (summary, 0, sizeof *summary);   /* its padding too: summaries compare */
      for (guint p = CQ_WP; p < CQ_N_PIECES; p++)
        {
          summary->squares[p] = ((const guint64 *) column (index, COL_SQUARES + p - 1))[i];
          if (count_column (p) >= 0)
            {
              guint8 packed = ((const guint8 *) column (index, (guint) count_column (p)))[i];

              summary->min_count[p] = cq_game_summary_unpack_fewest (packed);
              summary->max_count[p] = cq_game_summary_unpack_most (packed);
            }
        }
      /* What the index does not keep (cq_game_summary_as_indexed()). */
      summary->squares[CQ_EMPTY] = G_MAXUINT64;
      for (guint p = 0; p < CQ_N_PIECES; p++)
        if (count_column (p) < 0)
          summary->max_count[p] = 64;
      summary->flags = ((const guint32 *) column (index, COL_FLAGS))[i];
      summary->n_positions = loc->n_positions;
      memcpy (summary->keys,
              (const guint64 *) column (index, COL_KEYS) + i * CQ_SUMMARY_KEY_WORDS,
              sizeof summary->keys);
    }
}

guint32
cq_index_get_game_positions (const CqIndex *index, guint64 i)
{
  g_return_val_if_fail (index != NULL, 0);
  g_return_val_if_fail (i < index->header->n_games, 0);

  return cq_index_get_locator (index, i)->n_positions;
}

void
cq_index_get_columns (const CqIndex *index, CqSummaryColumns *columns)
{
  g_return_if_fail (index != NULL && columns != NULL);

  memset (columns, 0, sizeof *columns);
  columns->n_games = index->header->n_games;
  for (guint p = CQ_WP; p < CQ_N_PIECES; p++)
    {
      columns->squares[p] = column (index, COL_SQUARES + p - 1);
      if (count_column (p) >= 0)
        columns->counts[p] = column (index, (guint) count_column (p));
    }
  columns->flags = column (index, COL_FLAGS);
  columns->keys = column (index, COL_KEYS);
  columns->fd = index->fd;
  columns->file_base = index->fd >= 0 ? index->data : NULL;
}

const guint8 *
cq_index_get_moves (const CqIndex *index, guint64 i, gsize *len)
{
  const guint32 *ends;
  guint64 start, end;

  g_return_val_if_fail (index != NULL && len != NULL, NULL);
  g_return_val_if_fail (i < index->header->n_games, NULL);

  ends = column (index, COL_MOVES_END);
  start = i > 0 ? ends[i - 1] : 0;
  end = ends[i];
  *len = 0;
  /* The column is not checked at each open (docs/index.md): a damaged
   * one gives no moves rather than bytes out of the file. */
  if (start > end || end > index->header->moves_size)
    return NULL;
  *len = end - start;
  return (const guint8 *) column (index, COL_MOVES) + start;
}
