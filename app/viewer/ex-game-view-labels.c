/* ex-game-view-labels.c: the labels of the game viewer.
 *
 * The tag header over the board (a game's players, a study's composer and
 * stipulation, the event, date and result), the position label under it
 * ("12... Nf6"), the text of a position search's match ("Mirrored, 2
 * pieces differ") and the caption of a diagram of the position shown.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-game-view-private.h"
#include "ex-diagram-text.h"

/* The value of tag @name, or NULL if it is absent or unknown ("?", "????"). */
static const char *
known_tag (const CqGame *game,
           const char   *name)
{
  const char *value = cq_game_get_tag (game, name);

  if (value == NULL || value[strspn (value, "?-. ")] == '\0')
    return NULL;

  return value;
}

/* "1933.??.??" -> "1933", "2015.06.??" -> "2015.06". */
static char *
clean_date (const char *date)
{
  char *copy = g_strdup (date);
  char *unknown = strstr (copy, ".?");

  if (unknown != NULL)
    *unknown = '\0';

  return copy;
}

/* A game with a set-up position is taken for a composed study or problem:
 * then the White tag holds the composer and the Black tag the stipulation
 * (as in HHdb and yacpdb exports). */
static gboolean
game_is_study (const CqGame *game)
{
  const char *setup = cq_game_get_tag (game, "SetUp");

  return cq_game_get_tag (game, "FEN") != NULL || g_strcmp0 (setup, "1") == 0;
}

static void
append_detail (GString    *details,
               const char *text)
{
  if (text == NULL || *text == '\0')
    return;

  if (details->len > 0)
    g_string_append (details, "  ·  ");
  g_string_append (details, text);
}

void
_ex_game_view_update_header (ExGameView *self)
{
  g_autoptr(GString) details = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *date = NULL;
  const CqGame *game = self->game;
  const char *event, *white, *black, *result;

  if (game == NULL)
    {
      gtk_label_set_text (self->title_label, _("No game"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), NULL);
      gtk_label_set_text (self->details_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->details_label), FALSE);
      return;
    }

  event = known_tag (game, "Event");
  white = known_tag (game, "White");
  black = known_tag (game, "Black");
  result = known_tag (game, "Result");
  if (known_tag (game, "Date") != NULL)
    date = clean_date (known_tag (game, "Date"));

  if (game_is_study (game))
    {
      title = g_strdup (white != NULL ? white : event != NULL ? event : _("Untitled study"));
      /* The stipulation in words, read as a saved diagram reads it: HHdb's
       * Black tag is a GBR code, "(=0001.33b7d6)", not words a composer
       * reads ("White to play and draw"). */
      if (game->root != NULL)
        {
          g_autofree char *text = ex_diagram_stipulation (game, &game->root->position, TRUE);

          append_detail (details, text);
        }
    }
  else if (white != NULL || black != NULL)
    /* Translators: the players of a game, White – Black. */
    title = g_strdup_printf (_("%s – %s"), white != NULL ? white : "?",
                             black != NULL ? black : "?");
  else
    title = g_strdup (event != NULL ? event : _("Untitled game"));

  if (event != NULL && g_strcmp0 (event, title) != 0)
    append_detail (details, event);
  append_detail (details, date);
  if (result != NULL && strcmp (result, "*") != 0)
    append_detail (details, result);

  gtk_label_set_text (self->title_label, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), title);
  gtk_label_set_text (self->details_label, details->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_label),
                               details->len > 0 ? details->str : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->details_label), details->len > 0);
}

char *
_ex_game_view_describe_node (const CqNode *node)
{
  const CqPosition *before;
  char san[CQ_SAN_MAX + 1];

  if (node->parent == NULL)
    return g_strdup (_("Start position"));

  before = &node->parent->position;
  if (cq_san_format (before, &node->move, san) == 0)
    g_strlcpy (san, node->san != NULL ? node->san : "?", sizeof san);

  return g_strdup_printf (before->side_to_move == CQ_WHITE ? "%u. %s" : "%u... %s",
                          (guint) before->fullmove_number, san);
}

const char *
ex_game_view_describe_match (const CqMatchedPosition *match,
                             char                    *buf,
                             gsize                    size)
{
  const char *kind;

  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (buf != NULL && size > 0, NULL);

  /* The position as set up, no piece different, is the exact one; with
   * pieces different only their number is said ("Exact, 1 piece differs"
   * would say both). */
  switch (match->kind)
    {
    case CQ_MATCH_KIND_EXACT:
      if (match->n_differ > 0)
        {
          g_snprintf (buf, size, ngettext ("%u piece differs", "%u pieces differ",
                                           match->n_differ), (guint) match->n_differ);
          return buf;
        }
      kind = _("Exact position");
      break;
    case CQ_MATCH_KIND_MIRRORED:
      kind = _("Mirrored");
      break;
    case CQ_MATCH_KIND_COLORS_REVERSED:
      kind = _("Colours reversed");
      break;
    case CQ_MATCH_KIND_MIRRORED_COLORS_REVERSED:
      kind = _("Mirrored, colours reversed");
      break;
    default:
      return NULL;
    }
  if (match->n_differ == 0)
    g_strlcpy (buf, kind, size);
  else
    /* Translators: "Mirrored, 2 pieces differ": how a position search
     * found a position close to an image of the one set up. */
    g_snprintf (buf, size, ngettext ("%s, %u piece differs", "%s, %u pieces differ",
                                     match->n_differ), kind, (guint) match->n_differ);
  return buf;
}

char *
ex_game_view_dup_caption (ExGameView *self)
{
  const char *title, *details;

  g_return_val_if_fail (EX_IS_GAME_VIEW (self), NULL);

  if (self->game == NULL)
    return NULL;
  title = gtk_label_get_text (self->title_label);
  details = gtk_label_get_text (self->details_label);
  return *details != '\0' ? g_strconcat (title, "\n", details, NULL) : g_strdup (title);
}
