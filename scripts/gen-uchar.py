#!/usr/bin/env python3
# gen-uchar.py - print the generated tables of render/text/uchar.c (between its
# BEGIN GENERATED and END GENERATED lines) from Python's unicodedata:
# zero-width and wide characters (terminal columns), strong right-to-left
# characters (bidi R and AL), and ASCII forms of Latin letters with
# diacritics (their NFD base letter, plus a few without a decomposition).
# Usage: python3 scripts/gen-uchar.py  (the tables in the tree: Unicode 14.0)
import unicodedata as u, sys
def ranges(pred):
    out=[];start=None
    for cp in range(0x110000):
        if 0xd800<=cp<=0xdfff: ok=False
        else: ok=pred(cp)
        if ok and start is None: start=cp
        if not ok and start is not None: out.append((start,cp-1)); start=None
    if start is not None: out.append((start,0x10ffff))
    return out
def zero(cp):
    c=chr(cp); cat=u.category(c)
    if cp==0xad: return False
    if cat in ('Mn','Me','Cf'): return True
    if 0x1160<=cp<=0x11ff or cp==0x200b: return True
    return False
def wide(cp):
    c=chr(cp)
    if zero(cp): return False
    if u.east_asian_width(c) in ('W','F'): return True
    if 0x3400<=cp<=0x4dbf or 0x4e00<=cp<=0x9fff or 0xf900<=cp<=0xfaff or 0x20000<=cp<=0x2fffd or 0x30000<=cp<=0x3fffd: return True
    return False
def emit(name, rs):
    print("static const struct range %s[] = {" % name)
    line="\t"
    for a,b in rs:
        item="{0x%x, 0x%x}, " % (a,b)
        if len(line)+len(item.rstrip())>72:
            print(line.rstrip()); line="\t"
        line+=item
    print(line.rstrip())
    print("};")
emit("zero_width", ranges(zero))
print()
emit("wide", ranges(wide))
print()
emit("rtl", ranges(lambda cp: u.bidirectional(chr(cp)) in ('R','AL')))
print()
extra={0x110:'D',0x111:'d',0x126:'H',0x127:'h',0x131:'i',0x132:'IJ',0x133:'ij',0x13f:'L',0x140:'l',0x141:'L',0x142:'l',0x149:"'n",0x152:'OE',0x153:'oe',0x166:'T',0x167:'t',0x17f:'s',0x180:'b',0x189:'D',0x18a:'D',0x191:'F',0x192:'f',0x197:'I',0x19a:'l',0x1b5:'Z',0x1b6:'z',0x1e4:'G',0x1e5:'g',0x1c4:'DZ',0x1c5:'Dz',0x1c6:'dz',0x1c7:'LJ',0x1c8:'Lj',0x1c9:'lj',0x1ca:'NJ',0x1cb:'Nj',0x1cc:'nj',0x1f1:'DZ',0x1f2:'Dz',0x1f3:'dz',0x1e9e:'SS'}
out=[]
for cp in list(range(0x100,0x250))+list(range(0x1e00,0x1f00)):
    if cp in extra: out.append((cp,extra[cp])); continue
    d=u.normalize('NFD',chr(cp))
    if len(d)>1 and d[0].isascii() and d[0].isalpha() and all(u.category(c)=='Mn' for c in d[1:]):
        out.append((cp,d[0]))
    elif len(d)>1 and ord(d[0]) in extra and all(u.category(c)=='Mn' for c in d[1:]):
        out.append((cp,extra[ord(d[0])]))
out.sort()
print("static const struct translit latin[] = {")
line="\t"
for cp,s in out:
    item='{0x%x, "%s"}, ' % (cp,s.replace("'","\\'") if False else s)
    if len(line)+len(item.rstrip())>72: print(line.rstrip()); line="\t"
    line+=item
print(line.rstrip()); print("};")
