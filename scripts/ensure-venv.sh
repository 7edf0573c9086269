#!/usr/bin/env bash
# Create or reuse .venv and install the project with the given extras.
# Re-installs only when pyproject.toml or the extras change, so repeated runs are quick.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
python="${PYTHON:-python3}"

if [ ! -x .venv/bin/python ]; then
  if ! "$python" -m venv .venv 2>/dev/null; then
    # Debian ships venv separately from python3.
    echo "python3 -m venv failed; installing python3-venv" >&2
    rm -rf .venv
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    "$python" -m venv .venv
  fi
fi

spec="."
[ -n "$extras" ] && spec=".[$extras]"
hash=$(sha1sum pyproject.toml | cut -c1-12)
stamp=".venv/.installed-$hash-${extras:-base}"
if [ ! -f "$stamp" ]; then
  # pip relays the build backend's notices (setuptools' editable-install note) even with -q:
  # they go to a log that is shown only when the install fails.
  log=.venv/install.log
  if ! { .venv/bin/python -m pip install -q --upgrade pip && .venv/bin/python -m pip install -q -e "$spec"; } >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
  fi
  find .venv -maxdepth 1 -name '.installed-*' ! -name ".installed-$hash-*" -delete
  touch "$stamp"
fi
