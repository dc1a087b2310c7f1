/* test-pgn-module.c: a library opened at run time (_cq_module_load()),
 * with libz, which every build of the engine links, as the library.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <zlib.h>

#include "pgn/cq-module.h"

typedef struct {
  const char *(*version) (void);
  uLong       (*crc32) (uLong crc, const Bytef *buf, uInt len);
} ZlibApi;

#define SYMBOL(field, name) { name, G_STRUCT_OFFSET (ZlibApi, field) }

/* Every symbol found: the table holds the library's functions, and a second
 * call answers the same table without loading anything again. */
static void
test_loaded (void)
{
  static const CqModuleSymbol symbols[] = {
    SYMBOL (version, "zlibVersion"), SYMBOL (crc32, "crc32"), { NULL, 0 }
  };
  static ZlibApi api;
  static CqModule module = {
    "libz.so.1", "zlib1g", "for this test", symbols, &api, G_ONCE_INIT, NULL
  };
  g_autoptr(GError) error = NULL;
  const ZlibApi *z = _cq_module_load (&module, &error);

  g_assert_no_error (error);
  g_assert_true (z == &api);
  g_assert_cmpstr (z->version (), ==, zlibVersion ());
  g_assert_cmpuint (z->crc32 (0, (const Bytef *) "123456789", 9), ==, 0xCBF43926u);
  g_assert_true (_cq_module_load (&module, NULL) == &api);
}

/* A symbol the library lacks: no table, and the error names the symbol,
 * the library and what it was needed for; the same error every call. */
static void
test_missing_symbol (void)
{
  static const CqModuleSymbol symbols[] = {
    SYMBOL (version, "zlibVersion"), SYMBOL (crc32, "crc32_of_nothing"), { NULL, 0 }
  };
  static ZlibApi api;
  static CqModule module = {
    "libz.so.1", "zlib1g", "for this test", symbols, &api, G_ONCE_INIT, NULL
  };

  for (int i = 0; i < 2; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (_cq_module_load (&module, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
      g_assert_nonnull (strstr (error->message, "libz.so.1 has no crc32_of_nothing, "
                                                "needed for this test"));
    }
}

/* A library that is not there: the error names it and its package. */
static void
test_missing_library (void)
{
  static const CqModuleSymbol symbols[] = { SYMBOL (version, "zlibVersion"), { NULL, 0 } };
  static ZlibApi api;
  static CqModule module = {
    "libexcelsior-absent.so.7", "libexcelsior-absent7", "for this test", symbols, &api,
    G_ONCE_INIT, NULL
  };
  g_autoptr(GError) error = NULL;

  g_assert_null (_cq_module_load (&module, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_true (g_str_has_prefix (error->message, "cannot load libexcelsior-absent.so.7, "
                                   "needed for this test (Debian package "
                                   "libexcelsior-absent7): "));
  g_assert_null (api.version);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pgn/module/loaded", test_loaded);
  g_test_add_func ("/pgn/module/missing-symbol", test_missing_symbol);
  g_test_add_func ("/pgn/module/missing-library", test_missing_library);
  return g_test_run ();
}
