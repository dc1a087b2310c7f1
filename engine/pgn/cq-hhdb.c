/* cq-hhdb.c: the facts the Heijden study database (HHdb) writes in a
 * game's tags and first comment (cq-hhdb.h gives the conventions).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pgn/cq-hhdb.h"

#include <string.h>

static gboolean
contains (const char *text, const char *part)
{
  return text != NULL && strstr (text, part) != NULL;
}

/* Reads a positive number at *s, moving past it. */
static gboolean
read_rank (const char **s, gint64 *rank)
{
  gint64 n = 0;
  const char *q = *s;

  while (g_ascii_isdigit (*q) && n <= 100000000)
    n = n * 10 + (*q++ - '0');
  if (n <= 0 || n > 100000000)
    return FALSE;
  *s = q;
  *rank = n;
  return TRUE;
}

static gboolean
read_word (const char **s, const char *word)
{
  gsize n = strlen (word);

  if (strncmp (*s, word, n) != 0)
    return FALSE;
  *s += n;
  return TRUE;
}

gboolean
cq_hhdb_read_award (const char  *event,
                    CqHhdbAward *award)
{
  const char *s = event != NULL ? event : "";
  CqHhdbAward a = { 0 };

  if (read_rank (&s, &a.first))
    {
      a.last = a.first;
      if (read_word (&s, "/") && (!read_rank (&s, &a.last) || a.last <= a.first))
        return FALSE;
    }
  a.special = read_word (&s, a.first > 0 ? ".sp" : "sp");
  if (read_word (&s, ".p"))
    a.kind = CQ_HHDB_PRIZE;
  else if (read_word (&s, ".hm"))
    a.kind = CQ_HHDB_HM;
  else if (read_word (&s, ".c"))
    a.kind = CQ_HHDB_COMMENDATION;
  else
    return FALSE;
  a.length = (gsize) (s - event);
  *award = a;
  return TRUE;
}

const char *
cq_hhdb_find_gbr (const char *black)
{
  static const char shape[] = "s0000.00f1f1";

  for (const char *s = black; s != NULL && *s != '\0'; s++)
    {
      guint i;

      for (i = 0; shape[i] != '\0'; i++)
        {
          char ch = s[i];
          gboolean ok;

          switch (shape[i])
            {
            case 's': ok = ch >= '+' && ch <= '='; break;
            case '0': ok = g_ascii_isdigit (ch); break;
            case 'f': ok = ch >= 'a' && ch <= 'h'; break;
            case '1': ok = ch >= '1' && ch <= '8'; break;
            default: ok = ch == shape[i]; break;
            }
          if (!ok)
            break;
        }
      if (shape[i] == '\0')
        return s;
    }
  return NULL;
}

const char *
cq_hhdb_first_comment (const CqGame *game)
{
  const char *s = game->root != NULL ? cq_node_get_comment_after (game, game->root) : NULL;

  return s != NULL && s[0] != '\0' ? s : NULL;
}

/* The text after the first @prefix in @s that is followed by at least one
 * character other than @stop (and, with @need_stop, then by @stop): its
 * start in *@out, its length returned (0: none).  @stop '\0': a blank or
 * the end ends the text; '0': digits make the text. */
static gsize
text_after (const char *s, const char *prefix, char stop, gboolean need_stop, const char **out)
{
  for (const char *at = s != NULL ? strstr (s, prefix) : NULL; at != NULL;
       at = strstr (at + 1, prefix))
    {
      const char *q = at + strlen (prefix), *e = q;

      if (stop == '0')
        while (g_ascii_isdigit (*e))
          e++;
      else if (stop == '\0')
        while (*e != '\0' && *e != ' ')
          e++;
      else
        while (*e != '\0' && *e != stop)
          e++;
      if (need_stop && *e != stop)
        return 0;
      if (e > q)
        {
          *out = q;
          return (gsize) (e - q);
        }
    }
  return 0;
}

gboolean
cq_hhdb_composer (const CqGame *game,
                  const char  **out,
                  gsize        *length)
{
  const char *s;
  gsize n;

  if (contains (cq_game_get_tag (game, "Black"), "MC"))
    {
      const char *fc = cq_hhdb_first_comment (game);
      const char *dot = fc != NULL ? strchr (fc, '.') : NULL;

      if (dot == NULL || dot == fc)
        return FALSE;
      *out = fc;
      *length = (gsize) (dot - fc);
      return TRUE;
    }
  s = cq_game_get_tag (game, "White");
  if (s == NULL)
    return FALSE;
  n = strlen (s);
  if (n >= 3 && strcmp (s + n - 3, " NN") == 0)
    n -= 3;
  *out = s;
  *length = n;
  return TRUE;
}

gsize
cq_hhdb_stipulation (const CqGame *game,
                     const char  **out)
{
  return text_after (cq_hhdb_first_comment (game), "stipulation: ", '.', TRUE, out);
}

gsize
cq_hhdb_diagram (const char  *event,
                 const char **out)
{
  return text_after (event, "#", '\0', FALSE, out);
}

gboolean
cq_hhdb_eg_number (const CqGame *game,
                   gint64       *number)
{
  const char *s = NULL;
  gsize n = text_after (cq_hhdb_first_comment (game), "EG#", '0', FALSE, &s);

  if (n == 0 || n > 18)
    return FALSE;
  *number = g_ascii_strtoll (s, NULL, 10);
  return TRUE;
}
