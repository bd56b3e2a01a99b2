#!/usr/bin/env bash
# Installs nginx from Debian's packages when it is missing (tests and benchmarks
# need it). Debian's policy keeps the service itself from starting.
set -euo pipefail
if command -v nginx >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "nginx is missing; install it (apt-get install nginx) or run as root" >&2; exit 1; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
command -v nginx >/dev/null
