/* ex-cql-provider.h: completion and hover for the query editor.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "ex-types.h"

G_BEGIN_DECLS

#define EX_TYPE_CQL_PROPOSAL (ex_cql_proposal_get_type ())
G_DECLARE_FINAL_TYPE (ExCqlProposal, ex_cql_proposal, EX, CQL_PROPOSAL, GObject)

/* Returns: (transfer full): a proposal to complete a word to @word, shown
 * with @description. */
ExCqlProposal *ex_cql_proposal_new      (const char    *word,
                                         const char    *description);

/* The word a proposal completes to. */
const char    *ex_cql_proposal_get_word (ExCqlProposal *self);

#define EX_TYPE_CQL_PROVIDER (ex_cql_provider_get_type ())
G_DECLARE_FINAL_TYPE (ExCqlProvider, ex_cql_provider, EX, CQL_PROVIDER, GObject)

/* Returns: (transfer full): a provider for @editor's view (@editor is not
 * owned: the provider does nothing once it is finalized). */
ExCqlProvider *ex_cql_provider_new      (ExCqlEditor   *editor);

G_END_DECLS
