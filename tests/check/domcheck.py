#!/usr/bin/env python3
# Read back the DOM a browser dumped (chromium --dump-dom) of a sysmark
# report and check what a reader would see in it:
#   --title TEXT          a chart with this <title>
#   --series ID N         chart ID draws exactly N series (one path each)
#   --rows CAPTION N      the table whose caption starts with CAPTION has
#                         N body rows
#   --text TEXT           this text is on the page
# Exits 1 naming each one that fails; prints what it found otherwise.
import sys
from html.parser import HTMLParser


class Dom(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.titles = []
        self.series = {}
        self.tables = []        # [caption, rows]
        self.chart = None
        self.where = []
        self.buf = None
        self.text = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.where.append(tag)
        if tag == "svg" and "chart" in (a.get("class") or "").split():
            self.chart = a.get("id")
            self.series[self.chart] = 0
        if tag == "path" and self.chart and "data-series" in a:
            self.series[self.chart] += 1
        if tag == "title" and self.chart and "id" in a:
            self.buf = ""
        if tag == "table":
            self.tables.append(["", 0])
        if tag == "caption":
            self.buf = ""
        if tag == "tr" and "tbody" in self.where and self.tables:
            self.tables[-1][1] += 1

    def handle_endtag(self, tag):
        while self.where and self.where.pop() != tag:
            pass
        if tag == "svg":
            self.chart = None
        if tag == "title" and self.buf is not None:
            self.titles.append(self.buf)
            self.buf = None
        if tag == "caption" and self.buf is not None:
            self.tables[-1][0] = self.buf
            self.buf = None

    def handle_data(self, data):
        self.text.append(data)
        if self.buf is not None:
            self.buf += data


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        d = Dom()
        d.feed(f.read())
    text = " ".join(d.text)
    args, bad = sys.argv[2:], []
    while args:
        op = args.pop(0)
        if op == "--title" and args.pop(0) not in d.titles:
            bad.append("no chart titled %r" % d.titles)
        elif op == "--series":
            cid, n = args.pop(0), int(args.pop(0))
            if d.series.get(cid) != n:
                bad.append("chart %s: %r series, expected %d" %
                           (cid, d.series.get(cid), n))
        elif op == "--rows":
            cap, n = args.pop(0), int(args.pop(0))
            got = [r for c, r in d.tables if c.startswith(cap)]
            if got != [n]:
                bad.append("table %r: rows %r, expected %d" % (cap, got, n))
        elif op == "--text":
            t = args.pop(0)
            if t not in text:
                bad.append("no text %r" % t)
    for b in bad:
        print("%s: %s" % (sys.argv[1], b))
    if bad:
        sys.exit(1)
    print("%s: %d charts, %d tables; titles: %s" %
          (sys.argv[1], len(d.series), len(d.tables), "; ".join(d.titles)))


main()
