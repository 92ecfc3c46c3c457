#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine; quick when everything is present.
set -euo pipefail

# Peers are pinned: divergence tests pin their exact (wrong) outputs.
missing_python=()
python3 -c "import ndef" 2>/dev/null || missing_python+=(ndeflib==0.3.3)
python3 -c "import vobject" 2>/dev/null || missing_python+=(vobject==0.9.9)
if [ ${#missing_python[@]} -gt 0 ]; then
    echo "== pip install ${missing_python[*]}"
    python3 -m pip install --quiet --disable-pip-version-check "${missing_python[@]}"
fi

apt_packages=()
command -v openssl >/dev/null || apt_packages+=(openssl)
[ -f /usr/include/sqlite3.h ] || apt_packages+=(libsqlite3-dev)
if [ ${#apt_packages[@]} -gt 0 ]; then
    echo "== apt-get install ${apt_packages[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${apt_packages[@]}"
fi
