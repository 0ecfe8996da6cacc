"""Records Pango's line starts in each golden layout case (a `pango:` line), so GoldenTests can hold our starts against an outside engine.

  python3 scripts/record-pango-starts.py [PEERS_DIR]

PEERS_DIR is the folder of the independent peers (pango_layout.c, compare.py); by default
../shared/peers next to the repository (or next to the main checkout, from a git worktree).
Their code is not copied: compare.py builds pango_layout.

Each case Tests/Goldens/{core,scripts}/NAME.txt is laid out by Pango with the same font file
(Fonts/, found by its family through a fontconfig configuration that holds only Fonts/, as the
golden tests' font context does), the size and wrap width of NAME.expected (the width less the
side insets), and the case's lineSpace. With a soft hyphen (U+00AD) in the text, Pango inserts
hyphens (PEER_INSERT_HYPHENS=1). The `pango:` line is rewritten in place; a case whose starts in
NAME.expected differ from Pango's must name the kind of difference in a `pango-difference:` line
(one of the kinds in the "Exactness against Pango" tables of docs/exactness.md), which this script keeps.
It prints every case whose recorded kind is missing or no longer needed, and then exits 1.
"""
import json, os, re, subprocess, sys, tempfile
from pango_peers import load_compare

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "Fonts")
GOLDENS = os.path.join(ROOT, "Tests", "Goldens")
AREAS = ["core", "scripts"]
DEFAULT_FONT = "DejaVuSans.ttf"


def case_settings(txt):
    """The `key: value` lines of a case file, as a dict of raw values (comments skipped)."""
    settings = {}
    for line in txt.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or ":" not in line:
            continue
        key, value = line.split(":", 1)
        settings[key.strip()] = value.strip()
    return settings


def expected_layout(expected):
    """Size, wrap width and line starts from a case's .expected dump."""
    size = float(re.search(r"^font .* size ([0-9.]+)$", expected, re.M).group(1))
    width = float(re.search(r"^width ([0-9.]+)$", expected, re.M).group(1))
    starts = [int(m.group(1)) for m in re.finditer(r"^line \d+ \[(\d+)\.\.", expected, re.M)]
    return size, width, starts


def fontconfig_file(workdir):
    """A fontconfig configuration that sees only the bundled fonts and their own language preferences."""
    path = os.path.join(workdir, "fonts.conf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'<?xml version="1.0"?>\n<fontconfig><dir>{FONTS}</dir>'
                f'<cachedir>{os.path.join(workdir, "cache")}</cachedir>'
                f'<include ignore_missing="yes">{os.path.join(FONTS, "fonts.conf")}</include>'
                # Bitmap fonts (the colour emoji) scaled to the size asked, as the system's configuration
                # and the engine do; without it cairo draws them at their strike size (136 px).
                f'<include ignore_missing="yes">/etc/fonts/conf.d/10-scale-bitmap-fonts.conf</include></fontconfig>\n')
    return path


def family_of(font_file, env):
    """The family fontconfig names `font_file` by, checked to resolve back to that same file."""
    path = os.path.join(FONTS, font_file)
    family = subprocess.run(["fc-query", "-f", "%{family[0]}", path], capture_output=True, text=True, check=True).stdout
    found = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True, check=True, env=env).stdout
    if os.path.realpath(found) != os.path.realpath(path):
        sys.exit(f"the family '{family}' of {font_file} resolves to {found}, not to {path}: Pango would use another font")
    return family


def with_pango_line(txt, starts):
    """The case file with its `pango:` line set to `starts` (added after the text line when absent)."""
    line = "pango: " + ",".join(map(str, starts))
    if re.search(r"^pango:.*$", txt, re.M):
        return re.sub(r"^pango:.*$", line, txt, count=1, flags=re.M)
    return txt.rstrip("\n") + "\n" + line + "\n"


def main():
    compare = load_compare(sys.argv[1] if len(sys.argv) > 1 else None)
    workdir = tempfile.mkdtemp(prefix="textlayout-pango-goldens-")
    env = dict(os.environ, FONTCONFIG_FILE=fontconfig_file(workdir), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("PEER_INSERT_HYPHENS", None)
    problems = []
    for area in AREAS:
        for name in sorted(n[:-4] for n in os.listdir(os.path.join(GOLDENS, area)) if n.endswith(".txt")):
            txt_path = os.path.join(GOLDENS, area, name + ".txt")
            txt = open(txt_path, encoding="utf-8").read()
            settings = case_settings(txt)
            text = json.loads(settings["text"])
            size, width, ours = expected_layout(open(os.path.join(GOLDENS, area, name + ".expected"), encoding="utf-8").read())
            family = family_of(settings.get("font", DEFAULT_FONT), env)
            job = f"{size}\t{width}\t{settings.get('lineSpace', '0')}\t{family}\t{compare.esc(text)}\n"
            run_env = dict(env, PEER_INSERT_HYPHENS="1") if "\u00ad" in text else env
            out = subprocess.run([os.path.join(compare.BIN, "pango_layout")], input=job, capture_output=True,
                                 text=True, check=True, env=run_env).stdout
            pango = [int(x) for x in out.split("\t")[2].split(",")]
            with open(txt_path, "w", encoding="utf-8") as f:
                f.write(with_pango_line(txt, pango))
            kind = settings.get("pango-difference")
            if pango != ours and not kind:
                problems.append(f"{area}/{name}: ours {ours}, Pango {pango}: name the kind in a 'pango-difference:' line")
            elif pango == ours and kind:
                problems.append(f"{area}/{name}: same starts as Pango, but the case names the difference '{kind}': remove it")
            print(f"{area}/{name}: {'same' if pango == ours else 'differs (' + (kind or 'unnamed') + ')'} {pango}")
    for p in problems:
        print(p, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
