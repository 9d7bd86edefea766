#!/usr/bin/env bash
# Build Mneme's Linux download: the PyInstaller one-folder bundle (dist/mneme/),
# a .tar.gz of that folder and a .deb that installs it under /opt/mneme with a
# /usr/bin/mneme link, a .desktop entry and hicolor icons.
#
#   installer/build_linux.sh            (or: make installer, which installs PyInstaller first)
#
# Environment:
#   PYTHON=.venv/bin/python     the environment to bundle (it must have Mneme's dependencies)
#   MNEME_LLAMA_WHEEL=path.whl  a portable llama-cpp-python wheel to bundle instead of the venv's
#   MNEME_NATIVE_LLAMA=1        accept a llama-cpp-python compiled for this CPU (AVX-512/AMX): a
#                               bundle for this very machine only
#   DEB_COMPRESSION=xz          dpkg-deb compressor (xz: smallest; gzip or zstd: faster to build)
#
# Outputs: dist/mneme/, dist/mneme-<version>-linux-<arch>.tar.gz, dist/mneme_<version>_<debarch>.deb,
# and bench/results/installer.md (size, build time, where the space goes).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PYTHON=${PYTHON:-.venv/bin/python}
DEB_COMPRESSION=${DEB_COMPRESSION:-xz}
started=$(date +%s)
TIMINGS=""
phase_start=$started
# Record how long the phase that just ended took (for bench/results/installer.md).
lap() { local now; now=$(date +%s); TIMINGS="$TIMINGS;$1=$((now - phase_start))"; phase_start=$now; }

say() { printf '\n==> %s\n' "$*"; }
die() { printf 'build_linux.sh: %s\n' "$*" >&2; exit 1; }

[ -x "$PYTHON" ] || die "no Python at $PYTHON: run 'make installer' (it creates .venv) or set PYTHON"
"$PYTHON" -c "import PyInstaller" 2>/dev/null \
  || die "PyInstaller is not installed in $PYTHON's environment: run \"$PYTHON -m pip install -e '.[installer]'\""

VERSION=$("$PYTHON" -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")
MACHINE=$(uname -m)
DEBARCH=$(dpkg --print-architecture 2>/dev/null || echo "$MACHINE")

# --- 1. a portable llama.cpp ------------------------------------------------------------------
# Built from source with GGML_NATIVE=ON (pip's default), llama.cpp uses every instruction of the
# build machine's CPU (AVX-512, AMX...) and dies with SIGILL on other computers. The Makefile
# installs a portable AVX2 wheel (LLAMA_CMAKE_ARGS); refuse to ship anything else unless told to.
cpu_specific() {
  "$PYTHON" -c "import llama_cpp; print(llama_cpp.llama_print_system_info().decode())" \
    | grep -Eo '(AVX512|AMX)[A-Z_0-9]* = 1' | tr '\n' ' '
}
if [ -n "$(cpu_specific)" ] && [ -n "${MNEME_LLAMA_WHEEL:-}" ]; then
  # A portable wheel given explicitly goes first on PYTHONPATH (PyInstaller's analysis follows it);
  # the venv itself is left as it is.
  say "using the portable llama.cpp wheel $MNEME_LLAMA_WHEEL"
  rm -rf build/llama-portable
  "$PYTHON" -m pip install --quiet --no-deps --no-compile --target build/llama-portable "$MNEME_LLAMA_WHEEL"
  export PYTHONPATH="$ROOT/build/llama-portable${PYTHONPATH:+:$PYTHONPATH}"
fi
if [ -n "$(cpu_specific)" ]; then
  if [ "${MNEME_NATIVE_LLAMA:-0}" != "1" ]; then
    die "the llama-cpp-python to bundle was compiled for this CPU ($(cpu_specific)) and would crash
on computers without those instructions. Install the portable build with 'make installer' (see
LLAMA_CMAKE_ARGS in the Makefile), pass one with MNEME_LLAMA_WHEEL=path/to/llama_cpp_python-*.whl,
or set MNEME_NATIVE_LLAMA=1 for a bundle that only has to run on this machine."
  fi
  say "warning: bundling a CPU-specific llama.cpp build (MNEME_NATIVE_LLAMA=1): $(cpu_specific)"
fi
lap "llama.cpp portability check"

# --- 2. the one-folder bundle -----------------------------------------------------------------
say "PyInstaller: dist/mneme/"
rm -rf dist/mneme
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller installer/mneme.spec
[ -x dist/mneme/mneme ] || die "PyInstaller did not produce dist/mneme/mneme"
dist/mneme/mneme --version
"$PYTHON" installer/check_bundle.py dist/mneme
lap PyInstaller

# --- 3. icons ---------------------------------------------------------------------------------
say "icons (hicolor 16..512 from desktop_app/resources/icons)"
rm -rf build/icons
"$PYTHON" installer/make_icons.py desktop_app/resources/icons build/icons >/dev/null
lap icons

# --- 4. .tar.gz -------------------------------------------------------------------------------
TARBALL="dist/mneme-$VERSION-linux-$MACHINE.tar.gz"
say "$TARBALL"
GZIP_CMD=gzip; command -v pigz >/dev/null 2>&1 && GZIP_CMD=pigz
tar -C dist -cf - mneme | "$GZIP_CMD" -6 > "$TARBALL"
lap .tar.gz

# --- 5. .deb ----------------------------------------------------------------------------------
DEB="dist/mneme_${VERSION}_${DEBARCH}.deb"
if command -v dpkg-deb >/dev/null 2>&1; then
  say "$DEB"
  STAGE=build/deb/mneme
  rm -rf build/deb && mkdir -p "$STAGE/DEBIAN" "$STAGE/opt" "$STAGE/usr/bin" "$STAGE/usr/share/applications" \
    "$STAGE/usr/share/icons" "$STAGE/usr/share/doc/mneme"
  cp -a dist/mneme "$STAGE/opt/mneme"
  ln -s /opt/mneme/mneme "$STAGE/usr/bin/mneme"
  install -m 644 installer/linux/mneme.desktop "$STAGE/usr/share/applications/mneme.desktop"
  cp -r build/icons/hicolor "$STAGE/usr/share/icons/hicolor"
  printf 'Mneme %s, a local-first personal assistant that remembers.\nLicence: Apache-2.0. Bundled third-party components keep their own licences (see /opt/mneme/_internal/*.dist-info).\n' \
    "$VERSION" > "$STAGE/usr/share/doc/mneme/README"
  find "$STAGE" -type d -exec chmod 755 {} +
  find "$STAGE/usr/share" -type f -exec chmod 644 {} +
  chmod -R go-w "$STAGE"
  INSTALLED_KB=$(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
  sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$DEBARCH/" -e "s/@INSTALLED_SIZE@/$INSTALLED_KB/" \
    installer/linux/control.in > "$STAGE/DEBIAN/control"
  install -m 755 installer/linux/postinst "$STAGE/DEBIAN/postinst"
  install -m 755 installer/linux/postrm "$STAGE/DEBIAN/postrm"
  dpkg-deb --root-owner-group -Z"$DEB_COMPRESSION" --build "$STAGE" "$DEB" >/dev/null
  dpkg-deb --info "$DEB" | sed -n '1,12p'
  lap ".deb ($DEB_COMPRESSION)"
else
  say "dpkg-deb not found: skipping the .deb (the .tar.gz and dist/mneme/ are complete)"
fi

# --- 6. report --------------------------------------------------------------------------------
elapsed=$(( $(date +%s) - started ))
say "size report: bench/results/installer.md"
MNEME_BUILD_TIMINGS="$TIMINGS" "$PYTHON" installer/size_report.py dist/mneme "$elapsed" "$TARBALL" "$DEB" >/dev/null
printf 'built in %ss: %s (%s), %s, %s\n' "$elapsed" dist/mneme/ "$(du -sh dist/mneme | cut -f1)" "$TARBALL" "$DEB"
