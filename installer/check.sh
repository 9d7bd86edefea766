#!/bin/sh
# How the installer is checked outside CI: build the bundle, the .tar.gz and the .deb, then unpack
# the .deb into a scratch root and run the bundled self-test (no Python on PATH, no network) and the
# GUI under Xvfb (screenshot: docs/screenshots/installed-app.png).
#
#   installer/check.sh          (about 15-25 minutes on 2 cores; the first run also compiles llama.cpp)
#
# It is kept out of .ci/run because the build alone takes longer than the rest of the test suite.
set -e
cd "$(dirname "$0")/.."
installer/build_linux.sh
MNEME_TEST_INSTALLER=1 HF_HUB_OFFLINE=1 .venv/bin/python -m pytest -p no:cacheprovider -v -s tests/installer/test_installer.py
