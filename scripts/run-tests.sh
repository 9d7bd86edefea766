#!/bin/sh
# Runs pytest inside a private D-Bus session with a freshly created, unlocked
# gnome-keyring (a real Secret Service) and Qt offscreen. The keyring's files
# live in a throw-away directory, so a login keyring left by an earlier run
# with another password can never make the unlock fail.
set -e
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PYTHONUNBUFFERED=1
export MNEME_TEST_KEYRING=1
KEYRING_HOME=$(mktemp -d)
trap 'rm -rf "$KEYRING_HOME"' EXIT
export KEYRING_HOME
dbus-run-session -- sh -c '
  echo -n mneme-test-keyring | XDG_DATA_HOME="$KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec .venv/bin/python -m pytest -p no:cacheprovider "$@"' sh "$@"
