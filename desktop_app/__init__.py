"""Mneme's desktop app (PySide6): the window people live in.

GUI and logic apart, as Dangerzone and GPT4All do: widgets in this package,
all engine calls in ``services``, long work in ``workers`` on QThreads.
"""
