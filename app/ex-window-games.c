/* ex-window-games.c: the Games page of the main window: the database's
 * games listed before any query (ExGameList), and the game selected there
 * shown in the viewer.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pane under the query holds two pages: Games (ExGameList) and Results
 * (ExResultsView).  A database just opened shows its games; a search
 * shows its results.  The game list reads its games back with
 * cq_pgn_read_game_at_checked(), refused when the file changed since it
 * was listed, as the results list does.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-game-list.h"
#include "ex-game-view.h"
#include "ex-move-list.h"
#include "ex-utils.h"
#include "ex-window-private.h"
#include "pgn/cq-pgn-input.h"

/* The game selected in the list: shown in the viewer, without a query's
 * marks or notes (it is no search's result). */
static void
current_game_cb (ExWindow   *self,
                 GParamSpec *pspec,
                 ExGameList *list)
{
  g_autoptr(GError) error = NULL;
  ExGameRow *row = ex_game_list_get_current (list);
  ExGameView *view = EX_GAME_VIEW (self->game_view);
  CqGame *game;

  if (row == NULL)
    return;
  game = ex_game_list_read_game (list, row, &error);
  if (game == NULL)
    {
      g_autofree char *number = ex_utils_format_number (ex_game_row_get_number (row));
      g_autofree char *message = g_strdup_printf (_("Could not read game %s: %s"),
                                                  number, error->message);

      /* Not the game selected: nothing rather than the one shown before. */
      ex_game_view_set_game (view, NULL, NULL, 0);
      _ex_window_set_status (self, message, TRUE);
      _ex_window_update_actions (self);
      return;
    }
  ex_move_list_set_notes (EX_MOVE_LIST (ex_game_view_get_move_list (view)), NULL, 0);
  ex_query_notes_set (self->query_notes, NULL, 0, NULL, 0, 0);
  ex_game_view_set_game (view, game, NULL, 0);
  ex_query_notes_set_node (self->query_notes, ex_game_view_get_node (view));
  _ex_window_update_actions (self);
}

void
_ex_window_setup_games (ExWindow *self)
{
  g_signal_connect_swapped (self->game_list, "notify::current",
                            G_CALLBACK (current_game_cb), self);
}

void
_ex_window_games_set_databases (ExWindow *self)
{
  g_auto(GStrv) paths = _ex_window_get_database_paths (self);
  g_auto(GStrv) expanded = NULL;

  /* The files in search order, a folder's included (as a search lists
   * them); a list that cannot be expanded shows no games. */
  if (paths != NULL)
    expanded = cq_pgn_expand_inputs ((const char *const *) paths, NULL);
  ex_game_list_set_paths (self->game_list, (const char *const *) expanded);
  /* A database just chosen shows its games: the results shown, if any,
   * are another database's. */
  if (expanded != NULL)
    _ex_window_show_page (self, "games");
}

void
_ex_window_show_page (ExWindow   *self,
                      const char *name)
{
  gtk_stack_set_visible_child_name (self->browse_stack, name);
}
