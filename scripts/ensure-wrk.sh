#!/usr/bin/env bash
# Installs wrk (the benchmark's load generator) from Debian's packages when it is missing.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "wrk is missing; install it (apt-get install wrk) or run as root" >&2; exit 1; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
command -v wrk >/dev/null
