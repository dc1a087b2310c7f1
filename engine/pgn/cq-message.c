/* cq-message.c: what the user wrote, made fit to quote in a message.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-message.h"

/* Appends character @c (a code point, or -1 - byte for a byte that is not
 * UTF-8) as it should be shown. */
static void
append_shown (GString *out, gint64 c)
{
  if (c < 0)
    g_string_append_printf (out, "\\x%02x", (guint) (-1 - c));
  else if (c == 0)
    g_string_append (out, "\\0");
  else if (c == '\t')
    g_string_append (out, "\\t");
  else if (c == '\n')
    g_string_append (out, "\\n");
  else if (c == '\r')
    g_string_append (out, "\\r");
  else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
    g_string_append_printf (out, "\\x%02x", (guint) c);
  else
    g_string_append_unichar (out, (gunichar) c);
}

/* Quotes, brackets and punctuation that end a word. */
static gboolean
is_closing (gint64 c)
{
  return c > 0 && c < 128 && strchr ("'\"`)]};,.:?!", (int) c) != NULL;
}

/* Ends a word that was cut: "…", then the closing characters it ended
 * with (at most the last 3), so that quotes stay paired. */
static void
end_cut_word (GString *out, const gint64 tail[3])
{
  int k = 3;

  while (k > 0 && is_closing (tail[k - 1]))
    k--;
  g_string_append (out, "…");
  for (; k < 3; k++)
    append_shown (out, tail[k]);
}

char *
cq_message_clean (const char *message)
{
  return cq_message_clean_len (message, strlen (message));
}

char *
cq_message_clean_len (const char *text, gsize len)
{
  GString *out = g_string_new (NULL);
  const char *p = text, *end = text + len;
  guint word = 0;       /* characters of the current word kept */
  gboolean cut = FALSE; /* the current word was cut */
  gint64 tail[3] = { 0 }; /* the last characters of the current word */
  guint shown = 0;

  while (p < end)
    {
      gunichar u = *p ? g_utf8_get_char_validated (p, end - p) : 0;
      gint64 c;

      if (u == (gunichar) -1 || u == (gunichar) -2)
        {
          c = -1 - (gint64) (guchar) *p;
          p++;
        }
      else
        {
          c = u;
          p = g_utf8_next_char (p);
        }

      if (c == ' ')
        {
          if (cut)
            end_cut_word (out, tail);
          word = 0;
          cut = FALSE;
          tail[0] = tail[1] = tail[2] = 0;
        }
      else if (++word > CQ_MESSAGE_MAX_WORD)
        {
          cut = TRUE;
          tail[0] = tail[1];
          tail[1] = tail[2];
          tail[2] = c;
          continue;
        }
      if (++shown > CQ_MESSAGE_MAX_TEXT)
        {
          g_string_append (out, "…");
          return g_string_free (out, FALSE);
        }
      append_shown (out, c);
    }
  if (cut)
    end_cut_word (out, tail);
  return g_string_free (out, FALSE);
}

char *
cq_message_escape_controls (const char *text)
{
  GString *out = g_string_sized_new (strlen (text) + 16);
  const char *p = text, *end = text + strlen (text);

  while (p < end)
    {
      gunichar u = g_utf8_get_char_validated (p, end - p);

      if (u == (gunichar) -1 || u == (gunichar) -2)
        {
          append_shown (out, -1 - (gint64) (guchar) *p);
          p++;
          continue;
        }
      if (u == '\n' || u == '\t')
        g_string_append_unichar (out, u);
      else
        append_shown (out, u);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}
