#!/usr/bin/env python3
# Read a PNG screenshot with zlib alone (no imaging library): check its
# size and that it is not blank.  Prints "WIDTH HEIGHT INKED COLOURS":
# the share of pixels unlike the top-left (background) one, and how many
# colours it holds (up to 1000).  Exits 1 when the size is not W x H, or
# when under MIN (a fraction) of it is inked, or under 4 colours show, or
# when the background is not as SCHEME says (light: bright, dark: dim).
# Usage: python3 tests/check/pngcheck.py FILE W H MIN [light|dark]
import struct
import sys
import zlib


def chunks(data):
    pos = 8
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + n]
        pos += 12 + n


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(raw, w, h, bpp):
    stride = w * bpp
    out = bytearray(stride * h)
    prev = bytearray(stride)
    pos = 0
    for y in range(h):
        f = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return out


def main():
    path, want_w, want_h, least = sys.argv[1], int(sys.argv[2]), \
        int(sys.argv[3]), float(sys.argv[4])
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("%s: not a PNG" % path)
    idat = b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
    if depth != 8 or ctype not in (2, 6):
        sys.exit("%s: depth %d colour type %d not read here" %
                 (path, depth, ctype))
    bpp = 3 if ctype == 2 else 4
    px = unfilter(zlib.decompress(idat), w, h, bpp)
    bg = bytes(px[0:3])
    inked = 0
    colours = set()
    for i in range(0, len(px), bpp):
        p = bytes(px[i:i + 3])
        if p != bg:
            inked += 1
            if len(colours) < 1000:
                colours.add(p)
    share = inked / float(w * h)
    print("%d %d %.4f %d" % (w, h, share, len(colours)))
    if (w, h) != (want_w, want_h):
        sys.exit("%s: %dx%d, expected %dx%d" % (path, w, h, want_w, want_h))
    if share < least or len(colours) < 4:
        sys.exit("%s: blank: %.4f inked, %d colours" %
                 (path, share, len(colours)))
    scheme = sys.argv[5] if len(sys.argv) > 5 else None
    if (scheme == "light" and min(bg) < 0xc0) or \
            (scheme == "dark" and max(bg) > 0x40):
        sys.exit("%s: background #%s is not %s" % (path, bg.hex(), scheme))


main()
