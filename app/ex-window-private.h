/* ex-window-private.h: what the files of the main window share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is one GObject (ExWindow) written in several files:
 *
 *   ex-window.c          life cycle, layout, status line, database, Run
 *                        and the position search, the result shown,
 *                        screenshot
 *   ex-window-query.c    the query (ExQueryDocument) and its editor, its
 *                        labels, examples, live parse, Theme Tools
 *   ex-window-search.c   following the current search (ExSearch): progress,
 *                        diagnostics, its end, Stop
 *   ex-window-test.c     the accessors only the tests use
 *   ex-window-actions.c  the win.* actions: their list, most callbacks, and
 *                        when they are enabled
 *   ex-window-files.c    opening and saving queries, choosing databases
 *   ex-window-export.c   writing the matched games to a PGN file (Export)
 *   ex-window-close.c    closing and quitting: the unsaved query asked
 *                        about, the state kept for the next start
 *   ex-window-diagram.c  the position shown as an SVG or PNG diagram
 *   ex-window-games.c    the Games page: the database's games before any
 *                        query, the one selected shown
 *   ex-window-index.c    the database's index (ExIndexer): built in the
 *                        background after a search, its state shown
 *
 * The results list and the status line are widgets of their own in the
 * window's template: ExResultsView (ex-results-view.c) and ExStatusbar
 * (ex-statusbar.c).
 *
 * This header holds the instance struct and the functions those files
 * share (named _ex_window_*); the rest of the application uses
 * ex-window.h, the tests (tests/ui*) ex-window-test.h.
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "ex-cql-editor.h"
#include "ex-diagnostics.h"
#include "ex-game-list.h"
#include "ex-indexer.h"
#include "ex-result.h"
#include "ex-results-view-private.h"
#include "ex-search.h"
#include "ex-query-notes.h"
#include "ex-query-document.h"
#include "search/cq-annotate.h"
#include "ex-statusbar.h"
#include "ex-theme-tools.h"
#include "ex-window.h"

G_BEGIN_DECLS

/* The bundled sample database, the window's default (in the data folder,
 * ex_utils_find_data_file()). */
#define _EX_WINDOW_SAMPLE_DATABASE "sample/studies.pgn"

struct _ExWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template widgets */
  GtkMenuButton        *database_button;  /* its menu: recent databases, Open */
  GtkLabel             *database_label;
  GtkPaned             *main_paned;    /* query and results | board */
  GtkMenuButton        *examples_button;
  GtkProgressBar       *progress_bar;
  GtkLabel             *query_file_label;
  GtkLabel             *query_dialect_label;
  GtkMenuButton        *symbols_button;   /* the CQL 6 symbol palette */
  GtkButton            *convert_button;   /* win.convert-query, for a CQL 3 query */
  GtkSourceView        *editor;
  ExResultsView        *results_view;  /* the list of matched games */
  GtkStack             *browse_stack;  /* pages "games" (game_list), "results" */
  ExGameList           *game_list;     /* the database's games (ex-window-games.c) */
  GtkBox               *viewer_box;
  GtkMenuButton        *recent_button;
  ExStatusbar          *statusbar;     /* the status line */
  ExDiagnostics        *diagnostics_view;  /* the list of damaged/skipped games */
  ExQueryNotes         *query_notes;   /* under the viewer: the query's comment, messages */

  ExQueryDocument      *document;      /* the query: text, file, name, dialect */
  GSignalGroup         *document_signals;
  GtkWidget            *game_view;

  GPtrArray            *databases;        /* GFile: the files and folders searched as one */
  ExSearch             *search;        /* the current search (the last started), or NULL */
  char                 *output_note;   /* the status's words on the current search's
                                        * query's output file (never written here), or NULL */
  GSignalGroup         *search_signals;
  ExIndexer            *indexer;       /* the database's index (ex-window-index.c) */
  guint                 exporting : 1;

  /* Closing (ex-window-close.c): the question about an unsaved query, and
   * what its answer decided. */
  GtkWindow            *close_dialog;      /* weak */
  ExHelpWindow         *help_window;       /* weak: the user guide (win.help) */
  guint                 close_confirmed : 1;
  guint                 close_discards : 1;
  guint                 close_after_save : 1;

  /* The query editor's live parse, completion and hover (ExCqlEditor),
   * and the Theme Tools pane (picker, pattern board, theme library). */
  ExCqlEditor          *cql_editor;
  ExThemeTools         *theme_tools;   /* made on first use, in tools_slot */
  GtkPaned             *tools_paned;   /* Theme Tools | main_paned */
  GtkWidget            *tools_slot;    /* the side pane: shown while Theme Tools are */
  GtkToggleButton      *theme_tools_button;
  guint                 status_shows_live_error : 1;
};

/* The window's signals: search-finished, export-finished. */
enum {
  SEARCH_FINISHED,
  EXPORT_FINISHED,
  N_SIGNALS
};

extern guint _ex_window_signals[N_SIGNALS];

/* ex-window-query.c: the query, its editor and the Examples menu;
 * ex-window-search.c: following the current search (both called by the
 * window's init). */

/* Makes the query, its editor and the Examples menu, and starts with the
 * first example (not an undoable edit); called by the window's init. */
void   _ex_window_setup_query         (ExWindow   *self);

/* Follows the current search (called by the window's init). */
void   _ex_window_setup_search        (ExWindow   *self);

/* Shows the current search's progress ("N games · M matches · R games/s
 * · S s") in the status line, and hides it once the search has ended. */
void   _ex_window_update_progress     (ExWindow   *self);

/* A query @text whose readfile or writefile need a folder: asks the user
 * which folder they may use (or to cancel), then reads the query with it
 * and starts the search (docs/cql6.md "The user's files"). */
void   _ex_window_ask_files_folder    (ExWindow   *self,
                                       const char *text);

/* Gives the window its Theme Tools pane, shown as the settings say
 * (theme-tools-visible), and its header button (called by the window's
 * init). */
void   _ex_window_setup_theme_tools   (ExWindow   *self);

/* ex-window.c: searches the chosen databases with @query (taken), whose
 * results mark every matching position of a game if @mark_all, else the
 * first; the databases are protected from the query's writefile.
 * Returns FALSE (and says why in the status line) without a database. */
gboolean _ex_window_start_search      (ExWindow   *self,
                                       CqQuery    *query,
                                       gboolean    mark_all);

/* ex-window.c: the status line, the database. */

/* Says @text in the status line (ExStatusbar), as an error or not. */
void   _ex_window_set_status          (ExWindow   *self,
                                       const char *text,
                                       gboolean    is_error);

/* The database's name as the user sees it: a file's or folder's name, or
 * "N files". */
char  *_ex_window_dup_database_name   (ExWindow   *self);

/* How many files the database is searched in: its files, and the files
 * of its folders and their sub-folders (cq_pgn_expand_inputs_full(),
 * recursive).  @n_folders: (out) (optional): how many folders those files
 * are in.  Returns 0 with @error (G_FILE_ERROR) if a file is missing or a
 * folder holds no database file; 0 without a database. */
guint  _ex_window_count_database_files (ExWindow  *self,
                                        guint     *n_folders,
                                        GError   **error);

/* What the status line says when a database was chosen: "Database:
 * “studies.pgn”", with a folder how many files it gave ("Database:
 * “studies”: 32 files in 4 folders"), or the error that it gives none.
 * Sets it. */
void   _ex_window_say_database        (ExWindow   *self);

/* Makes the bundled sample the database; if it is not installed, no
 * database, with an error in the status line. */
void   _ex_window_use_sample_database (ExWindow   *self);

/* ex-window-close.c: closing the window and what it keeps. */

/* The window's close request (all closes: its button, Quit): TRUE to keep
 * it open while the user is asked about an unsaved query (Save, Discard,
 * Cancel); FALSE once the state is kept in the settings (the window size,
 * the database, the query's file and text) and the window may close. */
gboolean _ex_window_close_request     (ExWindow   *self);

/* Starts with the query kept at the last close: its file, read again, or
 * else its text, in no file (nothing without settings). */
void     _ex_window_restore_query     (ExWindow   *self);

/* Save's end (ex-window-files.c), @saved TRUE if the file was written:
 * closes the window when the close question's Save asked for it. */
void     _ex_window_query_saved       (ExWindow   *self,
                                       gboolean    saved);

/* ex-window-actions.c: installs the win.* actions (called by class_init),
 * and enables or disables them as the window's state changes. */

/* Installs the window's actions and their shortcuts on its class. */
void   _ex_window_class_install_actions (GtkWidgetClass *widget_class);

/* Enables or disables the win.* actions for the window's state: Run needs
 * a database; Stop a running search; Export results, with no search
 * running or rows pending and no export running; the previous and next
 * result some result; Copy PGN, Copy FEN and the diagram a game shown. */
void   _ex_window_update_actions        (ExWindow       *self);

/* ex-window-files.c: the file choosers of the query and database menus
 * (win.open-query, win.save-query, win.save-query-as, win.choose-database,
 * win.choose-database-folder, win.sample-database). */
GtkFileFilter *_ex_window_new_filter  (const char *name,
                                       const char *pattern);
void   _ex_window_open_query_action             (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);
void   _ex_window_save_query_action             (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);
void   _ex_window_choose_database_action        (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);
void   _ex_window_choose_database_folder_action (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);
/* Adds chosen files to the database in use, searched after its own
 * (win.add-database-files). */
void   _ex_window_add_database_files_action     (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);
void   _ex_window_sample_database_action        (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);

/* ex-window-files.c: the database button's menu of recent databases
 * (win.open-recent-database, its target the database's paths, "as"). */

/* Puts the database in use first in the recent databases of the settings
 * (once: an earlier entry of the same files is removed). */
void        _ex_window_note_recent_database        (ExWindow   *self);

/**
 * _ex_window_build_database_menu:
 *
 * The database button's menu: a section of the recent databases whose
 * files all still exist and are databases by their names, each labelled with
 * its folder (win.open-recent-database with their paths), then
 * Open (win.choose-database), Open a Folder, Add Files and the sample.
 *
 * Returns: (transfer full): the menu.
 */
GMenuModel *_ex_window_build_database_menu         (ExWindow   *self);

/* Gives the database button its menu (called by the window's init). */
void        _ex_window_setup_database_menu         (ExWindow   *self);

/* Selects the database of a recent-databases entry (its paths). */
void        _ex_window_open_recent_database_action (GtkWidget  *widget,
                                                    const char *action_name,
                                                    GVariant   *parameter);

/* ex-window-games.c: the Games page.  Follows the game list's selection
 * (called by the window's init). */
void   _ex_window_setup_games         (ExWindow   *self);

/* The paths of the window's database files and folders, NULL-terminated
 * (transfer full); NULL if there are none or one is not a local file. */
char **_ex_window_get_database_paths  (ExWindow   *self);

/* The databases changed: the game list reads the new one's games and
 * shows them. */
void   _ex_window_games_set_databases (ExWindow   *self);

/* Shows the page @name of the pane under the query: "games" or "results". */
void   _ex_window_show_page           (ExWindow   *self,
                                       const char *name);

/* ex-window-index.c: the database's index.  Makes the window's ExIndexer
 * and shows its state in the status line (called by the window's init). */
void   _ex_window_setup_index         (ExWindow   *self);

/* The databases changed: the indexer follows the new one's files. */
void   _ex_window_index_set_databases (ExWindow   *self);

/* Cancels the build of the database's index (win.cancel-indexing). */
void   _ex_window_cancel_indexing_action        (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);

/* ex-window-diagram.c: the diagram dialog (win.export-diagram). */

/* Asks where to save the diagram and whether to caption it.  The chooser
 * asks before it replaces an existing file. */
void   _ex_window_export_diagram_action         (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);

/* ex-window-export.c: the Export dialog (win.export). */

/* Asks where to export, which results (all, the filtered ones, the
 * selected ones) and whether to annotate them.  The chooser asks before it
 * replaces an existing file (GTK 4 always confirms in SAVE mode). */
void   _ex_window_export_action                 (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);

/* Copies the result shown as Export writes it (its style and annotation
 * choice, ex_export_append_game()) to the clipboard
 * (win.copy-exported-pgn). */
void   _ex_window_copy_exported_action          (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);

G_END_DECLS
