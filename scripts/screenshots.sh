#!/bin/sh
# Starts the real app under a virtual X server with the bundled model, runs a short scripted
# conversation (desktop_app/screenshot_tour.py) and saves PNGs into docs/screenshots/.
set -e
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 QT_QPA_PLATFORM=xcb
OUT="${1:-docs/screenshots}"
exec xvfb-run -a -s "-screen 0 1400x900x24 -dpi 96" \
  .venv/bin/python -m desktop_app.screenshot_tour --out "$OUT"
