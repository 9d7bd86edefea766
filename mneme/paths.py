"""Where Mneme keeps things on this machine (platformdirs), overridable by --data-dir."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Mneme"


def default_data_dir() -> Path:
    override = os.environ.get("MNEME_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
