"""The ``mneme`` command: the composition root that wires memory_core, models and desktop_app."""
__version__ = "0.1.0"
