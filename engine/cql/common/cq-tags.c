/* cq-tags.c: the game's tags as both dialects read them (rulings R3):
 * ratings, the year of the Date tag, the result, player names, and the
 * dates as CQL 6 gives them.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/common/cq-common-private.h"

#include <string.h>

gboolean
_cq_tag_parse_elo (const char *text, gint64 *out)
{
  gint64 value = 0;
  gboolean digits = FALSE;

  if (text == NULL)
    return FALSE;
  while (*text == ' ')
    text++;
  for (; g_ascii_isdigit (*text); text++)
    {
      digits = TRUE;
      if (value < 100000000)
        value = value * 10 + (*text - '0');
    }
  while (*text == ' ')
    text++;
  if (!digits || *text != '\0')
    return FALSE;
  *out = value;
  return TRUE;
}

guint8
_cq_tag_parse_result (const char *text)
{
  if (text == NULL)
    return CQ_RESULT_NONE;
  if (strcmp (text, "1-0") == 0)
    return CQ_RESULT_WHITE_WINS;
  if (strcmp (text, "0-1") == 0)
    return CQ_RESULT_BLACK_WINS;
  if (strcmp (text, "1/2-1/2") == 0)
    return CQ_RESULT_DRAW;
  return CQ_RESULT_NONE;
}

gboolean
_cq_tag_parse_year (const char *date, gint64 *year)
{
  gint64 value = 0;
  const char *p = date;

  if (date == NULL)
    return FALSE;
  while (*p == ' ')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    if (value < 100000000)
      value = value * 10 + (*p - '0');
  if (*p != '\0' && *p != '.' && *p != ' ')
    return FALSE;
  *year = value;
  return TRUE;
}

/* One field of a date: the number at @p as strtoul (base 10) reads it,
 * cut to 32 bits as Scid keeps it; then @p moves past the next '.' (or to
 * the end). */
static guint32
date_field (const char **p)
{
  guint32 value = (guint32) g_ascii_strtoull (*p, NULL, 10);

  while (**p != '\0' && **p != '.')
    (*p)++;
  if (**p == '.')
    (*p)++;
  return value;
}

void
_cq_tag_normalise_date (const char *text, char out[11], guint *year)
{
  const char *p = text != NULL ? text : "";
  guint32 y, m = 0, d = 0;

  y = date_field (&p);
  if (y > 2047)
    y = 0;
  m = date_field (&p);
  if (m > 12)
    m = 0;
  else
    {
      d = date_field (&p);
      if (d > 31)
        d = 0;
    }
  if (y == 0)
    memcpy (out, "????", 4);
  else
    g_snprintf (out, 5, "%04u", y);
  out[4] = '.';
  if (m == 0)
    out[5] = out[6] = '?';
  else
    out[5] = '0' + m / 10, out[6] = '0' + m % 10;
  out[7] = '.';
  if (d == 0)
    out[8] = out[9] = '?';
  else
    out[8] = '0' + d / 10, out[9] = '0' + d % 10;
  out[10] = '\0';
  if (year != NULL)
    *year = y;
}

static gboolean
is_ascii (const char *text)
{
  for (; *text != '\0'; text++)
    if ((guchar) *text >= 0x80)
      return FALSE;
  return TRUE;
}

gboolean
_cq_tag_name_contains (const char *name, const char *needle)
{
  g_autofree char *valid = NULL;
  g_autofree char *folded = NULL;

  if (name == NULL)
    return FALSE;
  if (is_ascii (name) && is_ascii (needle))
    {
      gsize n = strlen (needle);

      for (const char *p = name; *p != '\0'; p++)
        if (g_ascii_strncasecmp (p, needle, n) == 0)
          return TRUE;
      return n == 0;
    }
  if (!g_utf8_validate (name, -1, NULL))
    name = valid = g_utf8_make_valid (name, -1);
  folded = g_utf8_casefold (name, -1);
  return strstr (folded, needle) != NULL;
}
