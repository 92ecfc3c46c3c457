#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine; quick when everything is present.
set -euo pipefail

# Peers are pinned: divergence tests pin their exact (wrong) outputs.
missing_python=()
python3 -c "import ndef" 2>/dev/null || missing_python+=(ndeflib==0.3.3)
python3 -c "import vobject" 2>/dev/null || missing_python+=(vobject==0.9.9)
# AES, CMAC: the independent oracle of the Ciphers and NTAG 424 secure-messaging agreement tests.
python3 -c "import cryptography.hazmat.primitives.cmac" 2>/dev/null || missing_python+=(cryptography==48.0.0)
# QR codes: the independent decoder of the QRCode agreement tests (reads the SVG's modules).
python3 -c "import zxingcpp" 2>/dev/null || missing_python+=(zxing-cpp==3.1.1)
# JSON Schema: scripts/check-json-schema.py validates every JSON document the CLI tests print.
python3 -c "import jsonschema" 2>/dev/null || missing_python+=(jsonschema==4.26.0)
# YAML: scripts/check-store-readiness.sh reads App/project.yml.
python3 -c "import yaml" 2>/dev/null || missing_python+=(PyYAML==6.0.3)
if [ ${#missing_python[@]} -gt 0 ]; then
    echo "== pip install ${missing_python[*]}"
    python3 -m pip install --quiet --disable-pip-version-check "${missing_python[@]}"
fi

apt_packages=()
command -v openssl >/dev/null || apt_packages+=(openssl)
[ -f /usr/include/sqlite3.h ] || apt_packages+=(libsqlite3-dev)
# The real PC/SC stack (scripts/pcsc/stack-test.sh): pcscd, the vpcd virtual reader driver,
# pcsc_scan, unshare/ip for private namespaces; swig and the pcsc-lite headers to build pyscard.
command -v pcscd >/dev/null || apt_packages+=(pcscd)
[ -f /usr/lib/pcsc/drivers/serial/libifdvpcd.so ] || apt_packages+=(vsmartcard-vpcd)
command -v pcsc_scan >/dev/null || apt_packages+=(pcsc-tools)
command -v unshare >/dev/null || apt_packages+=(util-linux)
command -v ip >/dev/null || apt_packages+=(iproute2)
# The generated shell completions are syntax-checked by each shell, the man page by groff.
command -v zsh >/dev/null || apt_packages+=(zsh)
command -v fish >/dev/null || apt_packages+=(fish)
command -v groff >/dev/null || apt_packages+=(groff-base)
# The SUN counter store's PostgreSQL tests: a private server (scripts/postgres-test-server.sh runs
# initdb and pg_ctl from the package; psql makes their fresh databases; libpq5 comes with it).
command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_packages+=(postgresql)
# The card page's browser test (scripts/page-browser-test.sh) renders it in headless Chromium.
command -v chromium >/dev/null || apt_packages+=(chromium)
command -v man >/dev/null || apt_packages+=(man-db)
# The terminal-escaping oracle (scripts/check-terminal-escaping.py) reads Bidi_Control and
# Default_Ignorable_Code_Point from the Unicode Character Database itself.
[ -f /usr/share/unicode/DerivedCoreProperties.txt ] || apt_packages+=(unicode-data)
# The docs' transcripts (scripts/check-transcripts.py) pipe JSON through jq, as a reader would.
command -v jq >/dev/null || apt_packages+=(jq)
if ! python3 -c "import smartcard" 2>/dev/null; then
    command -v swig >/dev/null || apt_packages+=(swig)
    [ -f /usr/include/PCSC/winscard.h ] || apt_packages+=(libpcsclite-dev)
fi
if [ ${#apt_packages[@]} -gt 0 ]; then
    echo "== apt-get install ${apt_packages[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${apt_packages[@]}"
fi

# pyscard: the independent PC/SC client of the stack test (built from source against pcsc-lite).
if ! python3 -c "import smartcard" 2>/dev/null; then
    echo "== pip install pyscard==2.3.1"
    python3 -m pip install --quiet --disable-pip-version-check pyscard==2.3.1
fi
