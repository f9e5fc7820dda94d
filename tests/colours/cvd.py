#!/usr/bin/env python3
"""cvd.py - can readers with colour vision deficiency tell the series
palette apart?  Simulates deuteranopia and protanopia (Machado, Oliveira
and Fernandes 2009, severity 1.0, applied to linear sRGB), then prints the
smallest CIEDE2000 distance between any two palette colours for normal
vision and each deficiency, and the pair it belongs to.

    python3 tests/colours/cvd.py [#rrggbb ...]

Results (minimum over all pairs, CIEDE2000 / CIELAB 1976):

    palette (Okabe-Ito)    normal 21.7 / 26.4   deuteranopia 11.6 / 17.0
                           protanopia 12.2 / 20.7
    PTS's first eight      normal 16.7 / 31.7   deuteranopia  6.0 / 12.6
                           protanopia  6.4 /  7.3

With no arguments it checks render/chart/colours.c's palette (read from the
source, so the numbers cannot drift from the code).  The unit test
check_colours.c recomputes the same minimum in C (CIELAB 1976 distance)
and fails below a threshold; this script is the reference for the
CIEDE2000 figures quoted there.
"""
import math
import re
import sys
from itertools import combinations

MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def lin(c):
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_lab(rgb):
    """Linear sRGB (0..1) -> CIELAB (D65)."""
    r, g, b = rgb
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    xn, yn, zn = 0.95047, 1.0, 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else \
            t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x / xn), f(y / yn), f(z / zn)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(p, q):
    (l1, a1, b1), (l2, a2, b2) = p, q
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hm = (h1p + h2p + 360) / 2
    else:
        hm = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30))
         + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6))
         - 0.20 * math.cos(math.radians(4 * hm - 63)))
    dtheta = 30 * math.exp(-((hm - 275) / 25) ** 2)
    rc = 2 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2
                     + rt * (dc / sc) * (dH / sh))


def simulate(rgb, m):
    if m is None:
        return rgb
    return tuple(min(1.0, max(0.0, sum(m[i][k] * rgb[k]
                                       for k in range(3))))
                 for i in range(3))


def palette_from_source():
    src = open(__file__.rsplit("/", 3)[0] + "/render/chart/colours.c").read()
    body = re.search(r"palette\[[^]]*\] = \{(.*?)\};", src, re.S).group(1)
    return ["#%06x" % int(h, 16) for h in re.findall(r"0x([0-9a-fA-F]{6})",
                                                      body)]


def main():
    cols = sys.argv[1:] or palette_from_source()
    rgbs = [tuple(lin(int(c.lstrip("#")[i:i + 2], 16)) for i in (0, 2, 4))
            for c in cols]
    for name, m in [("normal", None)] + sorted(MACHADO.items()):
        labs = [to_lab(simulate(c, m)) for c in rgbs]
        d, i, j = min((ciede2000(labs[i], labs[j]), i, j)
                      for i, j in combinations(range(len(cols)), 2))
        e76 = min(math.dist(labs[i], labs[j])
                  for i, j in combinations(range(len(cols)), 2))
        print("%-13s min CIEDE2000 %5.1f (%s vs %s), min CIELAB %5.1f"
              % (name, d, cols[i], cols[j], e76))


if __name__ == "__main__":
    main()
