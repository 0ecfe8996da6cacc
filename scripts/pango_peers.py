"""Finds the independent peers' folder (../shared/peers) and loads its compare.py, for the scripts that hold our layout against Pango."""
import os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_peers():
    """../shared/peers beside the repository, or beside the main checkout when this is a git worktree."""
    common = subprocess.run(["git", "-C", ROOT, "rev-parse", "--path-format=absolute", "--git-common-dir"],
                            capture_output=True, text=True).stdout.strip()
    for checkout in [ROOT] + ([os.path.dirname(common)] if common else []):
        peers = os.path.join(os.path.dirname(checkout), "shared", "peers")
        if os.path.exists(os.path.join(peers, "compare.py")):
            return peers
    return os.path.join(os.path.dirname(ROOT), "shared", "peers")


def load_compare(peers=None):
    """The peers' compare.py as a module, its C peers built (compare.BIN holds pango_layout); their code is not copied."""
    peers = os.path.abspath(peers or default_peers())
    if not os.path.exists(os.path.join(peers, "compare.py")):
        sys.exit(f"no compare.py in {peers}: give the peers' folder (holding pango_layout.c and compare.py) as the argument")
    sys.path.insert(0, peers)
    import compare
    compare.build_peers()
    return compare
