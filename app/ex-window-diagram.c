/* ex-window-diagram.c: the window's diagram export of the position shown.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.export-diagram asks for a file (its name ending in .png gives a PNG
 * image, any other an SVG document) and whether to put a caption from the
 * game's tags under the board, then writes the board shown (orientation
 * and the comment's arrows included) with ex_diagram_write(): to a
 * temporary file renamed into place, like Export.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-diagram.h"
#include "ex-game-view.h"
#include "ex-window-private.h"

gboolean
ex_window_export_diagram (ExWindow    *self,
                          const char  *path,
                          gboolean     caption,
                          GError     **error)
{
  ExGameView *view;
  ExBoard *board;
  g_autofree char *caption_text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  ExDiagram diagram = { 0 };

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  view = EX_GAME_VIEW (self->game_view);
  board = ex_game_view_get_board (view);
  if (ex_game_view_get_game (view) == NULL || ex_board_get_position (board) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("Select a result first: no position is shown"));
      return FALSE;
    }

  if (caption)
    caption_text = ex_game_view_dup_caption (view);
  diagram.position = ex_board_get_position (board);
  diagram.flipped = ex_board_get_flipped (board);
  diagram.shapes = ex_board_get_shapes (board);
  diagram.caption = caption_text;
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
      gboolean caption = g_strcmp0 (gtk_file_chooser_get_choice (chooser, "caption"),
                                    "false") != 0;
      g_autoptr(GError) error = NULL;

      if (file == NULL || g_file_peek_path (file) == NULL)
        _ex_window_set_status (self, _("Only local files can be written"), TRUE);
      else if (!ex_window_export_diagram (self, g_file_peek_path (file), caption, &error))
        {
          g_autofree char *message = g_strdup_printf (_("Could not save the diagram: %s"),
                                                      error->message);

          _ex_window_set_status (self, message, TRUE);
        }
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_ex_window_export_diagram_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
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
  gtk_file_chooser_add_choice (chooser, "caption",
                               _("Caption from the game’s tags (players or composer, "
                                 "event, date)"), NULL, NULL);
  gtk_file_chooser_set_choice (chooser, "caption", "true");
  g_signal_connect (dialog, "response", G_CALLBACK (diagram_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
