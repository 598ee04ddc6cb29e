#!/usr/bin/env python3
# Check a sysmark HTML report (or a lone SVG chart) with python3's own
# html.parser: elements nested and closed, ids unique, every <use> pointing
# at a symbol the file defines, every chart with a <title> and a <desc>
# first, each table row as wide as its header, and nothing that would be
# fetched: no script, link, img, iframe, object or embed, no src= or href=
# but to "#...", no url() or @import in the style.  Prints one line a
# problem and exits 1 when there is one; else prints what it counted.
# Usage: python3 tests/check/htmlcheck.py FILE [--svg]
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}
SVG_LEAF_OK = {"circle", "path", "rect", "use", "line", "polyline"}
FETCH = {"script", "link", "img", "iframe", "object", "embed", "audio",
         "video", "source", "image", "frame"}


class Check(HTMLParser):
    def __init__(self, svg):
        super().__init__(convert_charrefs=True)
        self.svg = svg
        self.stack = []
        self.ids = {}
        self.uses = []
        self.bad = []
        self.charts = 0
        self.tables = 0
        self.rows = 0
        self.doctype = False
        self.in_style = False
        self.style = ""
        self.expect = None      # after <svg class=chart>: title, then desc
        self.text = ""
        self.widths = []        # per open table: header width, row width

    def problem(self, msg):
        self.bad.append("%d:%d: %s" % (self.getpos()[0], self.getpos()[1],
                                       msg))

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_pi(self, data):
        pass

    def attrs_check(self, tag, attrs):
        a = dict(attrs)
        for k, v in attrs:
            if k in ("src", "href", "xlink:href", "action", "srcset",
                     "poster", "data") and not (v or "").startswith("#"):
                self.problem("<%s %s=%r> would be fetched" % (tag, k, v))
            if k == "style" and "url(" in (v or ""):
                self.problem("<%s style> has url()" % tag)
        if "id" in a:
            if a["id"] in self.ids:
                self.problem("id %r used twice" % a["id"])
            self.ids[a["id"]] = tag
        if tag == "use":
            self.uses.append((a.get("href") or a.get("xlink:href") or "",
                              self.getpos()))
        return a

    def handle_starttag(self, tag, attrs):
        a = self.attrs_check(tag, attrs)
        if tag in FETCH:
            self.problem("<%s> fetches or runs something" % tag)
        if self.expect is not None and tag != self.expect[0]:
            self.problem("chart %s: <%s> before its <%s>" %
                         (self.expect[1], tag, self.expect[0]))
            self.expect = None
        if tag == "svg" and "chart" in (a.get("class") or "").split():
            self.charts += 1
            if "viewbox" not in a:
                self.problem("chart %s has no viewBox" % a.get("id"))
            self.expect = ("title", a.get("id"))
        if tag == "table":
            self.tables += 1
            self.widths.append([0, None])
        if tag == "tr" and self.widths:
            self.widths[-1][1] = 0
        if tag in ("th", "td") and self.widths and \
                self.widths[-1][1] is not None:
            self.widths[-1][1] += int(a.get("colspan") or 1)
        if tag == "style":
            self.in_style = True
        if tag in ("title", "desc"):
            self.text = ""
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))

    def handle_startendtag(self, tag, attrs):
        self.attrs_check(tag, attrs)
        if tag in FETCH:
            self.problem("<%s> fetches or runs something" % tag)
        if self.expect is not None:
            self.problem("chart %s: <%s/> before its <%s>" %
                         (self.expect[1], tag, self.expect[0]))
            self.expect = None
        if tag not in VOID and tag not in SVG_LEAF_OK and \
                tag not in ("symbol",):
            self.problem("<%s/> self-closed" % tag)

    def end_row(self):
        w = self.widths[-1]
        if w[1] is None:
            return
        in_head = any(t == "thead" for t, _ in self.stack)
        if in_head:
            w[0] = w[1]
        elif w[0] and w[1] != w[0]:
            self.problem("a row of %d cells under a header of %d" %
                         (w[1], w[0]))
        else:
            self.rows += 1
        w[1] = None

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            self.problem("</%s> closes <%s>" %
                         (tag, self.stack[-1][0] if self.stack else
                          "nothing"))
            return
        if tag == "tr" and self.widths:
            self.end_row()
        if tag == "table":
            self.widths.pop()
        if tag == "style":
            self.in_style = False
        if tag in ("title", "desc") and self.expect is not None and \
                self.expect[0] == tag:
            if not self.text.strip():
                self.problem("chart %s: empty <%s>" % (self.expect[1], tag))
            self.expect = ("desc", self.expect[1]) if tag == "title" \
                else None
        self.stack.pop()

    def handle_data(self, data):
        self.text += data
        if self.in_style:
            self.style += data

    def finish(self):
        self.close()
        for tag, pos in self.stack:
            self.bad.append("%d:%d: <%s> never closed" % (pos[0], pos[1],
                                                          tag))
        if not self.svg and not self.doctype:
            self.bad.append("no <!DOCTYPE html>")
        if re.search(r"url\(|@import", self.style):
            self.bad.append("the style fetches something (url() or "
                            "@import)")
        for href, pos in self.uses:
            if self.ids.get(href[1:]) != "symbol":
                self.bad.append("%d:%d: <use href=%r> has no symbol" %
                                (pos[0], pos[1], href))
        if self.charts == 0:
            self.bad.append("no chart")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: htmlcheck.py FILE [--svg]")
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    c = Check("--svg" in sys.argv[2:])
    c.feed(text)
    c.finish()
    for b in c.bad:
        print("%s:%s" % (sys.argv[1], b))
    if c.bad:
        sys.exit(1)
    print("%s: ok: %d charts, %d tables, %d rows, %d ids" %
          (sys.argv[1], c.charts, c.tables, c.rows, len(c.ids)))


main()
