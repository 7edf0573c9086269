"""The Forge app as `forge deploy` would see it: a copy of integrations/jira-forge with its sidebar
built by the app's own `npm run build`, from the node modules its package-lock.json pins (installed
once per lock file with `npm ci` into a cache directory outside the repository)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "integrations" / "jira-forge"
PANEL = Path("static") / "panel"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jirakg" / "forge-panel"


def npm(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    if not shutil.which("npm"):
        pytest.fail("npm is not installed; `make test` installs it (scripts/ensure-system-packages.sh)")
    return subprocess.run(["npm", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout)


def node_modules() -> Path:
    """The panel's node_modules for the current package.json and lock file, installed once."""
    pinned = [APP / PANEL / name for name in ("package.json", "package-lock.json")]
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in pinned)).hexdigest()[:16]
    target = CACHE / digest
    if not (target / "node_modules").is_dir():
        staging = CACHE / f"{digest}.{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        for path in pinned:
            shutil.copy(path, staging)
        # --ignore-scripts: nothing in the lock needs an install script (esbuild's binary is a package).
        done = npm("ci", "--ignore-scripts", "--no-audit", "--no-fund", cwd=staging)
        assert done.returncode == 0, done.stderr
        shutil.rmtree(target, ignore_errors=True)
        staging.rename(target)  # whole or absent: an interrupted install is never reused
    return target / "node_modules"


def built_app(where: Path) -> Path:
    """A copy of the app with the sidebar built into static/panel/build."""
    app = where / "jira-forge"
    shutil.copytree(APP, app, ignore=shutil.ignore_patterns("node_modules", "build"))
    (app / PANEL / "node_modules").symlink_to(node_modules(), target_is_directory=True)
    built = npm("run", "build", cwd=app / PANEL)
    assert built.returncode == 0, built.stderr
    return app


def validate(app: Path, manifest: str = "manifest.yml") -> subprocess.CompletedProcess:
    """Atlassian's validator (@forge/manifest, pinned by the lock file) on a manifest of `app`."""
    return subprocess.run(["node", str(PANEL / "check-manifest.cjs"), manifest], cwd=app, capture_output=True,
                          text=True, timeout=120)
