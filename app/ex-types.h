/* ex-types.h: forward declarations of the workbench's classes (app/ and
 * the board viewer's, app/viewer).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A header that only passes a class around includes this instead of the
 * class's own header (which G_DECLARE_FINAL_TYPE makes heavier), so that
 * headers do not include each other in circles.  C11 allows the same
 * typedef twice, so the class headers may repeat them.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ExApplication  ExApplication;
typedef struct _ExBoard        ExBoard;
typedef struct _ExCqlEditor    ExCqlEditor;
typedef struct _ExDiagnostics  ExDiagnostics;
typedef struct _ExGameView     ExGameView;
typedef struct _ExHelpWindow   ExHelpWindow;
typedef struct _ExMoveList     ExMoveList;
typedef struct _ExPatternBoard ExPatternBoard;
typedef struct _ExPicker       ExPicker;
typedef struct _ExPiecePalette ExPiecePalette;
typedef struct _ExPreferences  ExPreferences;
typedef struct _ExQueryDocument ExQueryDocument;
typedef struct _ExResult       ExResult;
typedef struct _ExResultsView  ExResultsView;
typedef struct _ExSearch       ExSearch;
typedef struct _ExSetupBoard   ExSetupBoard;
typedef struct _ExSquareInput  ExSquareInput;
typedef struct _ExStatusbar    ExStatusbar;
typedef struct _ExThemeLibrary ExThemeLibrary;
typedef struct _ExThemeTools   ExThemeTools;
typedef struct _ExWindow       ExWindow;

G_END_DECLS
