"""Lays out batch jobs with Pango 1.50 through the project's own program (Benchmarks/PangoStudy/pango_lines.c), for PangoAgreementTests, agreement.py and record-pango-starts.py.

  python3 scripts/pango_program.py [--system-fonts] [--bin-dir DIR] < JOBS.jsonl > RESULTS.jsonl

Each job is a batch job (docs/batch-format.md): text, font (a family, or a file in Fonts/), size,
width (less the side insets) and lineSpace, and what Pango can take of the paragraph settings: align, indent,
lineClamp, maxHeight and truncate (Pango's ellipsizing), direction and language, writingMode and
textOrientation (a vertical mode: Pango's base gravity east, each orientation the gravity hint of
GRAVITY_HINTS; Pango sets both vertical modes' columns alike, only the side they are stacked from
differs); a text with a soft hyphen (U+00AD) gets Pango's inserted hyphens. Each result is a JSON line:
{"lineCount", "height", "starts" (UTF-16 offsets), "widths", "xs" (where each line's content
starts), "hidden" ([start, end] that an ellipsis stands for, or null), "upright" ([start, end] of
each run Pango sets upright in a column; empty in a horizontal job)}.

Fonts are those of Fonts/ only (a fontconfig configuration that holds that folder and its
fonts.conf), as the tests' font context has them, so both engines draw from the same files on
every machine; --system-fonts lets Pango see the system's fonts instead. The program is compiled
(gcc, pkg-config pangocairo: libpango1.0-dev) into --bin-dir, by default
$TMPDIR/textlayout-pango, unless a binary of the same source is there; exit status 3 when Pango
cannot be compiled against.
"""
import argparse, hashlib, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "Fonts")
SOURCE = os.path.join(ROOT, "Benchmarks", "PangoStudy", "pango_lines.c")
DEFAULT_BIN_DIR = os.path.join(tempfile.gettempdir(), "textlayout-pango")
NO_PANGO = 3
# The gravity hint a vertical job's textOrientation is laid out with: Pango sets a character upright
# when Pango's table of Vertical_Orientation U and Tu (Unicode 11) has it, and each hint sets the others:
# natural turned (as CSS mixed sets R), strong upright (as upright), line turned (sideways; Pango
# keeps the upright ones upright under every hint, where CSS turns them).
GRAVITY_HINTS = {"mixed": "natural", "upright": "strong", "sideways": "line"}


def build(bin_dir=DEFAULT_BIN_DIR):
    """The compiled program's path, named by its source's hash so that a binary of another source is never
    taken (built when missing); exits NO_PANGO without Pango's headers."""
    os.makedirs(bin_dir, exist_ok=True)
    with open(SOURCE, "rb") as f:
        binary = os.path.join(bin_dir, "pango_lines-" + hashlib.sha256(f.read()).hexdigest()[:16])
    if os.path.exists(binary):
        return binary
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo"], capture_output=True, text=True)
    if flags.returncode != 0:
        print(f"Pango cannot be compiled against: pkg-config finds no pangocairo ({flags.stderr.strip()}); "
              "scripts/install-deps.sh installs libpango1.0-dev", file=sys.stderr)
        sys.exit(NO_PANGO)
    # Compiled under another name and renamed, so a run in parallel never finds a binary half written.
    partial = f"{binary}.{os.getpid()}"
    subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "-o", partial, SOURCE] + flags.stdout.split(), check=True)
    os.replace(partial, binary)
    return binary


def bundled_fonts_environment(workdir):
    """The environment in which fontconfig (and so Pango) sees only Fonts/, with its language preferences."""
    path = os.path.join(workdir, "fonts.conf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'<?xml version="1.0"?>\n<fontconfig><dir>{FONTS}</dir>'
                f'<cachedir>{os.path.join(workdir, "cache")}</cachedir>'
                f'<include ignore_missing="yes">{os.path.join(FONTS, "fonts.conf")}</include>'
                # Bitmap fonts (the colour emoji) scaled to the size asked, as the system's configuration
                # and the engine do; without it cairo draws them at their strike size (136 px).
                f'<include ignore_missing="yes">/etc/fonts/conf.d/10-scale-bitmap-fonts.conf</include>'
                # The generic family `emoji`, which Pango asks for a run of emoji presentation, as the system's
                # configuration names it (Noto Color Emoji first); without it fontconfig's fallback puts the
                # colour font after Noto Sans Symbols2, and Pango drew a keycap or a skin tone in that.
                f'<include ignore_missing="yes">/etc/fonts/conf.d/60-generic.conf</include></fontconfig>\n')
    return dict(os.environ, FONTCONFIG_FILE=path, LANG="C.UTF-8", LC_ALL="C.UTF-8")


def require_system_family(name):
    """Stops, naming the packages, when the system has no font of family `name` (fontconfig would give Pango another)."""
    found = subprocess.run(["fc-match", "-f", "%{family}", name], capture_output=True, text=True).stdout
    if name.lower() not in (f.lower() for f in found.split(",")):
        sys.exit(f"the system has no font of family '{name}' (fontconfig gives '{found}'): scripts/install-deps.sh installs "
                 "fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji")


def family(font, env):
    """The fontconfig family of a job's font: a file in Fonts/ by its family (checked to resolve back
    to that file, else Pango would lay out in another font), any other name as it is."""
    path = os.path.join(FONTS, font)
    if not font or not os.path.isfile(path):
        return font or "DejaVu Sans"
    name = subprocess.run(["fc-query", "-f", "%{family[0]}", path], capture_output=True, text=True, check=True).stdout
    found = subprocess.run(["fc-match", "-f", "%{file}", name], capture_output=True, text=True, check=True, env=env).stdout
    if os.path.realpath(found) != os.path.realpath(path):
        sys.exit(f"the family '{name}' of {font} resolves to {found}, not to {path}: Pango would use another font")
    return name


def settings(job):
    """The program's settings field for what Pango can take of a job's paragraph settings."""
    items = []
    if job.get("align"):
        items.append(f"align={job['align']}")
    if job.get("indent"):
        items.append(f"indent={job['indent']}")
    if job.get("lineClamp"):
        items.append(f"lines={job['lineClamp']}")
    if job.get("maxHeight"):
        top, _, bottom, _ = insets(job)
        items.append(f"height={job['maxHeight'] - top - bottom}")
    if job.get("truncate"):
        items.append(f"ellipsize={job['truncate']}")
    if "\u00ad" in job["text"]:
        items.append("hyphens=1")
    if job.get("direction") in ("ltr", "rtl"):
        items.append(f"dir={job['direction']}")
    if job.get("language"):
        items.append(f"lang={job['language']}")
    mode, orientation = job.get("writingMode", "horizontal-tb"), job.get("textOrientation", "mixed")
    if mode not in ("horizontal-tb", "vertical-rl", "vertical-lr") or orientation not in GRAVITY_HINTS:
        sys.exit(f"job {job.get('id', '')}: writingMode {mode!r} and textOrientation {orientation!r}: Pango lays out writingMode "
                 f"horizontal-tb, vertical-rl or vertical-lr, textOrientation {', '.join(GRAVITY_HINTS)}")
    if mode != "horizontal-tb":
        items.append(f"gravity=east;hint={GRAVITY_HINTS[orientation]}")
    return ";".join(items) or "-"


def insets(job):
    """The job's insets as the batch gives them ({"top", "left", "bottom", "right"}), as top, right, bottom, left."""
    value = job.get("insets", {})
    return tuple(value.get(side, 0) for side in ("top", "right", "bottom", "left"))


def escaped(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def layout(jobs, bin_dir=DEFAULT_BIN_DIR, system_fonts=False):
    """Pango's lines for each job (dicts as the module's doc says), from one run of the program."""
    binary = build(bin_dir)
    env = dict(os.environ) if system_fonts else bundled_fonts_environment(tempfile.mkdtemp(prefix="textlayout-pango-fonts-"))
    families = {}
    rows = []
    for job in jobs:
        font = job.get("font", "")
        if font not in families:
            families[font] = family(font, env)
            if system_fonts:
                require_system_family(families[font])
        _, right, _, left = insets(job)
        width = job["width"] - left - right if "width" in job else 0
        rows.append(f"{job.get('size', 17)}\t{width}\t{job.get('lineSpace', 0)}\t{families[font]}\t{settings(job)}\t{escaped(job['text'])}\n")
    out = subprocess.run([binary], input="".join(rows), capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit(f"{binary} failed (exit {out.returncode}): {out.stderr.strip()}")
    lines = out.stdout.splitlines()
    if len(lines) != len(jobs):
        sys.exit(f"{len(jobs)} jobs but {len(lines)} results from {binary}")
    results = []
    for line in lines:
        count, height, starts, widths, xs, hidden, upright = line.split("\t")
        results.append({"lineCount": int(count), "height": float(height), "starts": [int(s) for s in starts.split(",")],
                        "widths": [float(w) for w in widths.split(",")], "xs": [float(x) for x in xs.split(",")],
                        "hidden": None if hidden == "-" else [int(h) for h in hidden.split(",")],
                        "upright": [] if upright == "-" else [[int(x) for x in r.split("-")] for r in upright.split(",")]})
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--system-fonts", action="store_true", help="let Pango see the system's fonts, not only Fonts/")
    parser.add_argument("--bin-dir", default=DEFAULT_BIN_DIR, help="where the program is compiled")
    args = parser.parse_args()
    jobs = [json.loads(line) for line in sys.stdin if line.strip()]
    sys.stdout.reconfigure(encoding="utf-8")
    for result in layout(jobs, args.bin_dir, args.system_fonts):
        print(json.dumps(result))


if __name__ == "__main__":
    main()
