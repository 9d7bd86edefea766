"""sentence-transformers: submodules are reached by name from the model folder's ``modules.json``
(``sentence_transformers.models.Transformer``, ``...Pooling``, ``...Normalize``), not by import
statements, so collect them all; version metadata is read at import time."""
from PyInstaller.utils.hooks import collect_data_files, collect_submodules, copy_metadata

hiddenimports = collect_submodules("sentence_transformers", filter=lambda name: ".tests" not in name)
datas = collect_data_files("sentence_transformers") + copy_metadata("sentence-transformers")
