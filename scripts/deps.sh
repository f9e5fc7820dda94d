#!/bin/sh
# deps.sh - make sure the Debian packages benchreport needs are installed.
# As root: installs the missing ones (apt-get update first).  Otherwise:
# prints the exact apt-get line and fails.
#   scripts/deps.sh [extra-package...]
set -eu
pkgs="build-essential pkg-config libxml2-dev libcairo2-dev libpango1.0-dev
libgsl-dev libjson-c-dev check fonts-dejavu-core libxml2-utils time
python3 poppler-utils $*"
missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "benchreport: missing Debian packages; as root run:" >&2
	echo "  apt-get install -y$missing" >&2
	exit 1
fi
echo "benchreport: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
