/* cq-message.h: what the user wrote, made fit to quote in a message.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest word (run of characters without a space) a message keeps,
 * and the longest message, in characters. */
#define CQ_MESSAGE_MAX_WORD 60
#define CQ_MESSAGE_MAX_TEXT 1000

/**
 * cq_message_clean:
 * @message: a message that may quote what the user wrote (a token, a tag,
 *   a FEN), in any bytes.
 *
 * Makes @message safe to print: control characters are written as
 * escapes (`\0`, `\t`, `\n`, `\r`, `\x01`), bytes that are not UTF-8 as
 * `\xNN`; a word longer than %CQ_MESSAGE_MAX_WORD characters keeps its
 * first ones, then "…" and its closing quote or bracket if it had one; a
 * message longer than %CQ_MESSAGE_MAX_TEXT characters is cut with "…".
 * So a 1 MB keyword or a 100 KB FEN costs a line, not a megabyte, and a NUL
 * or an escape sequence shows as what it is (docs/limits.md).
 *
 * Returns: (transfer full): the clean message.
 */
char *cq_message_clean (const char *message);

/* As cq_message_clean(), for the @len bytes at @text, which may hold NULs. */
char *cq_message_clean_len (const char *text, gsize len);

/**
 * cq_message_escape_controls:
 * @text: a NUL-terminated text that may hold a database's bytes (a tag, a
 *   comment) and is written to a terminal, standard output or standard
 *   error (a CQL 6 `message`).
 *
 * Shows the characters a terminal would act on as escapes, so that a tag
 * cannot set the window title or clear the screen: the C0 controls other
 * than line feed and tab (`\x1b` for ESC, `\r`), DEL (`\x7f`), the C1
 * controls U+0080 to U+009F (`\x9b`), and bytes that are not UTF-8
 * (`\xNN`).  Nothing is cut; every other character, a backslash included,
 * is kept as it is (docs/cql6.md "message").
 *
 * Returns: (transfer full): the escaped text.
 */
char *cq_message_escape_controls (const char *text);

G_END_DECLS
