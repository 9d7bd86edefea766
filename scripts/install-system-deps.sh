#!/bin/sh
# Debian packages the tests and the app need: a virtual X server and the xcb
# libraries Qt's platform plugin loads, a real Secret Service (gnome-keyring on
# D-Bus) for key storage. Installs only what is missing, and only as root.
set -e
PKGS="xvfb xauth dbus dbus-x11 gnome-keyring libsecret-tools x11-utils imagemagick \
libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0 \
libxcb-xkb1 libxcb-randr0 libxkbcommon-x11-0 libegl1 libgl1 libfontconfig1 libdbus-1-3 \
fonts-dejavu-core fonts-noto-color-emoji"
command -v dpkg-query >/dev/null 2>&1 || exit 0
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != "0" ]; then
  echo "Mneme needs these Debian packages:$missing" >&2
  echo "Install them with: sudo apt-get install$missing" >&2
  exit 0
fi
echo "installing system packages:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing >/dev/null
