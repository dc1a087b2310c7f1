/* ex-window-private.h: what the files of the main window share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is one GObject (ExWindow) written in several files:
 *
 *   ex-window.c          life cycle, layout, status line, database, search,
 *                        the result shown, examples, accessors, Theme Tools
 *   ex-window-actions.c  the win.* actions: their list, most callbacks, and
 *                        when they are enabled
 *   ex-window-files.c    opening and saving queries, choosing databases
 *   ex-window-export.c   writing the matched games to a PGN file (Export)
 *   ex-window-diagram.c  the position shown as an SVG or PNG diagram
 *
 * The results list and the status line are widgets of their own in the
 * window's template: ExResultsView (ex-results-view.c) and ExStatusbar
 * (ex-statusbar.c).
 *
 * This header holds the instance struct, the functions those files share
 * (named _ex_window_*), and the accessors that only the tests use
 * (tests/ui*); the rest of the application uses ex-window.h.
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "ex-cql-editor.h"
#include "ex-diagnostics.h"
#include "ex-result.h"
#include "ex-results-view-private.h"
#include "ex-search-job.h"
#include "ex-query-notes.h"
#include "ex-query-document.h"
#include "search/cq-annotate.h"
#include "ex-statusbar.h"
#include "ex-theme-tools.h"
#include "ex-window.h"

G_BEGIN_DECLS

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
  GtkBox               *viewer_box;
  GtkMenuButton        *recent_button;
  ExStatusbar          *statusbar;     /* the status line */
  ExDiagnostics        *diagnostics_view;  /* the list of damaged/skipped games */
  ExQueryNotes         *query_notes;   /* under the viewer: the query's comment, messages */

  ExQueryDocument      *document;      /* the query: text, file, name, dialect */
  GSignalGroup         *document_signals;
  GtkWidget            *game_view;

  GPtrArray            *databases;        /* GFile: the files and folders searched as one */
  ExSearchJob          *job;           /* the current search, or NULL */
  char                 *results_db_path;  /* where the results' games are re-read from */
  char                 *results_db_name;  /* the searched database, for messages */
  char                **results_db_inputs;  /* its files and folders, never written */
  gboolean              results_db_temporary;  /* the search job's games file: deleted with
                                                  the results */
  CqSearchProgress      progress;
  GError               *finish_error;  /* how the search ended, see complete_search() */
  gboolean              finish_pending; /* the search ended; rows still being delivered */
  gboolean              results_mark_all; /* the query has :markall: every matching
                                             position is marked, not the first */
  CqAnnotationStyle     results_style;  /* how `cql` would write the results (export) */
  char                 *results_mark_text; /* its mark_text, owned */

  guint                 exporting : 1;

  /* The query editor's live parse, completion and hover (ExCqlEditor),
   * and the Theme Tools window (picker, pattern board, theme library). */
  ExCqlEditor          *cql_editor;
  ExThemeTools         *theme_tools;
  guint                 status_shows_live_error : 1;
};

/* The window's signals: search-finished, export-finished. */
enum {
  SEARCH_FINISHED,
  EXPORT_FINISHED,
  N_SIGNALS
};

extern guint _ex_window_signals[N_SIGNALS];

/* ex-window.c: the status line, the database. */
void   _ex_window_set_status          (ExWindow   *self,
                                       const char *text,
                                       gboolean    is_error);
char  *_ex_window_dup_database_name   (ExWindow   *self);
void   _ex_window_use_sample_database (ExWindow   *self);

/* ex-window-actions.c: installs the win.* actions (called by class_init),
 * and enables or disables them as the window's state changes. */
void   _ex_window_class_install_actions (GtkWidgetClass *widget_class);
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
void   _ex_window_sample_database_action        (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);

/* ex-window-files.c: the database button's menu of recent databases
 * (win.open-recent-database, its target the database's paths, "as"). */
void        _ex_window_note_recent_database        (ExWindow   *self);
GMenuModel *_ex_window_build_database_menu         (ExWindow   *self);
void        _ex_window_setup_database_menu         (ExWindow   *self);
void        _ex_window_open_recent_database_action (GtkWidget  *widget,
                                                    const char *action_name,
                                                    GVariant   *parameter);

/* ex-window-diagram.c: the diagram dialog (win.export-diagram). */
void   _ex_window_export_diagram_action         (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);
gboolean       ex_window_export_diagram     (ExWindow       *self,
                                             const char     *path,
                                             gboolean        caption,
                                             GError        **error);

/* ex-window-actions.c: the user documentation win.help opens (F1):
 * docs/workbench.md where it is installed, or in the source tree when the
 * workbench runs from its build directory.  Returns: (transfer full)
 * (nullable): its file:// URI, or NULL if it is nowhere. */
char          *ex_window_dup_help_uri       (void);

/* ex-window-export.c: the Export dialog (win.export). */
void   _ex_window_export_action                 (GtkWidget  *widget,
                                                 const char *action_name,
                                                 GVariant   *parameter);

/* Accessors for the tests (and the window's own files). */

void           ex_window_set_database       (ExWindow       *self,
                                             GFile          *file);
GFile         *ex_window_get_database       (ExWindow       *self);
void           ex_window_set_query_text     (ExWindow       *self,
                                             const char     *text);
char          *ex_window_dup_query_text     (ExWindow       *self);
GtkTextBuffer *ex_window_get_query_buffer   (ExWindow       *self);
ExQueryDocument *ex_window_get_query_document (ExWindow     *self);
gboolean       ex_window_load_example       (ExWindow       *self,
                                             const char     *name);
const char *const *ex_window_list_examples  (void);

void           ex_window_stop               (ExWindow       *self);
gboolean       ex_window_is_searching       (ExWindow       *self);

/* The results list (ExResultsView; ExResultColumn is in
 * ex-results-view-private.h). */
void           ex_window_sort_results       (ExWindow       *self,
                                             ExResultColumn  column,
                                             GtkSortType     order);
gboolean       ex_window_is_sorting         (ExWindow       *self);
void           ex_window_set_filter_text    (ExWindow       *self,
                                             const char     *text);
void           ex_window_add_to_selection   (ExWindow       *self,
                                             guint           position);
GtkWidget     *ex_window_get_game_view      (ExWindow       *self);
char          *ex_window_dup_game_pgn       (ExWindow       *self);
char          *ex_window_dup_position_fen   (ExWindow       *self);

const char    *ex_window_get_status_text    (ExWindow       *self);
gboolean       ex_window_get_status_is_error (ExWindow      *self);
gboolean       ex_window_get_error_location (ExWindow       *self,
                                             guint          *line,
                                             guint          *column);

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

gboolean       ex_window_export_full        (ExWindow       *self,
                                             const char     *path,
                                             ExExportScope   scope,
                                             const char     *mark_text,
                                             GError        **error);
gboolean       ex_window_export_to_path     (ExWindow       *self,
                                             const char     *path,
                                             GError        **error);
gboolean       ex_window_is_exporting       (ExWindow       *self);

/* The editor controller, its view, the dialect label over it and the
 * Theme Tools window. */
ExCqlEditor   *ex_window_get_cql_editor     (ExWindow       *self);
GtkSourceView *ex_window_get_editor_view    (ExWindow       *self);
GtkLabel      *ex_window_get_dialect_label  (ExWindow       *self);
ExThemeTools  *ex_window_get_theme_tools    (ExWindow       *self);

G_END_DECLS
