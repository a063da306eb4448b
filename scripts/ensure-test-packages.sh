#!/usr/bin/env bash
# Run by `npm test` (pretest): the system packages the tests drive — Chromium for the browser tests, PulseAudio
# and a PulseAudio-capable ffmpeg for native capture, jq/curl for the README's curl example. On Debian-like
# machines the missing ones are installed with apt-get (as root, or through sudo); elsewhere it says what to install.
set -euo pipefail
packages=(chromium jq curl ffmpeg pulseaudio pulseaudio-utils)
command -v dpkg >/dev/null 2>&1 || {
  echo "ensure-test-packages: not a Debian-like system; install ${packages[*]} with your package manager." >&2
  exit 0
}
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
((${#missing[@]})) || exit 0
echo "ensure-test-packages: installing ${missing[*]} (apt-get)" >&2
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
