/* cq-pgn.h: streaming PGN reader (splits a file into game texts) and PGN writer.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "pgn/cq-game.h"
#include "pgn/cq-pgn-input.h"

G_BEGIN_DECLS

typedef struct _CqPgnReader CqPgnReader;

/**
 * cq_pgn_reader_new_for_path:
 * @path: a PGN file of any size, plain or compressed, or "-" for standard
 *   input (cq_pgn_input_open()).
 * @cancellable: (nullable): once cancelled, opening and
 *   cq_pgn_reader_next() fail with G_IO_ERROR_CANCELLED within 50 ms, also
 *   on a pipe or FIFO that never writes (cq_pgn_input_open()).
 * @error: a #GError, or %NULL.
 *
 * Opens @path for cq_pgn_reader_next().  The file is read in blocks of
 * 128 KiB with 64-bit offsets; the reader keeps only the game being split,
 * so memory does not grow with the file.
 *
 * Returns: (transfer full): a reader, or NULL with a G_FILE_ERROR naming
 *   @path (e.g. G_FILE_ERROR_NOENT), or the G_IO_ERROR of
 *   cq_pgn_input_open() for a file that is not PGN.  cq_pgn_reader_next()
 *   reports corrupt compressed data as G_IO_ERROR_INVALID_DATA naming the
 *   last complete game.
 */
CqPgnReader *cq_pgn_reader_new_for_path (const char *path, GCancellable *cancellable,
                                          GError **error);

/* A reader over @len bytes of PGN text at @data (not copied: it must
 * outlive the reader).  @name (nullable) is used in messages, "<input>" if
 * NULL.  Returns: (transfer full): the reader. */
CqPgnReader *cq_pgn_reader_new_for_data (const char *data, gsize len, const char *name);

/**
 * cq_pgn_reader_next:
 * @reader: a #CqPgnReader.
 * @text: (out): the next game's text; valid until the next call or until
 *   @reader is freed.  Not NUL-terminated.
 * @len: (out): its length in bytes (trailing whitespace excluded).
 * @source: (out) (optional): its 1-based number, byte offset, length and
 *   1-based first line.
 * @error: a #GError, or %NULL.
 *
 * Splits the input into games without parsing moves (the rules are at the
 * top of cq-pgn-reader.c).  A game is its tag section and its movetext; a
 * game without tags or without moves counts as a game (header-only,
 * tag-less).  A leading UTF-8 BOM is skipped.
 *
 * Returns: TRUE if a game was returned; FALSE at the end of the input or
 *   on an error: @error is set, G_FILE_ERROR on a read error (or the
 *   G_IO_ERROR of cq_pgn_input_read() for compressed input),
 *   G_IO_ERROR_INVALID_DATA if text before a game (a comment) runs for
 *   more than 64 MiB.  A game longer than 64 MiB is returned without its
 *   text (@len 0), with @source->too_large set and its real length.
 */
gboolean     cq_pgn_reader_next (CqPgnReader *reader, const char **text, gsize *len,
                                 CqGameSource *source, GError **error);

/* Bytes of PGN text consumed so far (game offsets count these). */
guint64      cq_pgn_reader_get_position (CqPgnReader *reader);
/* For progress: bytes of the file behind the text consumed so far, and the
 * file's size (0 if unknown: a pipe).  For a compressed file both count
 * compressed bytes (cq-pgn-input.h). */
guint64      cq_pgn_reader_get_file_position (CqPgnReader *reader);
guint64      cq_pgn_reader_get_size     (CqPgnReader *reader);
const char  *cq_pgn_reader_get_name     (CqPgnReader *reader);
void         cq_pgn_reader_free         (CqPgnReader *reader);

/**
 * cq_pgn_reader_start_at:
 * @offset: where a game begins (cq_pgn_find_game_start()).
 *
 * Makes a reader of a plain file (cq_pgn_reader_new_for_path()) start at
 * byte @offset, for a search of a byte range of the file (cq-shard.h).
 * The games' offsets stay those of the file; their numbers and lines
 * count from 1 there.  Call it before the first cq_pgn_reader_next().
 * Returns: FALSE with cq_pgn_input_seek()'s errors (a compressed file, a
 *   pipe).
 */
gboolean     cq_pgn_reader_start_at     (CqPgnReader *reader, guint64 offset, GError **error);

/**
 * cq_pgn_reader_new_for_frames:
 * @path: a zstd file made of several frames (cq_pgn_zstd_frames()), or a
 *   zip archive of several `*.pgn` members (cq_pgn_zip_members()).
 * @start, @end: compressed byte offsets of the file where frames begin
 *   (@end G_MAXUINT64 for the file's end); for a zip, indexes of members
 *   among its `*.pgn` members, which then stand for the frames below (the
 *   members before @start are skipped without being decompressed, those
 *   from @start to @end are checked first, and the text joins members
 *   with a newline as one run reads them).
 * @first: (out): where the reader's first game begins.
 *
 * A reader of the frames from @start to @end, for a search in parts
 * (cq-shard.h): the text is decompressed from the frame at @start and its
 * offsets count from there (0 at @start).  With @start > 0 the reader
 * begins at the first game of that text (the rule of
 * cq_pgn_find_game_start(), the frame's first byte taken as a line's);
 * games' numbers and lines count from 1 there.  It reads on past @end to
 * the file's end: cq_pgn_reader_get_range_end() says where @end is in the
 * text once the reader has passed it.  Those frames are decompressed once
 * first to check them, so a damaged frame yields no game.
 * Returns: (transfer full): the reader, or NULL with an error:
 *   G_IO_ERROR_INVALID_DATA for damaged or truncated frames, a
 *   G_FILE_ERROR if the file cannot be read, G_IO_ERROR_NOT_SUPPORTED if
 *   libzstd (libzstd.so.1) cannot be loaded.
 */
CqPgnReader *cq_pgn_reader_new_for_frames (const char *path, guint64 start, guint64 end,
                                           GCancellable *cancellable, guint64 *first,
                                           GError **error);

/* The offset in the text of cq_pgn_reader_new_for_frames()'s @end once the
 * reader has read past it; G_MAXUINT64 before, and for other readers. */
guint64      cq_pgn_reader_get_range_end (CqPgnReader *reader);

/**
 * cq_pgn_zstd_frames:
 * @path: a zstd file.
 *
 * Where the frames of a zstd file begin, found without decompressing them:
 * from the seek table of zstd's seekable format when the file ends with a
 * valid one, else by reading each frame's header and its blocks' headers
 * (libzstd's ZSTD_findFrameCompressedSize()).  A skippable frame goes with
 * the frame before it (one at the file's start with the first); the first
 * offset is 0.
 * Returns: (transfer full) (element-type guint64): the offsets in file
 *   order, or NULL with G_IO_ERROR_INVALID_DATA (not a sequence of whole
 *   zstd frames), a G_FILE_ERROR, or G_IO_ERROR_NOT_SUPPORTED (no libzstd).
 */
GArray      *cq_pgn_zstd_frames (const char *path, GError **error);

/**
 * cq_pgn_zip_members:
 * @path: a zip archive.
 *
 * The sizes of the archive's `*.pgn` members (those its search reads, in
 * archive order), found by reading the members' headers with libarchive
 * and skipping their data (archive_read_data_skip(): not decompressed
 * when the header gives the compressed size).  A member with a search in
 * parts is read with cq_pgn_reader_new_for_frames(), @start and @end then
 * being indexes into this list.
 * Returns: (transfer full) (element-type guint64): the uncompressed sizes
 *   in bytes (0 where the header does not give it), or NULL with
 *   G_IO_ERROR_INVALID_DATA (not a readable zip archive), a G_FILE_ERROR,
 *   or G_IO_ERROR_NOT_SUPPORTED (no libarchive).
 */
GArray      *cq_pgn_zip_members (const char *path, GError **error);

/**
 * cq_pgn_find_game_start:
 * @path: a plain PGN file.
 * @from: a byte offset.
 * @found: (out): the first offset >= @from where a line starts with a tag
 *   (`[`, a letter, digit or `_`) after a blank line (empty or spaces and
 *   tabs; CR, LF and CRLF end lines), or the file's size if there is none.
 *
 * Where a search in parts cuts a file between games (cq-shard.h).  The
 * reader may see a game begin elsewhere (a game not preceded by a blank
 * line, such a line inside a comment): the merge checks that the part
 * before stopped exactly there, and refuses otherwise.
 * Returns: FALSE with a G_FILE_ERROR if @path cannot be read.
 */
gboolean     cq_pgn_find_game_start     (const char *path, guint64 from, guint64 *found,
                                         GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqPgnReader, cq_pgn_reader_free)

/**
 * cq_pgn_read_game_at:
 * @path: the PGN file.
 * @source: where the game lies (as returned by cq_pgn_reader_next()).
 * @error: a #GError, or %NULL.
 *
 * Reads the single game that lies at @source->offset (@source->length
 * bytes) of @path and parses it with cq_game_new_parsed(); the game's
 * filename is a copy of @path.  Used by the workbench and export, which
 * keep only the offsets of matched games.
 *
 * Returns: (transfer full): the game, or NULL with a G_FILE_ERROR (the
 *   file cannot be read, or is shorter than @source says).
 */
CqGame      *cq_pgn_read_game_at (const char *path, const CqGameSource *source, GError **error);

/**
 * cq_pgn_game_digest:
 * @text: a game's text as cq_pgn_reader_next() returns it, @len bytes.
 *
 * A 64-bit digest of @text, to tell later whether a file still holds the
 * same game at the same place (cq_pgn_read_game_at_checked()): one pass
 * over its 8-byte words (little-endian, the same on any machine), each
 * multiplied, rotated and folded into the state by steps that are all
 * bijections, then its length and a final mix.  It guards against edits,
 * not against an adversary: for two texts of the same length (the length
 * is compared apart) differing within one aligned 8-byte word -- any one
 * character changed -- the digests always differ, since each step maps
 * distinct states or words to distinct states; another edit goes
 * unnoticed with a chance of about 2^-64 for a well-mixed hash.  Chosen
 * for its speed: 1.5 instructions a byte, a fifth of those of the CRC-32
 * and Adler-32 it replaces.
 *
 * Returns: the digest.
 */
guint64      cq_pgn_game_digest (const char *text, gsize len);

/**
 * cq_pgn_read_game_at_checked:
 * @digest: the cq_pgn_game_digest() of the game's text when it was read.
 *
 * As cq_pgn_read_game_at(), for a game read before: refuses the text now
 * at @source when it is not the game's (the file was edited since).
 *
 * Returns: (transfer full): the game, or NULL with the errors of
 *   cq_pgn_read_game_at(), or G_IO_ERROR_WRONG_ETAG "PATH: game N at byte
 *   B is no longer the game that matched: the file was changed".
 */
CqGame      *cq_pgn_read_game_at_checked (const char *path, const CqGameSource *source,
                                          guint64 digest, GError **error);

/**
 * CqPgnWriteOptions:
 * @header_comment: (nullable): a comment written as the game's first comment,
 *   e.g. "Original game: 7" (rulings R2).
 * @marks: (nullable): one byte per node index (@n_marks of them); a node
 *   whose byte is non-zero gets the comment @mark_text after the move that
 *   produced it (before the first move for the root), beside any comment
 *   already there (rulings R2).
 * @mark_text: the annotation, "MATCH" by default (CLI --matchstring).
 * @mark_texts: (nullable): one annotation per node index (@n_marks of
 *   them, each nullable): a marked node whose entry is set gets it instead
 *   of @mark_text (what a position search found there).
 * @merge_comments: write the header comment and the annotations inside the
 *   comment already at their place, space-separated, as CQL 6.2 does,
 *   rather than as comments of their own (CQL 3, rulings R2).
 * @node_comments: (nullable): with @merge_comments, one text per node
 *   index (@n_node_comments of them, each nullable) written inside the
 *   comment at that node, after the comment already there and the header
 *   comment and before the mark, as CQL 6.2 writes a query's `comment`s:
 *   `{hmm x CQL}`.  Runs of spaces in it are kept.
 * @node_comments_after: (nullable): the same, written after the mark (a
 *   CQL 6 query's comments written at a position after it matched).
 * @root_suffix: (nullable): with @merge_comments, a text written at the
 *   end of the first comment, after its mark (CQL 6.2's sort labels: with
 *   " checks: 187", `{Game number 244 CQL  checks: 187}`).
 * @drop_comments: (nullable): one byte per node index (@n_drop_comments
 *   of them); a node whose byte is non-zero is written without the
 *   comment the game has after its move (CQL 6's `removecomment`).
 * @set_tags: (nullable): @n_set_tags tags written with these values (a
 *   later entry for a name wins): in the place of the game's tag of that
 *   name, else after the game's tags (CQL 6's `settag`).
 */
typedef struct {
  const char   *header_comment;
  const guint8 *marks;
  guint         n_marks;
  const char   *mark_text;
  gboolean      merge_comments;
  const char *const *mark_texts;
  const char *const *node_comments;
  const char *const *node_comments_after;
  guint         n_node_comments;
  const char   *root_suffix;
  const guint8 *drop_comments;
  guint         n_drop_comments;
  const CqTag  *set_tags;
  guint         n_set_tags;
} CqPgnWriteOptions;

/**
 * cq_pgn_write_game:
 * @out: the string to append to.
 * @game: a game (its moves are parsed first if they were not); not one
 *   read in part (cq_game_is_partial(): a
 *   critical warning, nothing written).
 * @options: (nullable): header comment and marks.
 *
 * Appends @game in PGN export format:
 *  - the seven-tag roster in its standard order (missing ones as "?",
 *    "????.??.??" for Date, the game's result for Result), then the other
 *    tags in file order; values escaped (`\"`, `\\`);
 *  - a blank line, then the movetext in lines of at most 80 columns (a
 *    single token longer than that stands alone): move numbers `12.` before
 *    White's moves and `12...` before Black's where a comment, a variation
 *    or the start of a line comes before; moves as the SAN of the replayed
 *    move; NAGs as `$n`; comments as `{...}` (comment_before before its
 *    move, comment_after after it); variations in parentheses;
 *  - the annotations of rulings R2: @options->header_comment as the game's
 *    first comment; for each node whose byte in @options->marks is set, the
 *    comment @options->mark_text ("MATCH" if %NULL; the node's entry of
 *    @options->mark_texts where it has one) after the move that
 *    produced the node (before the first move for the root), after the
 *    comments already there; with @options->merge_comments, both are
 *    written inside the comment already there instead (CQL 6.2's layout:
 *    `{source. Game number 3 CQL}`); there also @options->node_comments
 *    (a CQL 6 query's comments, between the game number and the mark),
 *    @options->node_comments_after (after the mark) and
 *    @options->root_suffix (after the first comment's mark), their runs
 *    of spaces kept;
 *  - for a game with an error, the tree up to the last legal move of each
 *    line, and the text that could not be read as a comment where its line
 *    broke off (after the tags for a game with no position);
 *  - the result (the movetext's, else a valid `Result` tag, else `*`) and
 *    a blank line.
 */
void         cq_pgn_write_game (GString *out, const CqGame *game,
                                const CqPgnWriteOptions *options);

G_END_DECLS
