"""sqlite_utils is used only as a library: leave its CLI (click, tabulate) and plugin machinery where it is."""
from PyInstaller.utils.hooks import copy_metadata

datas = copy_metadata("sqlite-utils")
