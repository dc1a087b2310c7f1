/* ex-viewer-private.h: internals shared by the files of app/viewer.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Resource path of the piece images (one "<color><letter>.svg" per piece,
 * e.g. "wK.svg"); see pieces/cburnett/ATTRIBUTION.md. */
#define EX_VIEWER_PIECES_PATH "/org/excelsior/Workbench/pieces/cburnett/"

/* Registers the viewer's GResource (piece images, .ui template) once per
 * process.  The resource is compiled with --manual-register because a static
 * library's constructor would not be linked in. */
void _ex_viewer_ensure_resources (void);

G_END_DECLS
