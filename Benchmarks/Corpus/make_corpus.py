"""Build the real-text layout-benchmark corpus (Benchmarks/Corpus/<lang>.txt) from installed Debian packages."""
#
# Usage:  python3 Benchmarks/Corpus/make_corpus.py [--out DIR] [--allow-missing] [--report]
#
# Every text comes from a file that one of the Debian packages in PACKAGES
# installed: gettext catalogs (.mo, including LibreOffice's), man pages,
# debconf templates, the Korean Debian FAQ and the Greek LibreOffice help
# (HTML).  Files owned by any other package are ignored, so the output depends
# only on the versions of the packages listed below (README.md gives the
# versions the committed corpus was built from).  Selection is deterministic
# (seeded random.Random over sorted inputs).  Python 3 standard library only;
# groff (package groff-base) renders the man pages.
#
# Missing packages are printed as an apt-get line and the script stops (exit
# 2) unless --allow-missing is given.

import argparse
import glob
import gzip
import html.parser
import os
import random
import re
import struct
import subprocess
import sys
import unicodedata

SEED = "textlayout-corpus-v1"
TARGET = 300          # lines per language
PROSE_SHARE = 1 / 3   # aim: about one third prose paragraphs
PROSE_MIN, PROSE_MAX = 100, 600
UI_MAX = 300
MAN_PAGES_PER_LANG = 90   # seeded sample of man pages rendered per language

LANGS = ["en", "fr", "de", "vi", "ru", "el", "ar", "he", "zh", "ja", "ko", "th", "hi", "emoji"]
# Directory name used for the language under /usr/share/locale, /usr/share/man, ...
LOCALE = {"en": "en", "fr": "fr", "de": "de", "vi": "vi", "ru": "ru", "el": "el", "ar": "ar",
          "he": "he", "zh": "zh_CN", "ja": "ja", "ko": "ko", "th": "th", "hi": "hi"}

# The only packages whose files are read.  Printed (with an apt-get line) when missing.
PACKAGES = """
adduser appstream apt at-spi2-common base-passwd bash binutils-common coreutils
debconf debian-faq-ko debianutils diffutils dpkg dpkg-dev fakeroot findutils
fontconfig-config gettext gettext-base git git-man gnupg-l10n grep groff-base
gsettings-desktop-schemas iso-codes krb5-locales libapt-pkg6.0
libavahi-common-data libc-l10n libc6 libdpkg-perl libelf1 libgdk-pixbuf2.0-common
libglib2.0-data libgnutls30 libgstreamer1.0-0 libgtk2.0-common libidn2-0
libpam-modules libpam-runtime libpam0g libpq5 libreoffice-l10n-ar
libreoffice-help-el libreoffice-l10n-el libreoffice-l10n-he libreoffice-l10n-hi
libreoffice-l10n-th libsemanage-common
locales login make man-db manpages manpages-el manpages-ja manpages-vi manpages-zh
net-tools packagekit passwd polkitd postgresql-15 postgresql-client-15 procps
psmisc python-apt-common sed sensible-utils shared-mime-info
software-properties-common systemd tar tzdata vim-common vim-runtime wget
xdg-user-dirs xkb-data xxd xz-utils
""".split()

# HTML documentation read for prose: (folder, how many path components below it form a group).
DOCS = {
    "ko": [("/usr/share/doc/debian/FAQ/ko/", 1)],                # Debian FAQ, one group per chapter
    "el": [("/usr/share/libreoffice/help/el/text/", 2)],         # LibreOffice help, per module/section
}

# gettext domains whose '_' marks a keyboard mnemonic; LibreOffice uses '~'.
MNEMONIC_DOMAINS = {"gtk20", "software-properties"}
# Python codec names for legacy catalog charsets (supersets where the declared one is too small).
CHARSET_ALIASES = {"gb2312": "gb18030", "euc-kr": "cp949", "us-ascii": "ascii", "charset": "utf-8"}

# ---------------------------------------------------------------------------
# Package ownership


def load_owners():
    """Map installed path -> package, for the packages in PACKAGES only."""
    wanted = set(PACKAGES)
    owner = {}
    for lst in sorted(glob.glob("/var/lib/dpkg/info/*.list")):
        pkg = os.path.basename(lst)[:-5].split(":")[0]
        if pkg not in wanted:
            continue
        with open(lst, encoding="utf-8", errors="replace") as f:
            for line in f:
                owner[line.rstrip("\n")] = pkg
    return owner


def installed_versions():
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${Version}\t${db:Status-Abbrev}\n"],
                         capture_output=True, text=True).stdout
    vers = {}
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[2].startswith("ii"):
            vers[parts[0].split(":")[0]] = parts[1]
    return vers


# ---------------------------------------------------------------------------
# Text classification

RANGES = {
    "latin": [(0x41, 0x5A), (0x61, 0x7A), (0xC0, 0x24F), (0x1E00, 0x1EFF)],
    "cyrillic": [(0x400, 0x52F)],
    "greek": [(0x370, 0x3FF), (0x1F00, 0x1FFF)],
    "arabic": [(0x600, 0x6FF), (0x750, 0x77F), (0x8A0, 0x8FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)],
    "hebrew": [(0x590, 0x5FF), (0xFB1D, 0xFB4F)],
    "thai": [(0xE00, 0xE7F)],
    "devanagari": [(0x900, 0x97F), (0xA8E0, 0xA8FF)],
    "hangul": [(0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7AF)],
    "kana": [(0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F)],
    "han": [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3134F)],
}
SCRIPT_OF_LANG = {"en": "latin", "fr": "latin", "de": "latin", "vi": "latin", "ru": "cyrillic",
                  "el": "greek", "ar": "arabic", "he": "hebrew", "th": "thai", "hi": "devanagari",
                  "ko": "hangul", "ja": "han+kana", "zh": "han"}

STOP = {
    "en": set("the and of to is are for with that this be by not from it an or on can will which "
              "when if as was has have you your".split()),
    "fr": set("le la les des est une un pour dans que qui sur avec du et pas ce cette sont par "
              "au aux ne ou être vous votre son sa ses il elle".split()),
    "de": set("der die das und ist nicht mit für von ein eine einen werden wird zu auf den dem sich "
              "des im oder sie auch wenn kann als bei aus nur diese dieser".split()),
}
CJK_PUNCT = [(0x3000, 0x303F), (0xFF00, 0xFFEF)]
PLACEHOLDER = re.compile(
    r"%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t|I)?[diouxXeEfFgGaAcsSpn]"
    r"|%\([^)]*\)[a-zA-Z]|\{[^{}\s]*\}|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\([A-Za-z0-9_]+\)"
    r"|%[A-Z][A-Za-z0-9_]*%|%[0-9]|%[A-Z]{3,}[A-Z0-9_]*")  # last: LibreOffice's %PRODUCTNAME
OPTION = re.compile(r"(^|[\s\[(\"'`‘“«=|,])--?[A-Za-z]")
MARKUP = re.compile(r"<[A-Za-z/!][^>]*>|&[a-z]+;|&#\d+;")
URLISH = re.compile(r"://|www\.|\w@\w")
USAGE = re.compile(r"\[([^\[\]]{1,40})\](\.\.\.|…)?")  # synopsis syntax: [OPTION]..., [FILE]
SENTENCE_END = tuple(".!?。！？।॥؟:;)）」』\"'”»…")


def has_usage(text):
    """True for command synopsis syntax: "[OPTION]...", "[FICHIER]", "[--]", "[...]"."""
    for m in USAGE.finditer(text):
        inner = m.group(1).strip(" -=._")
        if m.group(2) or not inner or (inner.isupper() and " " not in inner) or m.group(1).startswith("-"):
            return True
    return False


def in_ranges(cp, ranges):
    return any(a <= cp <= b for a, b in ranges)


def script_counts(text):
    counts = {k: 0 for k in RANGES}
    other = 0
    for ch in text:
        if not ch.isalpha():
            continue
        cp = ord(ch)
        for name, rs in RANGES.items():
            if in_ranges(cp, rs):
                counts[name] += 1
                break
        else:
            other += 1
    return counts, other


def words(text):
    return re.findall(r"[^\W\d_]+", text.lower())


def is_lang(text, lang, msgid=None, share=0.5):
    """Is `text` genuinely written in `lang` (script share, plus word checks for Latin)?"""
    counts, other = script_counts(text)
    letters = sum(counts.values()) + other
    if letters == 0:
        return False
    script = SCRIPT_OF_LANG[lang]
    if script == "han+kana":
        target = counts["han"] + counts["kana"]
        if counts["kana"] == 0:
            return False
    else:
        target = counts[script]
        if lang == "zh" and (counts["kana"] or counts["hangul"]):
            return False
    if script != "latin":
        return target / letters >= share
    if target / letters < 0.97:
        return False
    if lang != "en" and msgid is not None and text.strip() == msgid.strip():
        return False  # left untranslated
    ws = words(text)
    if lang == "en":
        return not any(ord(ch) > 0x24F and ch.isalpha() for ch in text)
    if lang == "vi":
        marked = sum(1 for w in ws if any(ord(c) > 0x7F for c in w))
        return marked >= 1 and (len(ws) < 5 or marked / len(ws) >= 0.25)
    if len(ws) >= 5:  # fr / de: more own function words than English ones
        own = sum(1 for w in ws if w in STOP[lang])
        eng = sum(1 for w in ws if w in STOP["en"])
        return own >= 1 and own > eng
    return True


def control_ok(text):
    """No control characters except at most one internal newline."""
    if text.count("\n") > 1 or "\ufffd" in text:
        return False
    return not any(unicodedata.category(c) == "Cc" and c != "\n" for c in text)


def letter_share(text):
    nonspace = [c for c in text if not c.isspace()]
    if not nonspace:
        return 0.0
    return sum(1 for c in nonspace if c.isalpha() or unicodedata.category(c).startswith("M")) / len(nonspace)


def ui_ok(text, lang, msgid):
    if not (2 <= len(text) <= UI_MAX) or not control_ok(text):
        return False
    if len(PLACEHOLDER.findall(text)) > 1:
        return False
    if OPTION.search(text) or MARKUP.search(text) or URLISH.search(text) or has_usage(text):
        return False
    if letter_share(text) < 0.7 or re.fullmatch(r"[A-Z0-9_]+", text):
        return False  # mostly punctuation, or a bare identifier such as FD
    if "   " in text or text[0] in "@#$^*=|\\/<>~`:;,!?+&}]-":
        return False  # column-aligned output or syntax
    return is_lang(text, lang, msgid)


def prose_ok(text, lang, msgid=None, need_end=True):
    if not (PROSE_MIN <= len(text) <= PROSE_MAX) or not control_ok(text):
        return False
    if len(PLACEHOLDER.findall(text)) > 1 or MARKUP.search(text) or URLISH.search(text):
        return False
    if has_usage(text):
        return False
    if "   " in text or "\t" in text:
        return False
    first = text[0]
    if not (first.isalpha() or first in "\"'“‘«„(「『《【¿¡") or first.islower():
        return False  # starts mid-sentence (e.g. after an example) or with syntax
    if need_end and lang != "th" and not text.rstrip().endswith(SENTENCE_END):
        return False
    if len(OPTION.findall(text)) > 1 or letter_share(text) < 0.7:
        return False
    return is_lang(text, lang, msgid, share=0.7)


def is_cjk(ch):
    cp = ord(ch)
    return (in_ranges(cp, RANGES["han"]) or in_ranges(cp, RANGES["kana"])
            or in_ranges(cp, CJK_PUNCT))


def fix_cjk_spaces(text):
    """Drop the spaces that joining wrapped source lines put between two CJK characters."""
    out = []
    for i, ch in enumerate(text):
        if ch == " " and 0 < i < len(text) - 1 and is_cjk(text[i - 1]) and is_cjk(text[i + 1]):
            continue
        out.append(ch)
    return "".join(out)


def join_lines(lines, lang):
    text = re.sub(r"\s+", " ", " ".join(l.strip() for l in lines)).strip()
    if lang in ("zh", "ja"):
        text = fix_cjk_spaces(text)
    return text


# ---------------------------------------------------------------------------
# Sources


def read_mo(path):
    """Yield (msgctxt, msgid, [msgstr forms]) from a GNU .mo file, decoded with its charset."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 28:
        return
    for end in "<>":
        if struct.unpack(end + "I", data[:4])[0] == 0x950412DE:
            break
    else:
        return
    _, n, ooff, toff = struct.unpack(end + "4I", data[4:20])

    def entry(table, i):
        ln, off = struct.unpack(end + "2I", data[table + 8 * i: table + 8 * i + 8])
        return data[off: off + ln]

    charset = "utf-8"
    for i in range(n):
        mid, raw = entry(ooff, i), entry(toff, i)
        if not mid:  # header entry: learn the catalog's charset
            m = re.search(rb"charset=([A-Za-z0-9_.:-]+)", raw)
            if m:
                cs = m.group(1).decode("ascii").lower()
                charset = CHARSET_ALIASES.get(cs, cs)
            continue
        try:
            mid, mstr = mid.decode(charset, "replace"), raw.decode(charset, "replace")
        except LookupError:
            return
        ctx = None
        if "\x04" in mid:
            ctx, mid = mid.split("\x04", 1)
        yield ctx, mid.split("\x00")[0], [s for s in mstr.split("\x00") if s]


def strip_mnemonic(text, domain, libreoffice):
    if libreoffice:
        text = re.sub(r"\(~[A-Za-z0-9]\)", "", text)
        return text.replace("~", "")
    if domain in MNEMONIC_DOMAINS:
        text = re.sub(r"\s?\(_[A-Za-z0-9]\)", "", text)
        text = re.sub(r"_(?=\w)", "", text)
    return text


def catalog_files(lang, owner):
    """Sorted (path, package, domain, is_libreoffice) for lang's catalogs."""
    locs = [LOCALE[l] for l in LOCALE if l != "en"] if lang == "en" else [LOCALE[lang]]
    found = []
    for path, pkg in owner.items():
        if not path.endswith(".mo") or "/LC_MESSAGES/" not in path:
            continue
        loc = path.split("/LC_MESSAGES/")[0].rsplit("/", 1)[-1]
        if loc in locs and os.path.isfile(path):
            found.append((path, pkg, os.path.basename(path)[:-3], "/libreoffice/" in path))
    return sorted(found)


def catalog_texts(lang, owner):
    """(text, package) pairs: msgstrs (msgids for English) after mnemonic removal."""
    out = []
    for path, pkg, domain, lo in catalog_files(lang, owner):
        for ctx, mid, strs in read_mo(path):
            if lang == "en":
                cands = [(mid, None)]
            else:
                cands = [(s, mid) for s in strs]
            for text, src in cands:
                text = strip_mnemonic(text, domain, lo).strip()
                src = strip_mnemonic(src, domain, lo).strip() if src else src
                out.append((text, src, pkg))
    return out


def man_files(lang, owner):
    if lang == "en":
        pat = re.compile(r"^/usr/share/man/man[1578]/[^/]+\.gz$")
    else:
        pat = re.compile(r"^/usr/share/man/%s/man[1-8]/[^/]+\.gz$" % re.escape(LOCALE[lang]))
    files = sorted((p, pkg) for p, pkg in owner.items()
                   if pat.match(p) and os.path.isfile(p) and not os.path.islink(p))
    rng = random.Random(f"{SEED}-man-{lang}")
    rng.shuffle(files)
    picked = []
    for path, pkg in files:
        with gzip.open(path, "rb") as f:
            head = f.read(200)
        if head.lstrip().startswith(b".so "):
            continue  # a link to another page
        picked.append((path, pkg))
        if len(picked) >= MAN_PAGES_PER_LANG:
            break
    return picked


def render_man(path):
    with gzip.open(path, "rb") as f:
        src = f.read()
    try:
        res = subprocess.run(
            ["groff", "-Kutf-8", "-t", "-Tutf8", "-mandoc", "-rLL=3000n", "-rHY=0",
             "-P-c", "-P-b", "-P-o", "-P-u"],
            input=src, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return ""
    return res.stdout.decode("utf-8", "replace")


def man_paragraphs(lang, owner):
    out = []
    for path, pkg in man_files(lang, owner):
        for line in render_man(path).splitlines():
            if not line.startswith("       ") or line.startswith("        " * 2):
                continue  # section headings / deeply indented examples
            text = join_lines([line], lang)
            out.append((text, pkg, path))
    return out


def debconf_texts(lang, owner):
    """Short descriptions (UI) and extended-description paragraphs (prose) of debconf templates."""
    ui, prose = [], []
    field = "Description" if lang == "en" else "Description-%s.UTF-8" % LOCALE[lang]
    field_alt = "Description-%s.UTF-8" % lang
    for path in sorted(glob.glob("/var/lib/dpkg/info/*.templates")):
        pkg = os.path.basename(path)[:-10].split(":")[0]
        if pkg not in PACKAGES:
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        i = 0
        while i < len(lines):
            line = lines[i]
            name, _, value = line.partition(":")
            if name in (field, field_alt) and not line.startswith(" "):
                ui.append((value.strip(), pkg))
                body = []
                i += 1
                while i < len(lines) and lines[i].startswith(" "):
                    body.append(lines[i])
                    i += 1
                para, verbatim = [], False
                for b in body + [" ."]:
                    if b.strip() == ".":
                        if para and not verbatim:
                            prose.append((join_lines(para, lang), pkg, path))
                        para, verbatim = [], False
                    elif b.startswith("  "):
                        verbatim = True
                    else:
                        para.append(b)
                continue
            i += 1
    return ui, prose


class _ParaParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.paras, self.cur, self.skip = [], None, 0

    def handle_starttag(self, tag, attrs):
        if tag in ("pre", "code", "script", "style"):
            self.skip += 1
        if tag == "p":
            self.cur = []

    def handle_endtag(self, tag):
        if tag in ("pre", "code", "script", "style"):
            self.skip = max(0, self.skip - 1)
        if tag == "p" and self.cur is not None:
            self.paras.append("".join(self.cur))
            self.cur = None

    def handle_data(self, data):
        if self.cur is not None:
            self.cur.append(data if not self.skip else " \x00 ")


def doc_paragraphs(lang, owner):
    """<p> paragraphs of the HTML documentation listed in DOCS for lang, grouped by sub-folder."""
    out = []
    for root, depth in DOCS.get(lang, []):
        for path, pkg in sorted(owner.items()):
            if not (path.startswith(root) and path.endswith(".html") and os.path.isfile(path)):
                continue
            group = root + "/".join(path[len(root):].split("/")[:depth])
            parser = _ParaParser()
            with open(path, encoding="utf-8", errors="replace") as f:
                parser.feed(f.read())
            for p in parser.paras:
                if "\x00" in p:
                    continue  # contains inline code; skip
                out.append((join_lines([p], lang), pkg, group))
    return out


# ---------------------------------------------------------------------------
# Selection


def round_robin(groups, n, rng, seen):
    """Pick up to n unseen texts, one group at a time (groups visited in a seeded order)."""
    queues = {}
    for g in sorted(groups):
        items = sorted(set(groups[g]))
        rng.shuffle(items)
        queues[g] = items
    order = sorted(queues)
    rng.shuffle(order)
    picked = []
    while len(picked) < n and any(queues.values()):
        for g in order:
            q = queues[g]
            while q:
                t = q.pop()
                if t not in seen:
                    seen.add(t)
                    picked.append((t, g))
                    break
            if len(picked) >= n:
                break
    return picked


def build_language(lang, owner):
    """Return (texts, stats) for a non-emoji language."""
    ui_groups, prose_groups = {}, {}

    def add(groups, key, text):
        groups.setdefault(key, []).append(text)

    for text, src, pkg in catalog_texts(lang, owner):
        if "\n" not in text and prose_ok(text, lang, src):
            add(prose_groups, ("catalog", pkg, ""), text)  # long descriptions, e.g. tooltips
        if ui_ok(text, lang, src):
            add(ui_groups, ("catalog", pkg, ""), text)
    dc_ui, dc_prose = debconf_texts(lang, owner)
    for text, pkg in dc_ui:
        if ui_ok(text, lang, None):
            add(ui_groups, ("debconf", pkg, ""), text)
    for text, pkg, path in dc_prose:
        if prose_ok(text, lang, need_end=False):
            add(prose_groups, ("debconf", pkg, ""), text)
    for text, pkg, path in man_paragraphs(lang, owner):
        if prose_ok(text, lang):
            add(prose_groups, ("man", pkg, path), text)
    for text, pkg, group in doc_paragraphs(lang, owner):
        if prose_ok(text, lang):
            add(prose_groups, ("doc", pkg, group), text)

    rng = random.Random(f"{SEED}-{lang}")
    seen = set()
    n_prose = round(TARGET * PROSE_SHARE)
    prose = round_robin(prose_groups, n_prose, rng, seen)
    ui = round_robin(ui_groups, TARGET - len(prose), rng, seen)
    picked = [(t, "prose", g) for t, g in prose] + [(t, "ui", g) for t, g in ui]
    rng.shuffle(picked)
    return picked


# Emoji recipe --------------------------------------------------------------

def _seq(*cps):
    return "".join(chr(c) for c in cps)


ZWJ, VS16, KEYCAP = 0x200D, 0xFE0F, 0x20E3
SKIN = [0x1F3FB, 0x1F3FC, 0x1F3FD, 0x1F3FE, 0x1F3FF]
EMOJI = {
    "single": [_seq(c) for c in (0x1F600, 0x1F602, 0x1F60D, 0x1F914, 0x1F389, 0x1F680, 0x1F525,
                                 0x2705, 0x274C, 0x1F4C1, 0x1F512, 0x1F4E6, 0x1F50D, 0x1F4BE, 0x1F5D1,
                                 0x1F4A1, 0x1F31F, 0x1F308, 0x1F355, 0x1F431, 0x1F436, 0x1F981,
                                 0x1F4E7, 0x1F4C5, 0x231B, 0x1F6A7, 0x1F973, 0x1FAE0)]
              + [_seq(c, VS16) for c in (0x2764, 0x26A0, 0x2699, 0x270F, 0x2601, 0x2600, 0x2B50)]
              ,
    "skin": [_seq(base, tone) for base in (0x1F44D, 0x1F44B, 0x1F44F, 0x1F64F, 0x1F4AA, 0x270C,
                                           0x1F91E, 0x1F9D1, 0x1F476)
             for tone in SKIN],
    "zwj": [
        _seq(0x1F468, ZWJ, 0x1F469, ZWJ, 0x1F467, ZWJ, 0x1F466),   # family: man, woman, girl, boy
        _seq(0x1F469, ZWJ, 0x1F469, ZWJ, 0x1F466),                 # family: woman, woman, boy
        _seq(0x1F468, ZWJ, 0x1F467),                               # family: man, girl
        _seq(0x1F9D1, ZWJ, 0x1F4BB),                               # technologist
        _seq(0x1F469, 0x1F3FD, ZWJ, 0x1F4BB),                      # woman technologist, medium skin
        _seq(0x1F468, 0x1F3FF, ZWJ, 0x1F373),                      # man cook, dark skin
        _seq(0x1F9D1, 0x1F3FB, ZWJ, 0x1F91D, ZWJ, 0x1F9D1, 0x1F3FE),  # people holding hands
        _seq(0x1F3F3, VS16, ZWJ, 0x1F308),                         # rainbow flag
        _seq(0x1F3F4, ZWJ, 0x2620, VS16),                          # pirate flag
        _seq(0x1F441, VS16, ZWJ, 0x1F5E8, VS16),                   # eye in speech bubble
        _seq(0x2764, VS16, ZWJ, 0x1F525),                          # heart on fire
        _seq(0x1F43B, ZWJ, 0x2744, VS16),                          # polar bear
    ],
    "flag": [_seq(0x1F1E6 + ord(a) - 65, 0x1F1E6 + ord(b) - 65)
             for a, b in ("FR", "DE", "VN", "RU", "GR", "EG", "IL", "CN", "JP", "KR", "TH", "IN",
                          "US", "GB", "BR", "CA", "UA", "ZA")]
            + [_seq(0x1F3F4, *[0xE0000 + ord(c) for c in tag], 0xE007F)
               for tag in ("gbsct", "gbwls", "gbeng")],               # subdivision (tag) flags
    "keycap": [_seq(ord(c), VS16, KEYCAP) for c in "0123456789#*"] + [_seq(0x1F51F)],
}
EMOJI_KINDS = ["single", "skin", "zwj", "flag", "keycap"]


def emojify(text, rng):
    """Insert 1-4 emoji at word boundaries (after spaces, at start or at end)."""
    n = rng.choice([1, 1, 2, 2, 3, 4])
    spots = [0] + [m.end() for m in re.finditer(r" ", text)] + [len(text)]
    for _ in range(n):
        kind = rng.choice(EMOJI_KINDS)
        e = rng.choice(EMOJI[kind])
        if rng.random() < 0.15:
            e = e + rng.choice(EMOJI[rng.choice(EMOJI_KINDS)])  # adjacent cluster
        pos = rng.choice(spots)
        if pos == 0:
            ins = e + " "
        elif pos == len(text):
            ins = " " + e
        else:
            ins = e + " " if rng.random() < 0.6 else e
        text = text[:pos] + ins + text[pos:]
        spots = [0] + [m.end() for m in re.finditer(r" ", text)] + [len(text)]
    return text


def build_emoji(en_picked):
    rng = random.Random(f"{SEED}-emoji")
    out, seen = [], set()
    for text, kind, group in en_picked:
        t = emojify(text, rng)
        if t not in seen and len(t) <= PROSE_MAX + 40:
            seen.add(t)
            out.append((t, kind, group))
    return out


# ---------------------------------------------------------------------------

def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def check_requirements(allow_missing):
    vers = installed_versions()
    missing = [p for p in PACKAGES if p not in vers]
    if not shutil_which("groff"):
        missing.append("groff-base")
    if missing:
        msg = ("make_corpus.py: missing packages (output would differ from the committed corpus):\n"
               "  apt-get install -y --no-install-recommends " + " ".join(sorted(set(missing))))
        print(msg, file=sys.stderr)
        if not allow_missing:
            sys.exit(2)
    return vers


def shutil_which(cmd):
    for d in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep):
        p = os.path.join(d, cmd)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--allow-missing", action="store_true",
                    help="build even if some of PACKAGES are not installed")
    ap.add_argument("--report", action="store_true",
                    help="print per-language counts and source packages (Markdown)")
    args = ap.parse_args()
    vers = check_requirements(args.allow_missing)
    owner = load_owners()
    langs = args.langs.split(",")
    results = {}
    for lang in langs:
        if lang == "emoji":
            continue
        results[lang] = build_language(lang, owner)
    if "emoji" in langs:
        results["emoji"] = build_emoji(results.get("en") or build_language("en", owner))
    for lang in langs:
        picked = results[lang]
        with open(os.path.join(args.out, f"{lang}.txt"), "w", encoding="utf-8", newline="\n") as f:
            for text, _, _ in picked:
                f.write(escape(text) + "\n")
        n_prose = sum(1 for _, k, _ in picked if k == "prose")
        print(f"{lang}: {len(picked)} lines ({n_prose} prose, {len(picked) - n_prose} UI)",
              file=sys.stderr)
    if args.report:
        report(results, langs, vers)


def report(results, langs, vers):
    print("| lang | lines | prose | UI | source packages (lines) |")
    print("| --- | --- | --- | --- | --- |")
    for lang in langs:
        picked = results[lang]
        n_prose = sum(1 for _, k, _ in picked if k == "prose")
        counts = {}
        for _, kind, g in picked:
            counts[g[1]] = counts.get(g[1], 0) + 1
        srcs = ", ".join(f"{p} ({c})" for p, c in sorted(counts.items(), key=lambda x: (-x[1], x[0])))
        print(f"| {lang} | {len(picked)} | {n_prose} | {len(picked) - n_prose} | {srcs} |")
    print()
    print("Prose lines per language by kind of source:")
    for lang in langs:
        kinds = {}
        for _, kind, g in results[lang]:
            if kind == "prose":
                kinds[g[0]] = kinds.get(g[0], 0) + 1
        print(f"- {lang}: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print()
    used = sorted({g[1] for lang in langs for _, _, g in results[lang]})
    print("Packages used (dpkg-query -W):")
    print("```")
    for p in used:
        print(f"{p}\t{vers.get(p, '(not installed)')}")
    print("```")


if __name__ == "__main__":
    main()
