/* ex-diagram-text.c: the lines a printed diagram carries under the board
 * (ex-diagram-text.h gives the rules).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The facts come from the tags and, for studies of the Heijden database,
 * from HHdb's conventions as the engine reads them (pgn/cq-hhdb.h); this
 * file only words them as study columns print them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "pgn/cq-hhdb.h"

#include "ex-diagram-text.h"

/* What a game asks for. */
typedef enum {
  GOAL_NONE,
  GOAL_WIN,
  GOAL_DRAW,
  GOAL_MATE,
  GOAL_TEXT   /* another stipulation, worded as the game words it */
} Goal;

char *
ex_diagram_piece_count (const CqPosition *pos)
{
  guint n[2] = { 0, 0 };

  g_return_val_if_fail (pos != NULL, NULL);

  for (int square = 0; square < 64; square++)
    {
      CqPiece piece = cq_position_piece_at (pos, square);

      if (piece != CQ_EMPTY)
        n[CQ_PIECE_COLOR (piece)]++;
    }
  return g_strdup_printf ("(%u+%u)", n[CQ_WHITE], n[CQ_BLACK]);
}

/* A tag's value unless it is missing, empty or unknown ("?"). */
static const char *
known_tag (const CqGame *game,
           const char   *name)
{
  const char *value = cq_game_get_tag (game, name);

  return value != NULL && value[0] != '\0' && strcmp (value, "?") != 0 ? value : NULL;
}

/* Reads a stipulation written as "+", "=", "#3", "win", "draw" or "mate in
 * 3" (any case); with @any_text, any other text is GOAL_TEXT, else
 * GOAL_NONE. */
static Goal
read_goal (const char *text,
           gsize       length,
           gboolean    any_text,
           guint      *moves)
{
  g_autofree char *s = g_strstrip (g_ascii_strdown (text, (gssize) length));
  const char *digits = NULL;

  if (strcmp (s, "+") == 0 || strcmp (s, "win") == 0)
    return GOAL_WIN;
  if (strcmp (s, "=") == 0 || strcmp (s, "draw") == 0)
    return GOAL_DRAW;
  if (s[0] == '#')
    digits = s + 1;
  else if (g_str_has_prefix (s, "mate in "))
    digits = s + strlen ("mate in ");
  if (digits != NULL && digits[0] != '\0' && strspn (digits, "0123456789") == strlen (digits)
      && strlen (digits) <= 4)
    {
      *moves = (guint) atoi (digits);
      if (*moves > 0)
        return GOAL_MATE;
    }
  return any_text && s[0] != '\0' ? GOAL_TEXT : GOAL_NONE;
}

/* The stipulation @game states, and its text for GOAL_TEXT in *@text. */
static Goal
game_goal (const CqGame  *game,
           guint         *moves,
           char         **text)
{
  const char *black = known_tag (game, "Black");
  const char *s = NULL, *gbr;
  gsize n;
  Goal goal;

  n = cq_hhdb_stipulation (game, &s);
  if (n == 0 && (s = known_tag (game, "Stipulation")) != NULL)
    n = strlen (s);
  if (n > 0)
    {
      goal = read_goal (s, n, TRUE, moves);
      if (goal == GOAL_TEXT)
        *text = g_strndup (s, n);
      return goal;
    }
  gbr = cq_hhdb_find_gbr (black);
  if (gbr != NULL && (gbr[0] == '+' || gbr[0] == '='))
    return gbr[0] == '+' ? GOAL_WIN : GOAL_DRAW;
  /* A Black tag that is only a stipulation ("+", "=", "#3"), as problem
   * databases write it; a player's name is never read as one. */
  return black != NULL ? read_goal (black, strlen (black), FALSE, moves) : GOAL_NONE;
}

char *
ex_diagram_stipulation (const CqGame     *game,
                        const CqPosition *pos,
                        gboolean          at_start)
{
  g_autofree char *text = NULL;
  gboolean white = pos->side_to_move == CQ_WHITE;
  gboolean white_wins;
  guint moves = 0;
  Goal goal;

  g_return_val_if_fail (game != NULL && pos != NULL, NULL);

  goal = at_start ? game_goal (game, &moves, &text) : GOAL_NONE;
  white_wins = g_strcmp0 (cq_game_get_tag (game, "Result"), "0-1") != 0;
  switch (goal)
    {
    case GOAL_WIN:
      if (white == white_wins)
        return g_strdup (white ? _("White to play and win") : _("Black to play and win"));
      return g_strdup (white ? _("White to move, Black wins") : _("Black to move, White wins"));
    case GOAL_DRAW:
      return g_strdup (white ? _("White to play and draw") : _("Black to move, White draws"));
    case GOAL_MATE:
      if (white && white_wins)
        return g_strdup_printf ("#%u", moves);
      if (white == white_wins)
        /* Translators: %u is a number of moves. */
        return g_strdup_printf (_("Black to play and mate in %u"), moves);
      return g_strdup_printf (white ? _("White to move, Black mates in %u")
                                    : _("Black to move, White mates in %u"), moves);
    case GOAL_TEXT:
      /* Translators: %s is a stipulation as the game words it, e.g.
       * "draw (50 move rule)". */
      return g_strdup_printf (white ? _("White to play: %s") : _("Black to play: %s"), text);
    case GOAL_NONE:
    default:
      return g_strdup (white ? _("White to move") : _("Black to move"));
    }
}

/* Appends @name ("Réti, Richard" or a name as it is) as "R. Réti". */
static void
append_surname_first (GString    *out,
                      const char *name)
{
  const char *comma = strchr (name, ',');
  g_autofree char *given = comma != NULL ? g_strstrip (g_strdup (comma + 1)) : NULL;

  if (given == NULL || given[0] == '\0')
    {
      g_string_append (out, name);
      return;
    }
  /* The first letter of the first given name, then the surname. */
  g_string_append_len (out, given, g_utf8_next_char (given) - given);
  g_string_append (out, ". ");
  g_string_append_len (out, name, comma - name);
}

/* Appends the composers @names (@length bytes) as "E. Kopilov & O. Pervakov":
 * HHdb's "Kopilov=E Pervakov=O" (words without '=' belong to the next
 * name, as in "Van der Heijden=H"), or "Surname, Given" names separated
 * by ';', or a name as it is. */
static void
append_composers (GString    *out,
                  const char *names,
                  gsize       length)
{
  g_autofree char *all = g_strndup (names, length);
  g_autoptr(GPtrArray) people = g_ptr_array_new_with_free_func (g_free);

  if (strchr (all, ';') != NULL || strchr (all, '=') == NULL)
    {
      g_auto(GStrv) parts = g_strsplit (all, ";", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          GString *one = g_string_new (NULL);

          g_strstrip (parts[i]);
          if (parts[i][0] != '\0')
            append_surname_first (one, parts[i]);
          if (one->len > 0)
            g_ptr_array_add (people, g_string_free (one, FALSE));
          else
            g_string_free (one, TRUE);
        }
    }
  else
    {
      g_auto(GStrv) words = g_strsplit_set (all, " \t", -1);
      g_autoptr(GString) pending = g_string_new (NULL);

      for (guint i = 0; words[i] != NULL; i++)
        {
          const char *eq = strchr (words[i], '=');

          if (words[i][0] == '\0')
            continue;
          if (pending->len > 0)
            g_string_append_c (pending, ' ');
          if (eq == NULL)
            {
              g_string_append (pending, words[i]);
              continue;
            }
          g_string_append_len (pending, words[i], eq - words[i]);
          if (eq[1] != '\0')
            g_ptr_array_add (people, g_strdup_printf ("%s%s %s", eq + 1,
                                                      g_str_has_suffix (eq, ".") ? "" : ".",
                                                      pending->str));
          else
            g_ptr_array_add (people, g_strdup (pending->str));
          g_string_truncate (pending, 0);
        }
      if (pending->len > 0)
        g_ptr_array_add (people, g_strdup (pending->str));
    }

  for (guint i = 0; i < people->len; i++)
    {
      if (i > 0)
        g_string_append (out, i + 1 == people->len ? " & " : ", ");
      g_string_append (out, g_ptr_array_index (people, i));
    }
}

/* "1st", "2nd", "3rd", "11th"... */
static char *
ordinal (gint64 n)
{
  const char *suffix = "th";

  if (n % 100 < 11 || n % 100 > 13)
    suffix = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  return g_strdup_printf ("%" G_GINT64_FORMAT "%s", n, suffix);
}

/* The award in words: "3rd prize", "1st–2nd special hon. mention". */
static char *
award_text (const CqHhdbAward *award)
{
  static const char *const kinds[] = { N_("prize"), N_("hon. mention"), N_("commendation") };
  g_autofree char *rank = NULL;
  const char *kind = _(kinds[award->kind]);

  if (award->first > 0)
    {
      g_autofree char *first = ordinal (award->first);
      g_autofree char *last = award->last > award->first ? ordinal (award->last) : NULL;

      rank = last != NULL ? g_strdup_printf ("%s–%s", first, last) : g_strdup (first);
    }
  if (award->special)
    /* Translators: an award: "1st special prize"; %s is the rank (may be
     * empty) and the kind of award. */
    return g_strstrip (g_strdup_printf (_("%s special %s"), rank != NULL ? rank : "", kind));
  return g_strstrip (g_strdup_printf ("%s %s", rank != NULL ? rank : "", kind));
}

/* Appends @part to @line, after ", " unless the line is empty. */
static void
append_part (GString    *line,
             const char *part)
{
  if (part == NULL || part[0] == '\0')
    return;
  if (line->len > 0)
    g_string_append (line, ", ");
  g_string_append (line, part);
}

char *
ex_diagram_source (const CqGame *game)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GString) who = g_string_new (NULL);
  g_autoptr(GString) where = g_string_new (NULL);
  g_autofree char *award_words = NULL;
  const char *event = known_tag (game, "Event");
  const char *date = known_tag (game, "Date");
  const char *names;
  gsize length;
  guint moves;
  g_autofree char *text = NULL;
  CqHhdbAward award;

  g_return_val_if_fail (game != NULL, NULL);

  /* A study: it states a stipulation, or it is set up from a FEN and has
   * no Black player (a position from a game keeps its players). */
  if (game_goal (game, &moves, &text) != GOAL_NONE
      || (known_tag (game, "FEN") != NULL && known_tag (game, "Black") == NULL))
    {
      if (cq_hhdb_composer (game, &names, &length) && length > 0
          && !(length == 1 && names[0] == '?'))
        append_composers (who, names, length);
    }
  else if (known_tag (game, "White") != NULL || known_tag (game, "Black") != NULL)
    {
      const char *white = known_tag (game, "White"), *black = known_tag (game, "Black");

      /* Translators: the players of a game, White – Black. */
      g_string_printf (who, _("%s – %s"), white != NULL ? white : "?",
                       black != NULL ? black : "?");
    }

  if (event != NULL)
    {
      const char *diagram;
      gsize end = strlen (event);

      if (cq_hhdb_read_award (event, &award))
        {
          award_words = award_text (&award);
          event += award.length;
          end -= award.length;
        }
      if (cq_hhdb_diagram (event, &diagram) > 0)
        end = (gsize) (diagram - 1 - event);
      g_string_append_len (where, event, (gssize) end);
      g_strstrip (where->str);
      g_string_set_size (where, strlen (where->str));
    }
  if (where->len == 0 && known_tag (game, "Site") != NULL)
    g_string_append (where, known_tag (game, "Site"));
  if (date != NULL && strlen (date) >= 4 && g_ascii_isdigit (date[0]) && g_ascii_isdigit (date[1])
      && g_ascii_isdigit (date[2]) && g_ascii_isdigit (date[3]))
    {
      if (where->len > 0)
        g_string_append_c (where, ' ');
      g_string_append_len (where, date, 4);
    }

  append_part (line, who->str);
  append_part (line, where->str);
  append_part (line, award_words);
  return line->len > 0 ? g_string_free (g_steal_pointer (&line), FALSE) : NULL;
}
