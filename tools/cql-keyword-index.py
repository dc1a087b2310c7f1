#!/usr/bin/env python3
"""Keyword -> reader -> evaluator index of engine/cql, and its rooms' includes.

Reads the keyword tables (engine/cql/cql3/cq3-keywords-private.h for
CQL 3, engine/cql/cql6/cq6-keywords.c for CQL 6) and the sources that
read and evaluate each keyword, and writes three things, each between its
marker comments:

- into docs/architecture.md, the rooms of engine/cql and the include
  edges between them (the script fails if they form a circle);
- into docs/architecture.md, for every keyword of both dialects, the file
  that reads it and the file(s) that evaluate it;
- into data/cql6.lang (the editor's highlighting), every word the CQL 6
  reader knows, so that a new filter or parameter is highlighted the day
  the reader learns it.

How a keyword is traced:

CQL 3: the compiler switches on CQ_KEYWORD_<ID>; the reader is the file
of engine/cql/cql3 with that case.  The case body sets the constants the
evaluator tests (CQ_TEST_*, CQ_COND_*, CQ_LIST_*, CQ_FILTER_*,
CQ_TRANSFORM_*, CQ_RELATION_*, CQ_COUNT_*); the evaluators are the files
of the evaluator that test those constants, plus the files defining the
_cq3_ functions those tests call.

CQL 6: the reader is the file of engine/cql/cql6 whose code names the word
as a string; the filter kind (CQ6_*) named on that line is looked up in the
evaluator's `case` labels, plus the files defining the _cq6_ functions
that case calls.

Usage:
  cql-keyword-index.py [--write | --check] [SOURCE_ROOT]
With no option, prints the generated text; --write updates
docs/architecture.md and data/cql6.lang; --check exits 1 (with a diff) if
the committed text differs from the generated one, or if the rooms' includes form a circle.
"""

import difflib
import os
import re
import sys

ROOMS_BEGIN = "<!-- cql-rooms: begin (tools/cql-keyword-index.py --write) -->"
ROOMS_END = "<!-- cql-rooms: end -->"
INDEX_BEGIN = "<!-- cql-keyword-index: begin (tools/cql-keyword-index.py --write) -->"
INDEX_END = "<!-- cql-keyword-index: end -->"
LANG_BEGIN = "<!-- cql6-keywords: begin (written by tools/cql-keyword-index.py) -->"
LANG_END = "<!-- cql6-keywords: end -->"

CQL3_READERS = ["cq3-compile.c", "cq3-arguments.c"]
CQL3_EVALUATORS = ["cq3-eval.c", "cq3-counts.c", "cq3-across.c", "cq3-game.c",
                   "cq3-transform.c"]
CQL6_READERS = ["cq6-vars.c", "cq6-loops.c", "cq6-positions-reader.c",
                "cq6-line-reader.c", "cq6-output.c", "cq6-parser.c", "cq6-expr.c", "cq6-program.c",
                "cq6-dictionary.c"]
# Where the words a reader reads are evaluated, when no filter kind traces
# them (parameters of another filter, header words, tables of names).
CQL6_FAMILY = {
    "cq6-vars.c": ["cq6-vars.c"],
    "cq6-loops.c": ["cq6-loops.c"],
    "cq6-positions-reader.c": ["cq6-positions.c"],
    "cq6-line-reader.c": ["cq6-line.c", "cq6-moves.c"],
    "cq6-output.c": ["cq6-output.c"],
    "cq6-program.c": ["cq6-game.c"],
    "cq6-parser.c": ["cq6-eval.c"],
    "cq6-expr.c": ["cq6-eval.c"],
    "cq6-dictionary.c": ["cq6-dictionary.c"],
}
CQL6_EVALUATORS = ["cq6-vars.c", "cq6-loops.c", "cq6-positions.c", "cq6-line.c",
                   "cq6-moves.c", "cq6-output.c", "cq6-transform.c", "cq6-game.c",
                   "cq6-squares.c", "cq6-dictionary.c", "cq6-eval.c"]


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def strip_comments(text):
    """C source without its comments (strings kept), lines kept in place."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text[i] == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def case_bodies(code, label):
    """The statements under each `case LABEL:` (through the labels grouped
    with it, up to the next case or default after some statement)."""
    bodies = []
    lines = code.split("\n")
    for i, line in enumerate(lines):
        if not re.search(r"\bcase\s+" + re.escape(label) + r"\s*:", line):
            continue
        rest = re.sub(r"\bcase\s+\w+\s*:", "", line.split(":", 1)[1])
        body = [rest]
        seen_statement = rest.strip() != ""
        for nxt in lines[i + 1:]:
            starts_label = re.match(r"\s*(case\b|default\s*:)", nxt)
            if starts_label and seen_statement:
                break
            if starts_label:
                continue
            body.append(nxt)
            if nxt.strip() and nxt.strip() not in "{}":
                seen_statement = True
            if re.match(r"\s*(break|return)\b", nxt) and nxt.rstrip().endswith(";") \
                    and len(nxt) - len(nxt.lstrip()) <= len(line) - len(line.lstrip()) + 2:
                break
        bodies.append("\n".join(body))
    return bodies


def definers(sources, prefix):
    """Function name -> file, for the non-static functions with @prefix."""
    out = {}
    for name, code in sources.items():
        for m in re.finditer(r"^(" + prefix + r"[a-z0-9_]+) \(", code, re.M):
            out.setdefault(m.group(1), name)
    return out


def is_dispatch(body):
    """A case body that only hands the filter to a function of another file."""
    return re.fullmatch(r"\s*\{?\s*return\s+_cq[36]?_\w+\s*\([^;]*\);\s*\}?\s*", body) is not None


def with_statics(body, code):
    """@body and the bodies of the static functions of @code it calls (one
    level: `eval_pin()` that calls `_cq6_pinned()`)."""
    lines = code.split("\n")
    out = [body]
    for fn in set(re.findall(r"\b([a-z][a-z0-9_]*)\s*\(", body)):
        span = function_lines(code, fn)
        if span and lines[min(span) - 1].startswith(("static", "G_")):
            out.append("\n".join(lines[k] for k in sorted(span)))
    return "\n".join(out)


def called_files(body, defs, exclude):
    files = []
    for fn in re.findall(r"\b(_cq[36]?_[a-z0-9_]+)\s*\(", body):
        f = defs.get(fn)
        if f is not None and f != exclude and f not in files:
            files.append(f)
    return files


def ordered(files, order):
    return sorted(set(files), key=order.index)


# ---------------------------------------------------------------------------
# CQL 3

def cql3_keywords(root):
    text = read(os.path.join(root, "engine/cql/cql3/cq3-keywords-private.h"))
    table = text[text.index("#define CQ_KEYWORD_TABLE(X)"):]
    out = []
    for m in re.finditer(r'X \((\w+), "([^"]+)", ([^,]+), ([^,]+),', table):
        out.append((m.group(1), m.group(2), m.group(4).strip() != "0"))
    return out


# Keywords whose compiled form the evaluator reads without a constant of
# their own (a name, a designator); checked against the table.
CQL3_EXTRA = {
    ":forany": ["cq3-game.c"],
    ":accumulate": ["cq3-game.c"],
    ":missingpiececount": ["cq3-across.c"],
    ":newpiececount": ["cq3-across.c"],
}
# Keywords that name files, which the search driver opens.
CQL3_FILES = (":pgn", ":output")


def cql3_index(root):
    d = os.path.join(root, "engine/cql/cql3")
    readers = {f: strip_comments(read(os.path.join(d, f))) for f in CQL3_READERS}
    evaluators = {f: strip_comments(read(os.path.join(d, f))) for f in CQL3_EVALUATORS}
    defs = definers(evaluators, "_cq3_")
    rows = []
    table = cql3_keywords(root)
    for name in list(CQL3_EXTRA) + list(CQL3_FILES):
        if name not in [k[1] for k in table]:
            raise SystemExit("tools/cql-keyword-index.py: %s is not in the CQL 3 table" % name)
    for ident, name, implemented in table:
        label = "CQ_KEYWORD_" + ident
        read_in, consts = [], []
        for f, code in readers.items():
            bodies = case_bodies(code, label)
            if bodies:
                read_in.append(f)
            for body in bodies:
                for c in re.findall(r"\bCQ_(?:TEST|COND|LIST|FILTER|TRANSFORM|RELATION|COUNT)"
                                    r"_[A-Z_]+\b", body):
                    if c not in consts:
                        consts.append(c)
        eval_in = []
        for c in consts:
            if c.startswith("CQ_TRANSFORM_"):
                # expanded when the query is compiled: the evaluator sees
                # the instances
                if re.search(r"\b" + c + r"\b", evaluators["cq3-transform.c"]):
                    eval_in.append("cq3-transform.c")
                continue
            cased = {f: case_bodies(code, c) for f, code in evaluators.items()
                     if f != "cq3-transform.c"}
            for f, bodies in cased.items():
                for body in bodies:
                    eval_in.append(f)
                    eval_in.extend(called_files(with_statics(body, evaluators[f]), defs, f))
            if not any(cased.values()):
                # tested with == or a mask: the file, and the files of the
                # functions the test's block calls
                for f, code in evaluators.items():
                    if f == "cq3-transform.c":
                        continue
                    lines = code.split("\n")
                    for i, l in enumerate(lines):
                        if re.search(r"\b" + c + r"\b", l):
                            eval_in.append(f)
                            eval_in.extend(called_files(l + "\n" + block_after(lines, i),
                                                        defs, f))
        eval_in.extend(CQL3_EXTRA.get(name, []))
        rows.append((name, ordered(read_in, CQL3_READERS),
                     ordered(eval_in, CQL3_EVALUATORS), implemented))
    return rows


# ---------------------------------------------------------------------------
# CQL 6

def cql6_keywords(root):
    text = strip_comments(read(os.path.join(root, "engine/cql/cql6/cq6-keywords.c")))
    text = text.replace("NOT_YET", '" (not supported yet)"')
    out = []
    for m in re.finditer(r'^\s*"((?:[^"\\]|\\.)*)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+),?\s*$',
                         text, re.M):
        desc = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2)))
        out.append((m.group(1), "(not supported yet)" not in desc))
    return out


def cql6_words(root):
    """Every word the CQL 6 reader knows: the keyword table's, and the
    parameters its readers test with _cq6_is_word() (`then`, `focus`, ...)."""
    words = {w for w, _ in cql6_keywords(root)}
    folder = os.path.join(root, "engine/cql/cql6")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".c"):
            code = strip_comments(read(os.path.join(folder, name)))
            words.update(re.findall(r'_cq6_is_word \([^,]+, "([a-z][a-z0-9]+)"\)', code))
    return words


def lang_keywords(root):
    """The <keyword> lines of data/cql6.lang's filter context: every word of
    cql6_words() but the header's and the transforms' (contexts of their
    own), in alphabetical order, except that `o-o-o` comes before `o-o`:
    the editor takes the first that matches, and `-` does not end a word."""
    lang = read(os.path.join(root, "data/cql6.lang"))
    own = set()
    for ctx in ("header", "transform"):
        body = lang[lang.index('<context id="%s"' % ctx):]
        own.update(re.findall(r"<keyword>([^<]+)</keyword>", body[:body.index("</context>")]))
    words = sorted(cql6_words(root) - own, key=lambda w: w + "\uffff" if "-" in w else w)
    lines, line = [], "     "
    for w in words:
        item = " <keyword>%s</keyword>" % w
        if len(line) + len(item) > 99:
            lines.append(line)
            line = "     "
        line += item
    lines.append(line)
    return "\n".join(lines)


def function_lines(code, name):
    """The line numbers of the body of function @name in @code (empty if none)."""
    lines = code.split("\n")
    for i, l in enumerate(lines):
        if re.match(r"^" + re.escape(name) + r" \(", l):
            j = i
            while j < len(lines) and lines[j] != "}":
                j += 1
            return set(range(i, j + 1))
    return set()


def block_after(lines, i):
    """The statements that handle the word tested on line @i: up to the end
    of its if-block (at most 40 lines)."""
    indent = len(lines[i]) - len(lines[i].lstrip())
    out = []
    for j in range(i + 1, min(len(lines), i + 41)):
        l = lines[j]
        ind = len(l) - len(l.lstrip())
        if l.strip() and ind <= indent and not l.strip().startswith("{"):
            break
        out.append(l)
    return "\n".join(out)


def cql6_kinds(root):
    """The filter kinds (Cq6Kind) and transform kinds (Cq6TransformKind)."""
    text = strip_comments(read(os.path.join(root, "engine/cql/cql6/cq6-private.h")))
    out = set()
    for end in ("} Cq6Kind;", "} Cq6TransformKind;"):
        j = text.index(end)
        i = text.rindex("typedef enum {", 0, j)
        out.update(re.findall(r"\b(CQ6_[A-Z0-9_]+)\b", text[i:j]))
    return out


def cql6_index(root):
    d = os.path.join(root, "engine/cql/cql6")
    readers = {f: strip_comments(read(os.path.join(d, f))) for f in CQL6_READERS}
    evaluators = {f: strip_comments(read(os.path.join(d, f))) for f in CQL6_EVALUATORS}
    defs = definers(evaluators, "_cq6_")
    # What may follow a filter (a lookahead, not a reader of the word).
    skip = {"cq6-parser.c": function_lines(readers["cq6-parser.c"], "_cq6_starts_filter")}
    valid = cql6_kinds(root)
    rows = []
    for word, supported in cql6_keywords(root):
        lit = '"' + word + '"'
        hits, kinds = [], {}
        for f in CQL6_READERS:
            lines = readers[f].split("\n")
            for i, l in enumerate(lines):
                if lit not in l or i in skip.get(f, ()):
                    continue
                if f not in hits:
                    hits.append(f)
                # the kind named with the word: in a table entry, or in the
                # few lines that build the node
                found = [k for k in re.findall(r"\bCQ6_[A-Z0-9_]+\b", l[l.index(lit):])
                         if k in valid]
                if not found:
                    block = block_after(lines, i)
                    # a word handed to a reader function of the same file
                    for fn in re.findall(r"\b((?:_cq6_)?parse_[a-z_]+)\s*\(", block):
                        body = function_lines(readers[f], fn)
                        block += "\n" + "\n".join(lines[k] for k in sorted(body))
                    found = [k for k in re.findall(r"\bCQ6_[A-Z0-9_]+\b", block)
                             if k in valid][:1]
                for k in found:
                    kinds.setdefault(f, [])
                    if k not in kinds[f]:
                        kinds[f].append(k)
        read_in = [f for f in hits if f in kinds] or hits
        eval_in = []
        for f in read_in:
            for k in kinds.get(f, ()):
                if k.startswith("CQ6_XF_"):
                    # expanded into orbits when the query is read
                    eval_in.append("cq6-transform.c")
                    continue
                for g, code in evaluators.items():
                    if g == "cq6-transform.c":
                        continue
                    for body in case_bodies(code, k):
                        called = called_files(with_statics(body, code), defs, g)
                        if not (is_dispatch(body) and called):
                            eval_in.append(g)
                        eval_in.extend(called)
        if not eval_in:
            for f in read_in:
                eval_in.extend(CQL6_FAMILY[f])
        rows.append((word, read_in, ordered(eval_in, CQL6_EVALUATORS), supported))
    return rows


# ---------------------------------------------------------------------------
# Rooms

def rooms(root):
    base = os.path.join(root, "engine/cql")
    names = sorted(e for e in os.listdir(base) if os.path.isdir(os.path.join(base, e)))
    edges = {}
    for room in names:
        for f in sorted(os.listdir(os.path.join(base, room))):
            if not f.endswith((".c", ".h")):
                continue
            for inc in re.findall(r'^#include "cql/([a-z0-9]+)/', read(os.path.join(base, room, f)),
                                  re.M):
                if inc != room:
                    edges.setdefault(room, set()).add(inc)
    return names, edges


def circle(names, edges):
    """A circle of rooms as a list, or None."""
    state = {}

    def visit(n, path):
        state[n] = 1
        for m in sorted(edges.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m):] + [m]
            if m not in state:
                found = visit(m, path + [m])
                if found:
                    return found
        state[n] = 2
        return None

    for n in names:
        if n not in state:
            found = visit(n, [n])
            if found:
                return found
    return None


# ---------------------------------------------------------------------------
# Output

def cell(files, room):
    if not files:
        return "—"
    return ", ".join("[`%s`](../engine/cql/%s/%s)" % (f, room, f) for f in files)


def generate(root):
    names, edges = rooms(root)
    rooms_md = ["| Room | Includes (other rooms) |", "| --- | --- |"]
    for n in names:
        rooms_md.append("| `engine/cql/%s` | %s |"
                        % (n, ", ".join("`%s`" % e for e in sorted(edges.get(n, ()))) or "—"))
    index = ["### CQL 3", "",
             "| Keyword | Read by | Evaluated by |", "| --- | --- | --- |"]
    for name, r, e, implemented in cql3_index(root):
        if name in CQL3_FILES:
            evaluated = "the search driver (`engine/search`) opens the file"
        elif not implemented:
            evaluated = "not evaluated (refused)"
        else:
            evaluated = cell(e, "cql3")
        index.append("| `%s` | %s | %s |" % (name, cell(r, "cql3"), evaluated))
    index += ["", "### CQL 6", "",
              "| Word | Read by | Evaluated by |", "| --- | --- | --- |"]
    for word, r, e, supported in cql6_index(root):
        word_md = "`%s`" % word.replace("|", "\\|")
        index.append("| %s | %s | %s |" % (word_md, cell(r, "cql6"),
                                          cell(e, "cql6") if supported else "not supported yet"))
    return "\n".join(rooms_md), "\n".join(index), circle(names, edges)


def splice(doc, begin, end, body):
    i, j = doc.index(begin), doc.index(end)
    return doc[:i + len(begin)] + "\n" + body + "\n" + doc[j:]


def main(argv):
    mode = None
    args = [a for a in argv[1:]]
    if args and args[0] in ("--write", "--check"):
        mode = args.pop(0)
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    rooms_md, index_md, found = generate(root)
    if found:
        print("engine/cql: the rooms' includes form a circle: " + " -> ".join(found),
              file=sys.stderr)
        return 1
    doc_path = os.path.join(root, "docs/architecture.md")
    if mode is None:
        print(rooms_md + "\n\n" + index_md)
        return 0
    doc = read(doc_path)
    new = splice(splice(doc, ROOMS_BEGIN, ROOMS_END, rooms_md), INDEX_BEGIN, INDEX_END, index_md)
    lang_path = os.path.join(root, "data/cql6.lang")
    lang = read(lang_path)
    i, j = lang.index(LANG_BEGIN) + len(LANG_BEGIN), lang.index(LANG_END)
    new_lang = lang[:i] + "\n" + lang_keywords(root) + "\n      " + lang[j:]
    stale = 0
    for path, old, text in ((doc_path, doc, new), (lang_path, lang, new_lang)):
        name = os.path.relpath(path, root)
        if mode == "--write":
            if text != old:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
        elif text != old:
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True),
                                                       text.splitlines(True),
                                                       name + " (committed)",
                                                       name + " (generated)"))
            print("%s is out of date: run tools/cql-keyword-index.py --write" % name,
                  file=sys.stderr)
            stale = 1
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv))
