#!/usr/bin/env python3
# Read back the DOM a browser dumped (chromium --dump-dom) of a sysmark
# report and check what a reader would see in it:
#   --title TEXT          a chart with this <title>
#   --series ID N         chart ID draws exactly N series (one path each)
#   --rows CAPTION N      the table whose caption starts with CAPTION has
#                         N body rows
#   --text TEXT           this text is on the page
#   --labels-inside       every <text> of every chart lies inside its
#                         chart, as the browser laid them out: read from
#                         the boxes report.sh's probe wrote on a copy of
#                         the page (data-frame on each chart, data-box on
#                         each text, data-laid-out on the body)
# Exits 1 naming each one that fails; prints what it found otherwise.
import sys
from html.parser import HTMLParser


def box(s):
    return tuple(float(v) for v in s.split())


def outside(d):
    """Each chart text not inside its chart's frame, with a pixel of slack."""
    bad = []
    for cid, (l, t, r, b), words in d.boxes:
        fl, ft, fr, fb = d.frames.get(cid, (0, 0, 0, 0))
        if l < fl - 1 or t < ft - 1 or r > fr + 1 or b > fb + 1:
            bad.append("chart %s: label %r at %.0f..%.0f x %.0f..%.0f, "
                       "outside %.0f..%.0f x %.0f..%.0f" %
                       (cid, words, l, r, t, b, fl, fr, ft, fb))
    return bad


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
        self.laid_out = False
        self.frames = {}        # chart id -> (left, top, right, bottom)
        self.boxes = []         # [chart id, (l, t, r, b), text]
        self.label = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.where.append(tag)
        if tag == "body" and a.get("data-laid-out") == "1":
            self.laid_out = True
        if tag == "svg" and "chart" in (a.get("class") or "").split():
            self.chart = a.get("id")
            self.series[self.chart] = 0
            if a.get("data-frame"):
                self.frames[self.chart] = box(a["data-frame"])
        if tag == "text" and self.chart and a.get("data-box"):
            self.label = [self.chart, box(a["data-box"]), ""]
            self.boxes.append(self.label)
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
        if tag == "text":
            self.label = None
        if tag == "title" and self.buf is not None:
            self.titles.append(self.buf)
            self.buf = None
        if tag == "caption" and self.buf is not None:
            self.tables[-1][0] = self.buf
            self.buf = None

    def handle_data(self, data):
        self.text.append(data)
        if self.label is not None:
            self.label[2] += data
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
        elif op == "--labels-inside":
            if not d.laid_out or not d.boxes:
                bad.append("no layout probe ran (data-laid-out, data-box)")
            bad += outside(d)
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
