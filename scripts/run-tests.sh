#!/bin/sh
# Runs pytest inside a private D-Bus session with an unlocked gnome-keyring, so
# the keyring tests use a real Secret Service, and with Qt offscreen.
set -e
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PYTHONUNBUFFERED=1
export MNEME_TEST_KEYRING=1
exec dbus-run-session -- sh -c '
  echo -n mneme-test-keyring | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec .venv/bin/python -m pytest -p no:cacheprovider "$@"' sh "$@"
