#!/usr/bin/env python3
# The cql tool with CQL 6 queries (docs/cql6.md): the dialect told from the
# file, the output as CQL 6.2 writes it ({Game number N}, {CQL} or the
# matchstring, quiet, silent), CQL 6.2's single-dash options beside the GNU
# ones, -cql alone and added to a file, and the errors.  The games are
# written here.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import subprocess
import tempfile
import unittest

CQL = os.environ.get("CQL", "cql")

GAMES = """[Event "fool"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "quiet game"]
[Result "*"]

{a comment} 1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *

[Event "scholar"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "variation mate"]
[Result "*"]

1. e4 e5 (1... g5 2. d4 f6 3. Qh5#) 2. Nf3 *
"""


class Cql6Case(unittest.TestCase):
    """The games in a temporary directory, and ways to run the tool there."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql6-cli-")
        self.pgn = os.path.join(self.dir, "games.pgn")
        with open(self.pgn, "w") as f:
            f.write(GAMES)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def query(self, text, name="q.cql"):
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def run_cql(self, *args):
        return subprocess.run([CQL, *args], cwd=self.dir, capture_output=True, text=True)

    def output(self, *args):
        r = self.run_cql("-i", self.pgn, "-o", "-", *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout

    def games(self, text):
        return [int(n) for n in re.findall(r"Game\s+number\s+(\d+)", text)]

    def marks(self, text, mark="CQL"):
        """The annotations: each ends a comment, alone or after its text."""
        return len(re.findall(r"[{\s]%s\}" % re.escape(mark), text))


class CliCql6(Cql6Case):
    def test_header_input_output_and_marks(self):
        out = os.path.join(self.dir, "out.pgn")
        q = self.query("// mates\ncql(input games.pgn output out.pgn)\nmate\n")
        r = self.run_cql(q)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("2 matches of 4 games", r.stderr)
        with open(out) as f:
            text = f.read()
        self.assertEqual(self.games(text), [1, 3])
        self.assertEqual(self.marks(text), 2)
        self.assertNotIn("MATCH", text)

    def test_variations_header_and_option(self):
        q = self.query("cql() mate")
        self.assertEqual(self.games(self.output(q)), [1, 3])
        q = self.query("cql(variations) mate")
        self.assertEqual(self.games(self.output(q)), [1, 3, 4])
        q = self.query("cql() mate")
        self.assertEqual(self.games(self.output("-variations", q)), [1, 3, 4])
        q = self.query("cql(variations) mate")
        self.assertEqual(self.games(self.output("-mainline", q)), [1, 3])

    def test_matchstring_quiet_silent(self):
        q = self.query('cql(matchstring "HIT") mate')
        self.assertEqual(self.marks(self.output(q), "HIT"), 2)
        q = self.query("cql() mate")
        self.assertEqual(self.marks(self.output("-matchstring", "XX", q), "XX"), 2)
        quiet = self.output("-quiet", q)
        self.assertEqual(self.games(quiet), [1, 3])
        self.assertEqual(self.marks(quiet), 0)
        silent = self.output("-silent", q)
        self.assertNotIn("Game number", silent)
        self.assertEqual(self.marks(silent), 0)
        self.assertIn("Qxf7#", silent)
        q = self.query("cql(quiet) mate")
        self.assertEqual(self.marks(self.output(q)), 0)
        q = self.query("cql(silent) mate")
        self.assertNotIn("Game number", self.output(q))
        noheader = self.output("-noheader", self.query("cql() mate"))
        self.assertNotIn("Game number", noheader)
        self.assertEqual(self.marks(noheader), 2)

    def test_comments_merged(self):
        # The game number and the marks go inside the comment already there.
        q = self.query("cql() initial or mate")
        text = self.output("-gamenumber", "2", "3", q)
        self.assertIn("{a comment Game number 2 CQL}", text)
        self.assertIn("{Game number 3 CQL}", text)
        self.assertIn("Qxf7# {CQL}", text)

    def test_cql62_options(self):
        q = self.query("cql() mate")
        out = os.path.join(self.dir, "o.pgn")
        for argv in (["-input", self.pgn, "-output", out, "-s"],
                     ["-input", self.pgn, "-output", out, "-singlethreaded"],
                     ["-i", self.pgn, "-o", out, "-threads", "2"],
                     ["--input", self.pgn, "--output", out, "--threads", "1"]):
            if os.path.exists(out):
                os.remove(out)
            r = self.run_cql(*argv, q)
            self.assertEqual(r.returncode, 0, (argv, r.stderr))
            with open(out) as f:
                self.assertEqual(self.games(f.read()), [1, 3], argv)
        self.assertEqual(self.games(self.output("-gamenumber", "2", "4", q)), [3])
        self.assertEqual(self.games(self.output("-gamenumber", "3", q)), [3])
        self.assertEqual(self.games(self.output("-g", "1", "2", q)), [1])
        self.assertEqual(self.games(self.output("--gamenumber", "2-4", q)), [3])

    def test_cql_option(self):
        self.assertEqual(self.games(self.output("-cql", "mate btm")), [3])
        self.assertEqual(self.games(self.output("-cql", "move to f7")), [3])
        # added to a file's filters: both must hold
        q = self.query("cql() check")
        self.assertEqual(self.games(self.output("-cql", "wtm", q)), [1])
        # a CQL 3 file takes none
        q3 = self.query("(match (position :mate))", "q3.cql")
        r = self.run_cql("-i", self.pgn, "-o", "-", "-cql", "mate", q3)
        self.assertEqual(r.returncode, 1)
        self.assertIn("can only be added to a CQL 6 query", r.stderr)

    def test_unicode_query(self):
        q = self.query("cql() ♕f7 ♚e8 mate // the queen mates on f7\n")
        self.assertEqual(self.games(self.output(q)), [3])
        q = self.query("cql() #△ ≥ 16 #▲ ≥ 16 □e4 initial")
        self.assertEqual(self.games(self.output(q)), [1, 2, 3, 4])

    def test_cql3_unchanged(self):
        q = self.query("(match (position :mate))", "q3.cql")
        text = self.output(q)
        self.assertEqual([int(n) for n in re.findall(r"Original game: (\d+)", text)], [1, 3])
        self.assertEqual(text.count("{MATCH}"), 2)

    def test_errors(self):
        r = self.run_cql("-i", self.pgn, "-o", "-", self.query("cql()\nmate\n  zobristkey\n"))
        self.assertEqual(r.returncode, 1)
        self.assertIn("q.cql:3:3: unknown filter `zobristkey`", r.stderr)
        r = self.run_cql("-i", self.pgn, "-o", "-", self.query("cql(input games.pgn "
                                                               "output games.pgn) mate"))
        self.assertEqual(r.returncode, 1)
        r = self.run_cql("-i", self.pgn, "-o", "-", "-cql", "frob")
        self.assertEqual(r.returncode, 1)
        self.assertIn("<-cql>:2:1: unknown filter `frob`", r.stderr)
        r = self.run_cql("-i", self.pgn, "-o", "-", "-variations", "-mainline", "-cql", "mate")
        self.assertEqual(r.returncode, 2)


class CliCql6Output(Cql6Case):
    """comment, message, sort and persistent as CQL 6.2 writes them: the
    comments inside the comment already at a position, before the mark; the
    sort labels after the first comment's mark and the games in sort order;
    the messages and the persistent variables on standard output."""

    def search(self, text, *args):
        """Runs @text on the games with the PGN written to a file: returns
        (the PGN, standard output)."""
        out = os.path.join(self.dir, "out.pgn")
        r = self.run_cql("-i", self.pgn, "-o", out, *args, self.query(text))
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out) as f:
            return f.read(), r.stdout

    def movetext(self, pgn):
        """Each game's movetext on one line."""
        return [" ".join(g.split("\n\n", 1)[1].split()) for g in pgn.split("[Event ")[1:]]

    def test_comment_layout(self):
        pgn, _ = self.search("cql() mate comment (\"mate with \" #A \" white pieces\")")
        self.assertEqual(self.movetext(pgn),
                         ["{Game number 1} 1. f3 e5 2. g4 Qh4# {mate with 16 white pieces CQL} 0-1",
                          "{Game number 3} 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# "
                          "{mate with 16 white pieces CQL} 1-0"])
        # At the first position: the comment there, the game number, the
        # query's comments, the mark; spaces the query wrote are kept.
        pgn, _ = self.search("cql() initial gamenumber == 2 comment (\"x\" \" \" \"\")")
        self.assertIn("{a comment Game number 2 x  CQL} 1. e4", pgn)
        # A comment at another position than the matched one; a filter that
        # fails takes its comments back.
        pgn, _ = self.search("cql() mate {currentposition:comment (\"here\") "
                             "{comment (\"gone\") false} or true}")
        self.assertIn("Qh4# {here CQL}", pgn)
        self.assertNotIn("gone", pgn)
        # The mark goes where the position matched: a comment written there
        # later, from the next position, comes after it.
        pgn, _ = self.search("cql() gamenumber == 1 comment (\"own\") parent:comment (\"late\")")
        self.assertEqual(self.movetext(pgn),
                         ["{Game number 1 late} 1. f3 {own CQL late} 1... e5 {own CQL late} "
                          "2. g4 {own CQL late} 2... Qh4# {own CQL} 0-1"])

    def test_line_comments(self):
        # A line of one position: its End comment first, the id with it.
        pgn, _ = self.search("cql(variations) line --> check* --> mate")
        self.assertIn("3. Qh5# {id:7 End line of length 1 that starts at move 3(btm)[7] "
                      "Start line that ends at move 3(btm)[7] CQL})", " ".join(pgn.split()))
        # A constituent that writes a variable counts every evaluation of
        # CQL 6.2's depth-first search: at the mate too, not only along
        # the route kept (4 positions before the mate from the start).
        # `path max`: its value before the id of a position in a variation.
        pgn, _ = self.search("cql(variations) path max #A (-- check){1,4}")
        self.assertIn("3. Qh5# {End path of length 1 that starts at move 3(wtm)[6] "
                      "Max value: 16 id:7})", " ".join(pgn.split()))
        pgn, _ = self.search("cql() C = 0 line quiet --> {C += 1}+ --> mate comment (C)")
        self.assertEqual(self.movetext(pgn)[0],
                         "{Game number 1 5 CQL} 1. f3 {4 CQL} 1... e5 {3 CQL} 2. g4 {2 CQL} "
                         "2... Qh4# 0-1")

    def test_comment_quiet_silent(self):
        # quiet keeps the query's comments, leaves out the mark.
        pgn, _ = self.search("cql(quiet) mate comment (\"m\")")
        self.assertIn("Qh4# {m} 0-1", pgn)
        pgn, _ = self.search("cql() mate comment (\"m\")", "-quiet")
        self.assertIn("Qh4# {m} 0-1", pgn)
        # silent adds nothing at all.
        pgn, _ = self.search("cql(silent) mate comment (\"m\") sort \"s\" ply")
        self.assertNotIn("{", pgn)
        pgn, _ = self.search("cql() mate comment (\"m\")", "-silent")
        self.assertNotIn("{", pgn)

    def test_position_in_variation(self):
        pgn, _ = self.search("cql(variations) ply == 2 gamenumber == 2 "
                             "x = currentposition comment (x)")
        self.assertIn("e5 {move 2(wtm) CQL} (1... c5 {id:4 move 2(wtm)[4] CQL} 2. Nf3)",
                      " ".join(pgn.split()))

    def test_sort_order_and_labels(self):
        pgn, _ = self.search("cql() sort \"plies\" ply initial")
        self.assertEqual(self.games(pgn), [3, 1, 2, 4])
        self.assertIn("{Game number 3 CQL  plies: 7}", pgn)
        # min: the smallest first; the label stays in the first comment
        # when the mark is elsewhere; ties keep the input order.
        pgn, _ = self.search("cql() mate sort min \"pieces\" #[Aa]")
        self.assertEqual(self.games(pgn), [3, 1])
        self.assertIn("{Game number 3  pieces: 31}", pgn)
        pgn, _ = self.search("cql() initial sort \"one\" abs 1")
        self.assertEqual(self.games(pgn), [1, 2, 3, 4])
        # The second sort decides between equal first values.
        pgn, _ = self.search("cql() initial sort \"one\" abs 1 sort min \"g\" 0 - gamenumber")
        self.assertEqual(self.games(pgn), [4, 3, 2, 1])
        self.assertIn("{Game number 4 CQL  one: 1 g: -4}", pgn)
        # The same order on one thread and on several.
        many, _ = self.search("cql() sort \"plies\" ply initial", "--threads", "4")
        self.assertEqual(self.games(many), [3, 1, 2, 4])

    def test_messages(self):
        # On standard output, for every game, matched or not.
        pgn, out = self.search("cql() btm mate message (\"black \" \"mates\") "
                               "ply == 3 message ply false")
        self.assertEqual(out, "Game: 3 move 4(btm): black mates\n")
        self.assertEqual(pgn, "")
        pgn, out = self.search("cql(variations) ply == 2 message (currentposition)")
        self.assertEqual(out.splitlines(), ["Game: 1 move 2(wtm): move 2(wtm)",
                                            "Game: 2 move 2(wtm): move 2(wtm)",
                                            "Game: 2 move 2(wtm)[4]: move 2(wtm)[4]",
                                            "Game: 3 move 2(wtm): move 2(wtm)",
                                            "Game: 4 move 2(wtm): move 2(wtm)",
                                            "Game: 4 move 2(wtm)[4]: move 2(wtm)[4]"])
        self.assertNotIn("move 2", pgn)

    def test_persistent(self):
        _, out = self.search("cql() if mate persistent Mates += 1  mate", "--threads", "4")
        self.assertEqual(out, "Mates: 2\n")
        _, out = self.search("cql() if mate {persistent Mates += 1 persistent Str = \"abc\" "
                             "persistent Tt = a1 persistent Pp = [a1,b2] "
                             "persistent quiet Hidden = 1} mate")
        self.assertEqual(out, "Mates: 2\nStr: \"abc\"\nTt: a1\nPp: [a1,b2]\n")
        # Printed even when no game matches; never assigned: 0.
        _, out = self.search("cql() initial gamenumber == 9 persistent Nn = 3")
        self.assertEqual(out, "Nn: 0\n")


class CliCql6Files(Cql6Case):
    """readfile and writefile: refused without --allow-files, confined to its folder
    (tests/cql/test-cql6-files.c tries the hostile names on the engine)."""

    def test_refused_without_option(self):
        q = self.query("cql()\ninitial writefile (\"w.cqo\" \"x\")\n")
        r = self.run_cql("-i", self.pgn, "-o", "-", q)
        self.assertEqual(r.returncode, 1)
        self.assertIn("q.cql:2:9:", r.stderr)
        self.assertIn("--allow-files DIR", r.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "w.cqo")))

    def test_both_spellings(self):
        box = os.path.join(self.dir, "box")
        os.mkdir(box)
        with open(os.path.join(box, "names.cqo"), "w") as f:
            f.write("fool scholar")
        q = self.query("cql()\ninitial event in readfile \"names.cqo\"\n"
                       "writefile (\"seen.cqo\" event)\n")
        for option in ("--allow-files", "-allow-files"):
            r = self.run_cql("-i", self.pgn, "-o", "-", option, box, q)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(self.games(r.stdout), [1, 3])
            # Emptied at the first write of each run, then appended to.
            with open(os.path.join(box, "seen.cqo")) as f:
                self.assertEqual(f.read(), "foolscholar")

    def test_output_never_written(self):
        # The output is written whole at the end; writefile may not touch it.
        out = os.path.join(self.dir, "result.cqo")
        with open(out, "w") as f:
            f.write("kept")
        q = self.query("cql()\ninitial writefile (\"result.cqo\" \"x\")\n")
        r = self.run_cql("-i", self.pgn, "-o", out, "--allow-files", self.dir, q)
        self.assertEqual(r.returncode, 1)
        self.assertIn("q.cql:2:9: writefile: \"result.cqo\" is a file of the search itself",
                      r.stderr)
        with open(out) as f:
            self.assertEqual(f.read(), "kept")

    def test_missing_file_stops(self):
        q = self.query("cql()\ngamenumber == 3 X = readfile \"none.cqo\" X == \"\"\n")
        r = self.run_cql("-i", self.pgn, "-o", "-", "--allow-files", self.dir, q)
        self.assertEqual(r.returncode, 1)
        self.assertIn("q.cql:2:21: readfile: cannot open \"none.cqo\"", r.stderr)


class CliCql6Stops(Cql6Case):
    """assert and cql_abort stop the whole search where CQL 6.2 stops it,
    with the game and position; no output is written (CQL 6.2 writes none
    for cql_abort either)."""

    def test_cql_abort(self):
        out = os.path.join(self.dir, "out.pgn")
        q = self.query("cql()\nif gamenumber == 3 then cql_abort else mate\n")
        r = self.run_cql("-i", self.pgn, "-o", out, q)
        self.assertEqual(r.returncode, 1)
        self.assertIn("q.cql:2:25: cql_abort reached at game 3, position 0", r.stderr)
        self.assertFalse(os.path.exists(out))

    def test_assert(self):
        q = self.query("cql()\nassert not mate\n")
        r = self.run_cql("-i", self.pgn, "-o", os.path.join(self.dir, "out.pgn"), q)
        self.assertEqual(r.returncode, 1)
        self.assertIn("game 1", r.stderr)
        q = self.query("cql()\nassert not stalemate\nmate\n")
        self.assertEqual(self.games(self.output(q)), [1, 3])

    def test_runaway_loops(self):
        # 10,000 rounds at one position stop the search with the loop's
        # place; 9,999 are fine.
        out = os.path.join(self.dir, "out.pgn")
        for body, where in (("x = 0 while (true) {x += 1}", "q.cql:2:7: `while` ran 10000"),
                            ("x = 0 loop {x += 1}", "q.cql:2:7: `loop` ran 10000"),
                            ("dictionary D D[0] = 0\nDk ∊ D {D[Dk + 1] = 0}",
                             "q.cql:3:1: the loop over a dictionary ran 10000")):
            r = self.run_cql("-i", self.pgn, "-o", out, self.query("cql()\n%s\n" % body))
            self.assertEqual(r.returncode, 1, body)
            self.assertIn(where, r.stderr)
            self.assertIn("at game 1, position 0 (positionid) without ending", r.stderr)
            self.assertFalse(os.path.exists(out))
        q = self.query("cql()\nx = 0 while (x < 9999) {x += 1} x == 9999 initial\n")
        self.assertEqual(self.games(self.output(q)), [1, 2, 3, 4])

    def test_regex_that_gives_up(self):
        # PCRE2 gives up on `(a|aa)+$` against 40 a's and a `!`: the answer
        # is unknown, never "no match"; the search stops at that game.
        pgn = os.path.join(self.dir, "events.pgn")
        with open(pgn, "w") as f:
            for event in ("a", "a" * 40 + "!", "a"):
                f.write('[Event "%s"]\n\n1. e4 e5 *\n\n' % event)
        out = os.path.join(self.dir, "out.pgn")
        q = self.query('cql()\nnot event ~~ "(a|aa)+$"\n')
        r = self.run_cql("-i", pgn, "-o", out, q)
        self.assertEqual(r.returncode, 1)
        self.assertIn("q.cql:2:14: the regular expression after `~~` gave up on a string of "
                      "41 bytes at game 2, position 0", r.stderr)
        self.assertFalse(os.path.exists(out))
        # The same pattern on a string it can decide.
        q = self.query('cql()\nnot event ~~ "(a|aa)+$"\n')
        with open(pgn, "w") as f:
            f.write('[Event "aaa!"]\n\n1. e4 e5 *\n')
        r = self.run_cql("-i", pgn, "-o", out, q)
        self.assertEqual(r.returncode, 0, r.stderr)


TAGGED = """[Event "one"]
[White "Kasparov"]
[Black "Karpov"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "two"]
[White "Karpov"]
[Black "Kasparov"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "three"]
[White "Anand"]
[Black "Karpov"]

1. e4 e5 2. Qxh7 *

[Event "four"]
[White "Kasparov"]
[Black "Anand"]

1. e4 Ke3 *
"""


class CliCql6TagFilters(Cql6Case):
    """The body's leading filters on the tags alone are run before a game's
    moves are read, as the header's game filters are: a game they reject
    is not reported as damaged; nothing else of the output changes."""

    def run_tagged(self, text):
        pgn = os.path.join(self.dir, "tagged.pgn")
        with open(pgn, "w") as f:
            f.write(TAGGED)
        out = os.path.join(self.dir, "out.pgn")
        r = self.run_cql("-i", pgn, "-o", out, self.query(text))
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out) as f:
            damaged = [int(n) for n in re.findall(r": game (\d+): illegal", r.stderr)]
            return self.games(f.read()), damaged, r.stdout

    def test_game_rejected_on_its_tags(self):
        # Game 3's White is not Kasparov: its bad move is never read.
        self.assertEqual(self.run_tagged('cql() player white "Kasparov"'), ([1, 4], [4], ""))
        self.assertEqual(self.run_tagged('cql(white "Kasparov") true'), ([1, 4], [4], ""))
        self.assertEqual(self.run_tagged('cql() {btm player white "Kasparov"} check'),
                         ([1], [4], ""))
        self.assertEqual(self.run_tagged('cql() not player white "Kasparov" mate'),
                         ([2], [3], ""))

    def test_game_kept_when_the_body_needs_its_moves(self):
        # A filter that writes before the tag filter, a tag filter that is
        # not needed at every position, one under a transform: every game
        # is read.
        games, damaged, out = self.run_tagged('cql() message ("seen") player white "Nobody"')
        self.assertEqual((games, damaged), ([], [3, 4]))
        self.assertEqual(sorted(set(re.findall(r"Game: (\d+) ", out))), ["1", "2", "3", "4"])
        self.assertEqual(self.run_tagged('cql() persistent Seen += 1 player white "Nobody"'),
                         ([], [3, 4], "Seen: 18\n"))
        self.assertEqual(self.run_tagged('cql() player white "Nobody" or mate'),
                         ([1, 2], [3, 4], ""))
        self.assertEqual(self.run_tagged('cql() flipcolor { player white "Kasparov" mate }'),
                         ([1, 2], [3, 4], ""))

    def test_matchcount_from_zero(self):
        # `matchcount 0 N` matches a game where no position matches, as
        # CQL 6.2 writes every such game: the tag filters may not skip
        # one, and game 3's damage is read and reported.
        self.assertEqual(self.run_tagged('cql(matchcount 0 100) player white "Kasparov"'),
                         ([1, 2, 3, 4], [3, 4], ""))
        self.assertEqual(self.run_tagged('cql(matchcount 0 100) mate'), ([1, 2, 3, 4], [3, 4], ""))
        self.assertEqual(self.run_tagged('cql(matchcount 1 100) mate'), ([1, 2], [3, 4], ""))


class CliCql6Deep(Cql6Case):
    """A `line` or `path` search recurses once per position of a route:
    on a game of 12,000 plies it stops with a message (docs/limits.md),
    not a crash, and a game of a few hundred plies is searched."""

    def long_game(self, rounds):
        moves = []
        for i in range(rounds):
            n = 2 * i + 1
            moves.append("%d. Nf3 Nf6 %d. Ng1 Ng8" % (n, n + 1))
        return '[Event "shuffle"]\n[Result "*"]\n\n' + "\n".join(moves) + " *\n"

    def test_deep_route_stops_with_a_message(self):
        # The last game has a variation: read without it first (a query of
        # the main line), the search stops all the same.
        with_variation = self.long_game(3000).replace("1. Nf3 Nf6", "1. Nf3 (1. e4) 1... Nf6", 1)
        self.assertIn("(1. e4)", with_variation)
        for pgn, body in ((self.long_game(3000), "line --> true+"),
                          (self.long_game(3000), "path --+"),
                          (with_variation, "line --> true+")):
            with open(self.pgn, "w") as f:
                f.write(pgn)
            r = self.run_cql("-i", self.pgn, "-o", "out.pgn", self.query("cql() " + body))
            self.assertEqual(r.returncode, 1, (body, r.stderr))
            self.assertRegex(r.stderr, r"q\.cql:1:7: the search of this filter at game 1, "
                             r"position 0 \(positionid\) goes deeper than 4 MiB of stack", body)

    def test_long_real_game_is_searched(self):
        with open(self.pgn, "w") as f:
            f.write(self.long_game(100))
        r = self.run_cql("-i", self.pgn, "-o", "-", self.query("cql() line --> true+"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.games(r.stdout), [1])


if __name__ == "__main__":
    unittest.main()
