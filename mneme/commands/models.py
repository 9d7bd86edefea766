"""``mneme models``: the catalog and what is on disk; download, use, remove; what this computer can run.

Models are public weights, so none of this opens the encrypted database: it
works before the first unlock and never needs a passphrase.
"""
from __future__ import annotations

import sys
import threading
import time

from memory_core.errors import InvalidInput

from .output import print_json


def register(subparsers, common) -> None:
    parser = subparsers.add_parser("models", help="list, download, choose and remove chat models",
                                   description="The model catalog and the models on this computer. "
                                               "MNEME_CATALOG=FILE replaces the built-in catalog.")
    sub = parser.add_subparsers(dest="models_command", metavar="ACTION")
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)

    listing = sub.add_parser("list", parents=[common], help="the catalog and the models on disk")
    listing.add_argument("--json", action="store_true", help="a JSON list of model objects")
    listing.add_argument("--no-measure", action="store_true",
                         help="do not time the bundled model for the speed estimates (uses an earlier timing "
                              "when there is one)")
    listing.set_defaults(handler=run_list)

    download = sub.add_parser("download", parents=[common], help="download a catalog model (resumes; SHA-256 checked)")
    download.add_argument("id", help="a catalog id (see `mneme models list`)")
    download.add_argument("--allow-unverified", action="store_true",
                          help="download an entry that has no published checksum (you trust the source)")
    download.add_argument("--use", action="store_true", help="make it the default model when it is installed")
    download.set_defaults(handler=run_download)

    use = sub.add_parser("use", parents=[common], help="the default model for chat and the app")
    use.add_argument("model", metavar="ID|PATH", help="a catalog id, 'bundled', or a GGUF file")
    use.set_defaults(handler=run_use)

    remove = sub.add_parser("remove", parents=[common], help="delete a downloaded model")
    remove.add_argument("id")
    remove.set_defaults(handler=run_remove)

    hardware = sub.add_parser("hardware", parents=[common], help="what this computer offers a model, and why "
                                                                 "the recommendation is what it is")
    hardware.add_argument("--json", action="store_true")
    hardware.add_argument("--no-measure", action="store_true")
    hardware.set_defaults(handler=run_hardware)


def _overview(args):
    from models.hardware import detect_hardware
    from models.library import model_rows
    from models.recommend import auto_gpu_layers
    from models.speed import bundled_speed, cached_speed

    profile = detect_hardware()
    gpu_layers = auto_gpu_layers(100 * 1024 ** 2, None, profile)  # the bundled model: all on a GPU build
    if not args.no_measure and cached_speed(args.data_dir, gpu_layers=gpu_layers) is None:
        print("timing the bundled model once, for the speed estimates (a few seconds)…", file=sys.stderr)
    measure = bundled_speed(args.data_dir, gpu_layers=gpu_layers, measure=not args.no_measure)
    rows, advice = model_rows(args.data_dir, profile, measure)
    return profile, measure, rows, advice


def run_list(args) -> int:
    _, measure, rows, advice = _overview(args)
    if args.json:
        print_json([row.as_dict() for row in rows])
        return 0
    print(f"{'':2} {'ID':32} {'SIZE':>8} {'SPEED*':>9}  {'LICENCE':28} STATE")
    for row in rows:
        speed = row.fit.speed if row.fit else None
        state = ("in use" if row.in_use else "downloaded" if row.downloaded else
                 f"partial {_size(row.partial_bytes)}" if row.partial_bytes else
                 "too big here" if row.fit and not row.fit.fits else "")
        mark = "★" if row.recommended else " "
        print(f"{mark:2} {row.id:32} {_size(row.size_bytes):>8} "
              f"{(f'{speed.generation_tps:.1f} t/s' if speed else '?'):>9}  {row.license[:28]:28} {state}")
    if advice.best:
        print(f"\n★ recommended for this computer: {advice.best.entry.id} ({advice.explanation}; "
              f"{advice.best.reason})", file=sys.stderr)
    if measure:
        print(f"* speed: an estimate, {measure.generation_tps:.0f} tokens/s measured with the bundled "
              f"{measure.params_b * 1000:.0f}M model here, scaled by parameter count", file=sys.stderr)
    return 0


def run_download(args) -> int:
    from models.catalog import download_entry, find_entry, installed_path, models_dir
    from models.library import use_model

    entry = find_entry(args.id)
    _warn_if_too_big(entry)
    existing = installed_path(entry, args.data_dir)
    if existing is not None:
        print(f"{entry.id} is already downloaded: {existing}", file=sys.stderr)
    else:
        allow = args.allow_unverified
        if entry.sha256 is None and not allow:
            if not sys.stdin.isatty():
                raise InvalidInput(f"{entry.id} has no published SHA-256 to check the download against; "
                                   "rerun with --allow-unverified if you trust the source")
            answer = input(f"{entry.id} has no published SHA-256, so the file cannot be verified. "
                           "Download it anyway? [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                print("not downloaded", file=sys.stderr)
                return 1
            allow = True
        if entry.sha256 is not None and not entry.sha256_verified:
            print(f"note: the SHA-256 for {entry.id} comes from {entry.sha256_source or 'the catalog'}; "
                  "a mismatch deletes the file", file=sys.stderr)
        bar = _ProgressLine(entry.id)
        download = download_entry(entry, models_dir(args.data_dir), progress=bar.update, allow_unverified=allow,
                                  cancel=threading.Event())
        try:
            existing = download.run()
        finally:
            bar.close()
        verified = "SHA-256 verified" if entry.sha256 else f"SHA-256 {download.sha256} (not verified)"
        print(f"installed {existing} ({verified})", file=sys.stderr)
    if args.use:
        name, _ = use_model(args.data_dir, entry.id)
        print(f"{name} is now the default model", file=sys.stderr)
    return 0


def _warn_if_too_big(entry) -> None:
    """Say so before gigabytes are downloaded for a model this computer cannot run (the download still runs)."""
    from models.hardware import detect_hardware
    from models.recommend import place

    fit = place(entry, detect_hardware())
    if not fit.fits:
        print(f"warning: {entry.id} is probably too big for this computer ({fit.reason})", file=sys.stderr)


def run_use(args) -> int:
    from models.library import use_model

    name, path = use_model(args.data_dir, args.model)
    where = f" ({path})" if path else ""
    print(f"{name}{where} is now the default model for `mneme chat` and the app; memories and chats are kept")
    return 0


def run_remove(args) -> int:
    from models.library import remove_model

    removed = remove_model(args.data_dir, args.id)
    for path in removed:
        print(f"removed {path}")
    return 0


def run_hardware(args) -> int:
    profile, measure, _, advice = _overview(args)
    if args.json:
        from dataclasses import asdict

        print_json({"hardware": profile.as_dict(), "bundled_speed": asdict(measure) if measure else None,
                    "ram_budget_bytes": advice.ram_budget_bytes, "vram_budget_bytes": advice.vram_budget_bytes,
                    "recommended": advice.best.entry.id if advice.best else None,
                    "explanation": advice.explanation})
        return 0
    gpu = (f"{profile.gpu_backend} build" + (f", {profile.gpu_name}" if profile.gpu_name else "") +
           (f", {_size(profile.vram_free_bytes)} free of {_size(profile.vram_total_bytes)}"
            if profile.vram_total_bytes else "")) if profile.gpu_backend else "none used (CPU-only llama.cpp build)"
    print(f"RAM:      {_size(profile.total_ram_bytes)} ({_size(profile.available_ram_bytes)} free now)")
    print(f"CPU:      {profile.cpu_name}, {profile.physical_cores} physical cores, "
          f"{' '.join(profile.cpu_features) or 'no SIMD features reported'}")
    print(f"GPU:      {gpu}")
    for note in profile.notes:
        print(f"          {note}")
    if measure:
        print(f"Speed:    bundled model {measure.prompt_tps:.0f} prompt / {measure.generation_tps:.0f} generated "
              f"tokens/s ({measure.threads} threads)")
    best = advice.best
    print(f"Advice:   {best.entry.name if best else 'none'}: {advice.explanation}" + (f"; {best.reason}" if best else ""))
    return 0


def _size(size: int | None) -> str:
    if not size:
        return "-"
    if size >= 1024 ** 3:
        return f"{size / 1024 ** 3:.1f} GB"
    return f"{size / 1024 ** 2:.0f} MB"


class _ProgressLine:
    """One line on stderr, redrawn in place on a terminal and every 10% otherwise."""

    def __init__(self, name: str):
        self.name = name
        self.tty = sys.stderr.isatty()
        self.last_step = -1
        self.started = time.monotonic()

    def update(self, progress) -> None:
        fraction = progress.fraction
        elapsed = max(time.monotonic() - self.started, 1e-6)
        rate = (progress.downloaded - progress.resumed_from) / elapsed
        resumed = f" (resumed at {_size(progress.resumed_from)})" if progress.resumed_from else ""
        if fraction is None:
            text = f"{self.name}: {_size(progress.downloaded)}{resumed}"
            step = progress.downloaded // (50 * 1024 ** 2)
        else:
            text = (f"{self.name}: {fraction * 100:5.1f}% of {_size(progress.total)}, "
                    f"{_size(int(rate))}/s{resumed}")
            step = int(fraction * 10)
        if self.tty:
            sys.stderr.write("\r" + text.ljust(70))
            sys.stderr.flush()
        elif step != self.last_step:
            print(text, file=sys.stderr)
        self.last_step = step

    def close(self) -> None:
        if self.tty:
            sys.stderr.write("\n")
            sys.stderr.flush()
