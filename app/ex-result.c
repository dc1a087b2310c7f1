/* ex-result.c: one matched game in the workbench's results list.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An ExResult is the workbench's copy of a #CqMatch: where the game lies in
 * the database (number, byte offset and length; the file of the database
 * it came from and the digest of its text, by which ExGameFile tells
 * whether the file still holds it), the seven-tag roster
 * values, the matched positions (rulings R2) and, for a CQL 6 query, the
 * game's sort values and their labels, the comments the query wrote in it
 * (#CqPositionComment: the viewer shows them, the export writes them) and
 * its `message` lines.  These are copied: a query writes few of them in a
 * game, and none for most queries; of the messages, which a query may
 * print at every position, the first EX_RESULT_MAX_MESSAGES are kept and
 * the others counted, so that a large result set stays small.  The game itself is not
 * kept: it is re-read by offset when shown or exported (design.md, "Memory
 * stays flat").  Immutable once created, so it may be created on the
 * search thread and read from any thread afterwards.
 */
#include "config.h"

#include "ex-result.h"

struct _ExResult
{
  GObject            parent_instance;

  CqGameSource       source;
  guint              input_index;
  guint64            digest;
  char              *event;
  char              *site;
  char              *date;
  char              *round;
  char              *white;
  char              *black;
  char              *result;
  CqMatchedPosition *positions;
  guint              n_positions;
  CqSortValue       *sort_values;
  guint              n_sort_values;
  char              *sort_labels;
  CqPositionComment *comments;
  guint              n_comments;
  CqMessage         *messages;
  guint              n_messages;
  guint              n_messages_dropped;
};

G_DEFINE_FINAL_TYPE (ExResult, ex_result, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NUMBER,
  PROP_WHITE,
  PROP_BLACK,
  PROP_EVENT,
  PROP_SITE,
  PROP_DATE,
  PROP_ROUND,
  PROP_RESULT,
  PROP_N_POSITIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ex_result_finalize (GObject *object)
{
  ExResult *self = (ExResult *)object;

  g_free (self->event);
  g_free (self->site);
  g_free (self->date);
  g_free (self->round);
  g_free (self->white);
  g_free (self->black);
  g_free (self->result);
  g_free (self->positions);
  for (guint i = 0; i < self->n_sort_values; i++)
    g_free (self->sort_values[i].string);
  g_free (self->sort_values);
  g_free (self->sort_labels);
  for (guint i = 0; i < self->n_comments; i++)
    g_free (self->comments[i].text);
  g_free (self->comments);
  for (guint i = 0; i < self->n_messages; i++)
    {
      g_free (self->messages[i].where);
      g_free (self->messages[i].text);
    }
  g_free (self->messages);

  G_OBJECT_CLASS (ex_result_parent_class)->finalize (object);
}

static void
ex_result_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  ExResult *self = EX_RESULT (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      g_value_set_uint64 (value, self->source.number);
      break;

    case PROP_WHITE:
      g_value_set_string (value, self->white);
      break;

    case PROP_BLACK:
      g_value_set_string (value, self->black);
      break;

    case PROP_EVENT:
      g_value_set_string (value, self->event);
      break;

    case PROP_SITE:
      g_value_set_string (value, self->site);
      break;

    case PROP_DATE:
      g_value_set_string (value, self->date);
      break;

    case PROP_ROUND:
      g_value_set_string (value, self->round);
      break;

    case PROP_RESULT:
      g_value_set_string (value, self->result);
      break;

    case PROP_N_POSITIONS:
      g_value_set_uint (value, self->n_positions);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_result_class_init (ExResultClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ex_result_finalize;
  object_class->get_property = ex_result_get_property;

  properties[PROP_NUMBER] =
    g_param_spec_uint64 ("number", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WHITE] =
    g_param_spec_string ("white", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_BLACK] =
    g_param_spec_string ("black", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EVENT] =
    g_param_spec_string ("event", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SITE] =
    g_param_spec_string ("site", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DATE] =
    g_param_spec_string ("date", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND] =
    g_param_spec_string ("round", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RESULT] =
    g_param_spec_string ("result", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_POSITIONS] =
    g_param_spec_uint ("n-positions", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ex_result_init (ExResult *self)
{
}

ExResult *
ex_result_new_from_match (const CqMatch      *match,
                          const CqGameSource *kept)
{
  ExResult *self;

  g_return_val_if_fail (match != NULL, NULL);

  self = g_object_new (EX_TYPE_RESULT, NULL);
  self->source = kept != NULL ? *kept : match->source;
  self->input_index = match->source.file_index;
  /* Only a matched game's text is digested, from the bytes the search
   * holds already: the search pays nothing for the games that do not
   * match. */
  self->digest = cq_pgn_game_digest (match->text, match->text_len);
  self->event = g_strdup (match->event);
  self->site = g_strdup (match->site);
  self->date = g_strdup (match->date);
  self->round = g_strdup (match->round);
  self->white = g_strdup (match->white);
  self->black = g_strdup (match->black);
  self->result = g_strdup (match->result);
  self->n_positions = match->n_positions;
  if (match->n_positions > 0)
    self->positions = g_memdup2 (match->positions,
                                 sizeof (CqMatchedPosition) * match->n_positions);
  self->n_sort_values = match->n_sort_values;
  if (match->n_sort_values > 0)
    {
      self->sort_values = g_memdup2 (match->sort_values,
                                     sizeof (CqSortValue) * match->n_sort_values);
      for (guint i = 0; i < match->n_sort_values; i++)
        self->sort_values[i].string = g_strdup (match->sort_values[i].string);
    }
  self->sort_labels = g_strdup (match->sort_labels);
  self->n_comments = match->n_comments;
  if (match->n_comments > 0)
    {
      self->comments = g_memdup2 (match->comments,
                                  sizeof (CqPositionComment) * match->n_comments);
      for (guint i = 0; i < match->n_comments; i++)
        self->comments[i].text = g_strdup (match->comments[i].text);
    }
  self->n_messages = MIN (match->n_messages, EX_RESULT_MAX_MESSAGES);
  self->n_messages_dropped = match->n_messages - self->n_messages;
  if (self->n_messages > 0)
    {
      self->messages = g_memdup2 (match->messages, sizeof (CqMessage) * self->n_messages);
      for (guint i = 0; i < self->n_messages; i++)
        {
          self->messages[i].where = g_strdup (match->messages[i].where);
          self->messages[i].text = g_strdup (match->messages[i].text);
        }
    }

  return self;
}

guint64
ex_result_get_number (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), 0);
  return self->source.number;
}

const CqGameSource *
ex_result_get_source (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return &self->source;
}

guint
ex_result_get_input_index (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), 0);
  return self->input_index;
}

guint64
ex_result_get_digest (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), 0);
  return self->digest;
}

const char *
ex_result_get_white (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->white;
}

const char *
ex_result_get_black (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->black;
}

const char *
ex_result_get_event (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->event;
}

const char *
ex_result_get_site (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->site;
}

const char *
ex_result_get_date (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->date;
}

const char *
ex_result_get_round (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->round;
}

const char *
ex_result_get_result (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->result;
}

const CqMatchedPosition *
ex_result_get_positions (ExResult *self,
                         guint    *n_positions)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  g_return_val_if_fail (n_positions != NULL, NULL);

  *n_positions = self->n_positions;
  return self->positions;
}

const CqSortValue *
ex_result_get_sort_values (ExResult *self,
                           guint    *n_values)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  g_return_val_if_fail (n_values != NULL, NULL);

  *n_values = self->n_sort_values;
  return self->sort_values;
}

const char *
ex_result_get_sort_labels (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  return self->sort_labels;
}

const CqPositionComment *
ex_result_get_comments (ExResult *self,
                        guint    *n_comments)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  g_return_val_if_fail (n_comments != NULL, NULL);

  *n_comments = self->n_comments;
  return self->comments;
}

const CqMessage *
ex_result_get_messages (ExResult *self,
                        guint    *n_messages)
{
  g_return_val_if_fail (EX_IS_RESULT (self), NULL);
  g_return_val_if_fail (n_messages != NULL, NULL);

  *n_messages = self->n_messages;
  return self->messages;
}

guint
ex_result_get_n_messages_dropped (ExResult *self)
{
  g_return_val_if_fail (EX_IS_RESULT (self), 0);
  return self->n_messages_dropped;
}
