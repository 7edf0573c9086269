#!/usr/bin/env bash
# Install the system programs the test suite starts for itself (Debian packages), if missing.
set -euo pipefail
needed=()
command -v redis-server >/dev/null || needed+=(redis-server)
if [ ${#needed[@]} -gt 0 ]; then
  echo "Installing ${needed[*]} for the test suite" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${needed[@]}" >/dev/null
fi
