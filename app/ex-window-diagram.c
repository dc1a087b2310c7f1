/* ex-window-diagram.c: the window's diagram export of the position shown.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.export-diagram asks for a file (its name ending in .png gives a PNG
 * image, any other an SVG document) and which lines to put under the
 * board (the piece count, the stipulation, the source: the choices are
 * kept in the settings), then writes the board shown (orientation and the
 * comment's arrows included) with ex_diagram_write(): to a temporary file
 * renamed into place, like Export.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-diagram.h"
#include "ex-diagram-text.h"
#include "ex-utils.h"
#include "ex-game-view.h"
#include "ex-window-private.h"

/* The dialog's choices: its id, the setting that keeps it, its line. */
static const struct {
  const char    *id;
  const char    *key;
  ExDiagramLines line;
} line_choices[] = {
  { "piece-count", "diagram-piece-count", EX_DIAGRAM_PIECE_COUNT },
  { "stipulation", "diagram-stipulation", EX_DIAGRAM_STIPULATION },
  { "source", "diagram-source", EX_DIAGRAM_SOURCE },
};

gboolean
ex_window_export_diagram (ExWindow    *self,
                          const char  *path,
                          guint        lines,
                          GError     **error)
{
  ExGameView *view;
  ExBoard *board;
  CqGame *game;
  const CqPosition *position;
  g_autofree char *piece_count = NULL;
  g_autofree char *stipulation = NULL;
  g_autofree char *source = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  ExDiagram diagram = { 0 };

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  view = EX_GAME_VIEW (self->game_view);
  board = ex_game_view_get_board (view);
  game = ex_game_view_get_game (view);
  position = ex_board_get_position (board);
  if (game == NULL || position == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("Select a result first: no position is shown"));
      return FALSE;
    }

  if (lines & EX_DIAGRAM_PIECE_COUNT)
    piece_count = ex_diagram_piece_count (position);
  if (lines & EX_DIAGRAM_STIPULATION)
    stipulation = ex_diagram_stipulation (game, position, ex_game_view_get_node (view) == 0);
  if (lines & EX_DIAGRAM_SOURCE)
    source = ex_diagram_source (game);
  diagram.position = position;
  diagram.flipped = ex_board_get_flipped (board);
  diagram.shapes = ex_board_get_shapes (board);
  diagram.piece_count = piece_count;
  diagram.stipulation = stipulation;
  diagram.source = source;
  if (!ex_diagram_write (&diagram, path, ex_diagram_format_for_path (path), error))
    return FALSE;

  name = g_filename_display_basename (path);
  message = g_strdup_printf (_("Saved the diagram to “%s”"), name);
  _ex_window_set_status (self, message, FALSE);
  return TRUE;
}

static void
diagram_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
      g_autoptr(GFile) file = gtk_file_chooser_get_file (chooser);
      guint lines = ex_window_diagram_chooser_lines (chooser);
      g_autoptr(GError) error = NULL;

      if (file == NULL || g_file_peek_path (file) == NULL)
        _ex_window_set_status (self, _("Only local files can be written"), TRUE);
      else if (!ex_window_export_diagram (self, g_file_peek_path (file), lines, &error))
        {
          g_autofree char *message = g_strdup_printf (_("Could not save the diagram: %s"),
                                                      error->message);

          _ex_window_set_status (self, message, TRUE);
        }
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

guint
ex_window_diagram_chooser_lines (GtkFileChooser *chooser)
{
  GSettings *settings = ex_utils_get_settings ();
  guint lines = 0;

  for (guint i = 0; i < G_N_ELEMENTS (line_choices); i++)
    {
      gboolean on = g_strcmp0 (gtk_file_chooser_get_choice (chooser, line_choices[i].id),
                               "false") != 0;

      if (on)
        lines |= line_choices[i].line;
      if (settings != NULL)
        g_settings_set_boolean (settings, line_choices[i].key, on);
    }
  return lines;
}

GtkFileChooserNative *
ex_window_new_diagram_chooser (ExWindow *self)
{
  GtkFileChooserNative *dialog;
  GtkFileChooser *chooser;

  dialog = gtk_file_chooser_native_new (_("Save the Position as a Diagram"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  chooser = GTK_FILE_CHOOSER (dialog);
  gtk_file_chooser_add_filter (chooser, _ex_window_new_filter (_("SVG Images"),
                                                               "*.[sS][vV][gG]"));
  gtk_file_chooser_add_filter (chooser, _ex_window_new_filter (_("PNG Images"),
                                                               "*.[pP][nN][gG]"));
  /* Translators: the file name offered for a diagram; keep the .svg. */
  gtk_file_chooser_set_current_name (chooser, _("diagram.svg"));
  gtk_file_chooser_add_choice (chooser, "piece-count", _("Piece count"), NULL, NULL);
  gtk_file_chooser_add_choice (chooser, "stipulation", _("Stipulation or side to move"),
                               NULL, NULL);
  gtk_file_chooser_add_choice (chooser, "source", _("Source (composers or players, event, "
                                                    "year)"), NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (line_choices); i++)
    gtk_file_chooser_set_choice (chooser, line_choices[i].id,
                                 ex_utils_settings_get_boolean (line_choices[i].key, TRUE)
                                 ? "true" : "false");
  return dialog;
}

void
_ex_window_export_diagram_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog = ex_window_new_diagram_chooser (self);

  g_signal_connect (dialog, "response", G_CALLBACK (diagram_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
