#!/usr/bin/env bash
# Installs a command from the Debian package of the same name when it is missing:
# nginx (tests, benchmarks; Debian's policy keeps the service itself from starting)
# wrk (the benchmark's load generator) and chromium (the browser tests, driven by playwright-core).
set -euo pipefail
command_name="$1"
if command -v "$command_name" >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "$command_name is missing; install it (apt-get install $command_name) or run as root" >&2; exit 1; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$command_name" >/dev/null
command -v "$command_name" >/dev/null
