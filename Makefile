# Mneme: every target creates its own virtual environment and installs what it needs.
#   make run        open the desktop app
#   make test       run the whole test suite (real keyring, real model, offscreen Qt)
#   make bench      run the benchmarks; tables and plots land in bench/results/
#   make installer  build the PyInstaller bundle, the .tar.gz and the .deb under dist/
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# llama.cpp is compiled once per machine into a wheel kept outside the clone.
# The default is a portable AVX2 build: -march=native picks up CPU features
# (AMX, AVX-512) that some virtual machines advertise but cannot run, and a
# bundle built that way crashes on other computers. For a GPU build, e.g.
#   make run LLAMA_CMAKE_ARGS="-DGGML_CUDA=on"
LLAMA_VERSION    ?= 0.3.36
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON
LLAMA_BUILD_ID   := $(shell echo "$(LLAMA_VERSION) $(LLAMA_CMAKE_ARGS)" | sha1sum | cut -c1-12)
WHEELHOUSE       := $(HOME)/.cache/mneme/wheels/$(LLAMA_BUILD_ID)
# the stamp names the llama.cpp build, so other LLAMA_CMAKE_ARGS reinstall it
STAMP            := $(VENV)/.mneme-installed-$(LLAMA_BUILD_ID)

.PHONY: run test bench installer system-deps screenshots clean

run: system-deps $(STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/mneme

test: system-deps $(STAMP)
	scripts/run-tests.sh

bench: $(STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/python -m bench.run_all

screenshots: system-deps $(STAMP)
	scripts/screenshots.sh

installer: system-deps $(STAMP)
	$(BIN)/pip install -e '.[installer]'
	installer/build_linux.sh

system-deps:
	@scripts/install-system-deps.sh

# torch is pinned and installed first: 2.13.0 is a CPU build from a local file;
# any other spec pulls gigabytes of CUDA packages. pip's cache stays on so the
# llama-cpp-python build (minutes) happens once per machine.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip wheel setuptools
	$(BIN)/pip install torch==2.13.0
	ls $(WHEELHOUSE)/llama_cpp_python-$(LLAMA_VERSION)-*.whl >/dev/null 2>&1 || \
	  CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/pip wheel --no-deps --no-cache-dir \
	    llama-cpp-python==$(LLAMA_VERSION) -w $(WHEELHOUSE)
	$(BIN)/pip install --force-reinstall --no-deps $(WHEELHOUSE)/llama_cpp_python-$(LLAMA_VERSION)-*.whl
	$(BIN)/pip install --find-links $(WHEELHOUSE) -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build dist *.egg-info
