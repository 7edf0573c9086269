#!/usr/bin/env bash
# Install the system programs the test suite uses (Debian packages), if missing: Redis and
# PostgreSQL servers (the tests start or reuse them), Chromium for the browser tests, and npm (with
# Node.js) for the Forge app's build and Atlassian's manifest validator, which the tests install with
# `npm ci` from the app's package-lock.json into ~/.cache/jirakg.
set -euo pipefail
needed=()
command -v redis-server >/dev/null || needed+=(redis-server)
command -v pg_ctlcluster >/dev/null || needed+=(postgresql)
command -v chromium >/dev/null || needed+=(chromium)
command -v npm >/dev/null || needed+=(npm)
if [ ${#needed[@]} -gt 0 ]; then
  echo "Installing ${needed[*]} for the test suite" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${needed[@]}" >/dev/null
fi
