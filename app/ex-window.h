/* ex-window.h: the workbench's main window (query editor, results, game view).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the rest of the application, the window's own files and the tests
 * call.  The window's files also use ex-window-private.h, the tests
 * ex-window-test.h.
 */
#pragma once

#include <gtk/gtk.h>
#include "cql/cq-query.h"
#include "ex-types.h"

G_BEGIN_DECLS

#define EX_TYPE_WINDOW (ex_window_get_type ())

G_DECLARE_FINAL_TYPE (ExWindow, ex_window, EX, WINDOW, GtkApplicationWindow)

/**
 * ex_window_new:
 * @application: (nullable): the application.
 *
 * Returns: (transfer none): a new window with the first example query and
 *   the bundled sample database, owned by GTK until it is destroyed.
 */
ExWindow      *ex_window_new                (GtkApplication *application);

/**
 * ex_window_open_file:
 * @file: a PGN database (as ex_window_is_database_file() tells) or a CQL
 *   query.
 *
 * A database becomes the one to search (named in the status line); anything
 * else is read as a query into the editor (UTF-8; errors shown in the status
 * line).
 */
void           ex_window_open_file          (ExWindow       *self,
                                             GFile          *file);

/**
 * ex_window_set_databases:
 * @files: (array length=n_files): PGN files, plain or compressed, and
 *   folders (their PGN files and their sub-folders', at any depth:
 *   cq_pgn_expand_inputs_full()), searched in this order as one database
 *   (only local files can be searched).
 *
 * Sets the database the next search reads.  A running search goes on with
 * the database it started with.
 */
void           ex_window_set_databases      (ExWindow       *self,
                                             GFile *const   *files,
                                             guint           n_files);

/**
 * ex_window_add_databases:
 * @files: (array length=n_files): as for ex_window_set_databases().
 *
 * Adds @files after the database's own files and folders, so that files
 * of several folders make one database; one already in it is not added
 * again.  As ex_window_set_databases() with the files of both.
 */
void           ex_window_add_databases      (ExWindow       *self,
                                             GFile *const   *files,
                                             guint           n_files);

/**
 * ex_window_is_database_file:
 * @file: a file named on the command line or dropped on the window.
 *
 * Returns: TRUE if @file is to be opened as a database (a name ending in
 *   .pgn, .pgn.gz, .pgn.bz2, .pgn.xz, .pgn.zst, .pgn.lz4 or .zip, or a
 *   folder), FALSE if it is to be read as a query.
 */
gboolean       ex_window_is_database_file   (GFile          *file);

/**
 * ex_window_run:
 *
 * Compiles the editor's text (ex_cql_compile(): position lists alone are
 * run inside a match list) and, if it compiles, searches the chosen
 * database with it on a new thread, after cancelling the search that was
 * running.  On a compilation error (CQ_QUERY_ERROR, rulings R13) the
 * message is shown in the status line as the live parse shows it ("Line
 * 1, column 5: ..."), the item at its line:column is underlined and gets
 * the cursor, and nothing runs.
 *
 * Returns: TRUE if a search was started.
 */
gboolean       ex_window_run                (ExWindow       *self);

/**
 * ex_window_find_position:
 * @fen: the position (cq_query_new_for_position()).
 * @mode: exact, or also its mirrored and colour-reversed images.
 * @max_differ: how many pieces may differ.
 *
 * Searches the chosen database for every game where the position occurs,
 * as ex_window_run() searches for a query (the results list says which
 * image was found, the board outlines the squares that differ); the
 * query in the editor is left as it is.  A FEN that is not a legal
 * position is reported in the status line.
 *
 * Returns: TRUE if a search was started.
 */
gboolean       ex_window_find_position      (ExWindow       *self,
                                             const char     *fen,
                                             CqPositionMatch mode,
                                             guint           max_differ);

/* Returns: (transfer none): the results as shown (sorted), a
 * GtkMultiSelection of #ExResult. */
GListModel    *ex_window_get_results        (ExWindow       *self);

/* Selects only the result at @position of ex_window_get_results() and
 * shows its game at its first matched position. */
void           ex_window_select_result      (ExWindow       *self,
                                             guint           position);

/**
 * ex_window_save_screenshot:
 * @png_path: where to write the PNG.
 *
 * Renders the window as it is now (it must be shown) with its own renderer
 * and saves it as PNG.
 *
 * Returns: FALSE with G_IO_ERROR_FAILED if the window is not shown or the
 *   file could not be written.
 */
gboolean       ex_window_save_screenshot    (ExWindow       *self,
                                             const char     *png_path,
                                             GError        **error);

/* The database (ex-window.c). */

/**
 * ex_window_set_database:
 * @file: (nullable): a PGN file, plain or compressed, or a folder of them.
 *
 * As ex_window_set_databases() with one file (or none).
 */
void           ex_window_set_database       (ExWindow       *self,
                                             GFile          *file);

/* The database's first file or folder, or NULL. */
GFile         *ex_window_get_database       (ExWindow       *self);

/* The query (ex-window.c) and the examples (ex-window-query.c). */

/* Returns: (transfer full): the editor's text. */
char          *ex_window_dup_query_text     (ExWindow       *self);

/**
 * ex_window_load_example:
 * @name: an example's file name (ex_window_list_examples()).
 *
 * Replaces the editor's text with the example (undoable: Ctrl+Z brings
 * back the text it replaced).  When the editor holds a CQL 6 query (or is
 * empty and new queries are CQL 6), an example NAME.cql is loaded as its
 * CQL 6 twin NAME.cql6, which finds the same games in the bundled sample,
 * if it has one.
 *
 * Returns: FALSE if there is no such example.
 */
gboolean       ex_window_load_example       (ExWindow       *self,
                                             const char     *name);

/**
 * ex_window_list_examples:
 *
 * Returns: (transfer none): the file names of the example queries offered
 *   in the Examples menu, NULL-terminated.  Static.
 */
const char *const *ex_window_list_examples  (void);

/**
 * ex_window_get_theme_tools:
 *
 * Returns: (transfer none): the Theme Tools (picker, pattern board,
 *   themes, position search; ex_theme_tools_new()), created on first use
 *   in the window's side pane, left of the query; shown or not as
 *   ex_window_set_theme_tools_visible() says.
 */
ExThemeTools  *ex_window_get_theme_tools    (ExWindow       *self);

/**
 * ex_window_set_theme_tools_visible:
 * @visible: TRUE to show the Theme Tools pane, FALSE to hide it.
 *
 * Shows or hides the Theme Tools side pane (win.theme-tools, Ctrl+T, and
 * the header's toggle button do the same).  The query, the results and
 * the board stay in view beside it.  Whether it is shown is kept in the
 * settings when the window is closed (theme-tools-visible) and restored
 * by the next window.
 */
void           ex_window_set_theme_tools_visible (ExWindow  *self,
                                                  gboolean   visible);
gboolean       ex_window_get_theme_tools_visible (ExWindow  *self);

/* The search (ex-window-search.c). */

/**
 * ex_window_stop:
 *
 * Cancels the running search, if any.  The window is usable at once: the
 * matches found so far stay (those not yet in the list still reach it, in
 * slices as during the search, and the header and the status line count
 * them), the search thread winds down on its own (the batches it has not
 * handed over are dropped) and is joined from the main loop.  Emits
 * #ExWindow::search-finished with FALSE.
 */
void           ex_window_stop               (ExWindow       *self);

/* TRUE while the current search runs (ex_search_is_running()). */
gboolean       ex_window_is_searching       (ExWindow       *self);

/* The game shown (ex-window.c). */

/**
 * ex_window_dup_game_pgn:
 *
 * Returns: (transfer full) (nullable): the game shown in the viewer as PGN
 *   (export format, cq_pgn_write_game(), without annotations), with the
 *   moves the user played on the board as a variation (they are in the
 *   game's tree while it is shown, ExOwnLine), or NULL when no game is
 *   shown.
 */
char          *ex_window_dup_game_pgn       (ExWindow       *self);

/**
 * ex_window_dup_position_fen:
 *
 * Returns: (transfer full) (nullable): the FEN of the position on the
 *   board, or NULL when no game is shown.
 */
char          *ex_window_dup_position_fen   (ExWindow       *self);

/**
 * ExExportScope:
 * @EX_EXPORT_ALL: every result of the search.
 * @EX_EXPORT_SHOWN: the results that pass the filter box.
 * @EX_EXPORT_SELECTED: the selected results, in input order.
 */
typedef enum {
  EX_EXPORT_ALL,
  EX_EXPORT_SHOWN,
  EX_EXPORT_SELECTED,
} ExExportScope;

/* Export (ex-window-export.c) and the diagram (ex-window-diagram.c). */

/**
 * ex_window_export_full:
 * @path: the PGN file to write.
 * @scope: which results: all of them, those the filter box shows, or the
 *   selected ones (in input order, whatever the sort; a query that sorts:
 *   in its order).
 * @mark_text: (nullable): the annotation after each matched position
 *   ("MATCH" in CQL 3, rulings R2); NULL or "" to export without.  For a
 *   CQL 6 query any other text means "as `cql` writes it": its own mark
 *   text, its comments and sort labels, {Game number N}.
 *
 * Starts writing the matched games of @scope, in input order (a CQL 6
 * query that sorts: in its order, as `cql`), re-read by
 * offset from the database, each with {Original game: N} (rulings R2), to
 * @path on its own thread: to a temporary file beside it that is renamed
 * over @path at the end, so a failed export leaves @path as it was.  The
 * database itself is never written.  #ExWindow::export-finished tells the
 * end.  (Replacing an existing file is confirmed by the file chooser.)
 *
 * Returns: FALSE with G_IO_ERROR_INVALID_ARGUMENT when @path is the
 *   database, G_IO_ERROR_BUSY while searching or exporting, or
 *   G_IO_ERROR_NOT_FOUND when @scope holds no result.
 */
gboolean       ex_window_export_full        (ExWindow       *self,
                                             const char     *path,
                                             ExExportScope   scope,
                                             const char     *mark_text,
                                             GError        **error);

/**
 * ex_window_export_to_path:
 * @path: the PGN file to write.
 *
 * Exports every result, annotated as the preferences say ({MATCH} by
 * default): ex_window_export_full() with %EX_EXPORT_ALL.
 */
gboolean       ex_window_export_to_path     (ExWindow       *self,
                                             const char     *path,
                                             GError        **error);

/* TRUE while an export (ex_window_export_full()) is writing. */
gboolean       ex_window_is_exporting       (ExWindow       *self);

/**
 * ex_window_export_diagram:
 * @path: the file to write; a name ending in ".png" (any case) gives a PNG
 *   image, any other an SVG document.
 * @lines: the lines to write under the board, a mask of ExDiagramLines
 *   (ex-diagram-text.h): the piece count, the stipulation (at the game's
 *   start position; elsewhere the side to move) and the source, built
 *   from the game's tags; 0 for none.
 *
 * Writes the position shown as a diagram (ex_diagram_write()) and says so
 * in the status line.
 *
 * Returns: FALSE with G_IO_ERROR_NOT_FOUND when no game is shown, or the
 *   error of writing the file.
 */
gboolean       ex_window_export_diagram     (ExWindow       *self,
                                             const char     *path,
                                             guint           lines,
                                             GError        **error);

/**
 * ex_window_new_diagram_chooser:
 *
 * The file chooser win.export-diagram opens, not yet shown: SVG and PNG
 * filters and a boolean choice for each line under the board
 * ("piece-count", "stipulation", "source"), set from the settings
 * "diagram-piece-count", "diagram-stipulation" and "diagram-source" (all
 * on without settings).
 *
 * Returns: (transfer full): the chooser.
 */
GtkFileChooserNative *ex_window_new_diagram_chooser (ExWindow *self);

/**
 * ex_window_diagram_chooser_lines:
 * @chooser: a chooser from ex_window_new_diagram_chooser().
 *
 * The lines its choices ask for, written back to the settings so that the
 * next chooser offers them again: what its response does.
 *
 * Returns: a mask of ExDiagramLines (ex-diagram-text.h).
 */
guint          ex_window_diagram_chooser_lines (GtkFileChooser *chooser);

/**
 * ex_window_show_help:
 * @page: (nullable): a page of the user guide as a link names it
 *   ("cql.md", "picker.md#the-picker"); NULL for the page of what has the
 *   focus: picker.md in Theme Tools, else workbench.md.
 *
 * Opens the user guide in the workbench's help window (ExHelpWindow,
 * made on first use, transient for the window and destroyed with it) at
 * @page, and presents it (win.help, F1).  Nothing outside the workbench
 * is needed.
 *
 * Returns: (transfer none): the help window; if the page could not be
 *   shown the status line says why (the help window shows the page it
 *   showed before).
 */
ExHelpWindow  *ex_window_show_help          (ExWindow       *self,
                                             const char     *page);

G_END_DECLS
