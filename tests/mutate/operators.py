"""The mutation operators of tests/mutate/sample.py, applied mechanically.

Each operator finds its sites in one C file and says what each site
becomes; nothing here reads the tests, so the mutants are the ones a
person planting bugs from the code alone could have written.  The set is
the usual one (PIT's defaults, Offutt's relational and arithmetic
replacements):

  ror   a comparison moved across its boundary (< to <=, > to >=, and
        back) or negated (< to >=, == to !=, ...)
  lcr   && and || swapped
  aor   + and - swapped, * and / swapped, % to *
  crp   an integer constant one more or one less
  sdl   a statement that is only a call removed (replaced by (void)0)
  rvr   a returned expression forced to 0 (false to true and back; a
        returned constant is crp's)

Sites are found on a copy of the text in which comments, string and
character literals and preprocessor lines (but for #define) are blanked
out to spaces, so offsets match the original.  A binary operator counts
only with a space on each side, as the code's style writes every binary
operator (`a < b`, `*p`, `-1`): that tells `a * b` from `char *p` and
`a - b` from `-1` without a parser.  A mutant keeps every newline, so
line numbers (and __LINE__) do not move.
"""

import re

KEYWORDS = {
    "if", "for", "while", "switch", "return", "sizeof", "do", "else",
    "case", "goto", "break", "continue", "default", "_Static_assert",
}


class Mutant:
    """One edit: the text from start to end replaced by new."""

    def __init__(self, path, text, start, end, new, op, what):
        self.path = path
        self.start = start
        self.end = end
        self.new = new
        self.op = op
        self.line = text.count("\n", 0, start) + 1
        self.col = start - text.rfind("\n", 0, start)
        self.what = what

    def ident(self):
        return "%s:%d:%d:%s" % (self.path, self.line, self.col, self.op)

    def describe(self):
        return "%s %s" % (self.ident(), self.what)

    def apply(self, text):
        return text[:self.start] + self.new + text[self.end:]


def _blank(text, i, j, out):
    """Blank text[i:j] in out, newlines kept."""
    for k in range(i, j):
        if text[k] != "\n":
            out[k] = " "


def _literal_end(text, i):
    """The index past the string or character literal opening at i."""
    quote = text[i]
    k = i + 1
    while k < len(text) and text[k] != quote:
        k += 2 if text[k] == "\\" else 1
    return k + 1


def _directive_end(text, i):
    """The index of the newline ending the directive at i (continued
    lines included)."""
    k = text.find("\n", i)
    while k > 0 and text[k - 1] == "\\":
        k = text.find("\n", k + 1)
    return len(text) if k < 0 else k


def mask(text):
    """The text with comments, literals and directives blanked."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            j = _directive_end(text, i)
            if not re.match(r"#\s*define\b", text[i:j]):
                _blank(text, i, j, out)
            else:
                k = i + text[i:j].find("define")
                _blank(text, k, k + 6, out)
            i = j
            continue
        if c in " \t":
            i += 1
            continue
        line_start = c == "\n"
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif c in "\"'":
            j = _literal_end(text, i)
        else:
            i += 1
            continue
        _blank(text, i, j, out)
        i = j
    return "".join(out)


def _in_directive(masked, pos):
    """Whether pos is on a #define line (only constants change there)."""
    start = masked.rfind("\n", 0, pos) + 1
    return masked[start:pos].lstrip().startswith("#")


ROR = {
    "<": ["<=", ">="], "<=": ["<", ">"], ">": [">=", "<="],
    ">=": [">", "<"], "==": ["!="], "!=": ["=="],
}
AOR = {"+": "-", "-": "+", "*": "/", "/": "*", "%": "*"}
LCR = {"&&": "||", "||": "&&"}


def _binary_sites(path, text, masked, table, pattern, op):
    out = []
    for m in re.finditer(pattern, masked):
        if _in_directive(masked, m.start(1)):
            continue
        old = m.group(1)
        news = table[old]
        for new in news if isinstance(news, list) else [news]:
            out.append(Mutant(path, text, m.start(1), m.end(1), new, op,
                              "%s -> %s" % (old, new)))
    return out


def ror(path, text, masked):
    return _binary_sites(path, text, masked, ROR,
                         r"(?<=\s)(<=|>=|==|!=|<|>)(?=\s)", "ror")


def lcr(path, text, masked):
    return _binary_sites(path, text, masked, LCR, r"(?<=\s)(&&|\|\|)(?=\s)",
                         "lcr")


TYPES = re.compile(r"(const|char|int|double|float|void|long|short|bool|"
                   r"unsigned|signed|size_t|FILE|\w+_t)")


def _declares(masked, pos):
    """Whether the * at pos follows a type (`struct table *`,
    `size_t * n`) rather than an operand."""
    words = re.findall(r"\w+", masked[max(0, pos - 80):pos])[-2:]
    if not words:
        return False
    if words[-1] in KEYWORDS or TYPES.fullmatch(words[-1]):
        return True
    return len(words) == 2 and words[0] in ("struct", "enum", "union")


def aor(path, text, masked):
    # The left operand ends in a name, a number, ) or ]: not a cast's
    # `(char *) p`; after a type or a keyword it is no operand.
    out = []
    for m in _binary_sites(path, text, masked, AOR,
                           r"[\w)\]]\s+([-+*/%])(?=[ \t])", "aor"):
        if not _declares(masked, m.start):
            out.append(m)
    return out


def crp(path, text, masked):
    out = []
    for m in re.finditer(r"(?<![\w.])(\d+)([uUlL]*)(?![\w.])", masked):
        value = int(m.group(1))
        for new in (value + 1, value - 1):
            if new < 0:
                continue
            out.append(Mutant(path, text, m.start(1), m.end(1), str(new),
                              "crp", "%d -> %d" % (value, new)))
    return out


def _matching(masked, i, opening, closing):
    """The index of the bracket closing the one at i, or -1."""
    depth = 0
    for k in range(i, len(masked)):
        if masked[k] == opening:
            depth += 1
        elif masked[k] == closing:
            depth -= 1
            if depth == 0:
                return k
    return -1


def _keep_newlines(old, new):
    return new + "\n" * old.count("\n")


def _statement_start(masked, pos):
    """Whether a statement may begin at pos: what precedes it ends one
    (;, a brace, a label's colon, a condition's parenthesis, else)."""
    before = masked[:pos].rstrip()
    return before == "" or before[-1] in ";{}:)" or before.endswith("else")


def sdl(path, text, masked):
    out = []
    pat = r"(?m)^[ \t]*((?:\(void\)\s*)?([A-Za-z_]\w*)\s*\()"
    for m in re.finditer(pat, masked):
        name, start = m.group(2), m.start(1)
        if name in KEYWORDS or _in_directive(masked, start):
            continue
        close = _matching(masked, m.end(1) - 1, "(", ")")
        if close < 0 or not _statement_start(masked, start):
            continue
        semi = re.match(r"\s*;", masked[close + 1:])
        if not semi:
            continue
        end = close + 1 + semi.end()
        out.append(Mutant(path, text, start, end,
                          _keep_newlines(text[start:end], "(void)0;"),
                          "sdl", "%s(...) removed" % name))
    return out


def _forced(value):
    """What a returned expression is forced to, or None."""
    value = " ".join(value.split())
    if value in ("false", "true"):
        return "true" if value == "false" else "false"
    if re.fullmatch(r"-?\d+[uUlL]*|NULL|\(void\)0", value):
        return None
    return "0"


def rvr(path, text, masked):
    out = []
    for m in re.finditer(r"\breturn\b(\s+[^;]*);", masked):
        value = text[m.start(1):m.end(1)]
        if "{" in masked[m.start(1):m.end(1)]:
            continue
        new = _forced(value)
        if new is None:
            continue
        out.append(Mutant(path, text, m.start(1), m.end(1),
                          _keep_newlines(value, " " + new), "rvr",
                          "return %s -> return %s" %
                          (" ".join(value.split())[:40], new)))
    return out


OPERATORS = [ror, lcr, aor, crp, sdl, rvr]


def mutants(path, text):
    """Every mutant of one file's text, in the order of the text."""
    masked = mask(text)
    found = []
    for op in OPERATORS:
        found.extend(op(path, text, masked))
    found.sort(key=lambda m: (m.start, m.op, m.new))
    return found
