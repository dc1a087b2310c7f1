/* fuzz-input.c: libFuzzer target for the reading of database files:
 * compressed streams (gzip, bzip2, xz, zstd, lz4, zip), their first pass
 * that checks them whole, and plain text, as `cql` opens them.
 *
 * The input is the content of a database file.  It is written to a
 * temporary file (the reader tells formats apart by their first bytes,
 * never by the file's name) and read through cq_pgn_reader_new_for_path(),
 * which opens it with cq_pgn_input_open(), then split into games to the
 * end.  Reading must end either at the end of the text or with a GError
 * whose message names the file; a file that cq_pgn_input_sniff() refuses
 * must be refused by the open too.  Any crash, hang, leak, sanitizer
 * report or memory growth beyond -rss_limit_mb is a bug.  A stream may
 * decompress to up to 64 MiB before the expansion bound applies, so the
 * inputs are kept small (tools/fuzz.sh: -max_len=16384).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pgn/cq-pgn.h"

/* The temporary file the inputs are written to, one per process. */
static char *input_path;

static void
remove_input_file (void)
{
  if (input_path != NULL)
    g_unlink (input_path);
}

/* Checks that @error exists and that its message names the file. */
static void
check_error (const GError *error)
{
  g_assert (error != NULL);
  if (!g_str_has_prefix (error->message, input_path))
    g_error ("error message without the file's name: %s", error->message);
  g_assert (g_utf8_validate (error->message, -1, NULL));
}

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) sniff_error = NULL;
  const char *text;
  gsize len;
  CqGameSource source;
  guint64 previous_end = 0, games = 0;
  gboolean sniffed;
  FILE *f;

  if (input_path == NULL)
    {
      int fd = g_file_open_tmp ("fuzz-input-XXXXXX.pgn", &input_path, NULL);

      g_assert (fd >= 0);
      close (fd);
      atexit (remove_input_file);
    }
  /* Rewritten in place: the reader of the previous input is closed. */
  f = fopen (input_path, "wb");
  g_assert (f != NULL);
  g_assert (size == 0 || fwrite (data, 1, size, f) == size);
  g_assert (fclose (f) == 0);

  sniffed = cq_pgn_input_sniff (input_path, NULL, &sniff_error);
  if (!sniffed)
    check_error (sniff_error);

  reader = cq_pgn_reader_new_for_path (input_path, NULL, &error);
  if (reader == NULL)
    {
      check_error (error);
      return 0;
    }
  if (!sniffed)
    g_error ("sniffing refuses a file that opens: %s", sniff_error->message);

  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_assert_no_error (error);
      games++;
      g_assert_cmpuint (source.number, ==, games);
      g_assert_cmpuint (source.offset, >=, previous_end);
      g_assert_cmpuint (source.offset + source.length, <=,
                        cq_pgn_reader_get_position (reader));
      g_assert (source.too_large ? len == 0 : len == source.length);
      previous_end = source.offset + source.length;
    }
  if (error != NULL)
    check_error (error);
  g_assert_cmpuint (cq_pgn_reader_get_file_position (reader), <=,
                    cq_pgn_reader_get_size (reader));
  return 0;
}
