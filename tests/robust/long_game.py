# PGN text of very long games for the robustness tests, made on the fly.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later


def long_game(plies, event="long"):
    """One legal game of @plies plies (knights going out and back)."""
    cycle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    moves = []
    for i in range(plies):
        if i % 2 == 0:
            moves.append("%d." % (i // 2 + 1))
        moves.append(cycle[i % 4])
    return '[Event "%s"]\n\n' % event + " ".join(moves) + " *\n\n"
