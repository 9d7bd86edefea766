"""The frozen app's entry point: the same ``mneme`` command as ``pip install`` gives."""
import multiprocessing
import sys

if __name__ == "__main__":
    # A frozen executable re-runs itself for multiprocessing children; this hands them off.
    multiprocessing.freeze_support()
    from mneme.cli import main

    sys.exit(main())
