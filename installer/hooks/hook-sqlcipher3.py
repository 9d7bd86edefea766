"""sqlcipher3: the extension module carries SQLCipher (and its crypto) statically linked.

``dbapi2`` reaches it with a star import from C, which the import scanner may
not follow, so name it; the licence file travels with the metadata.
"""
from PyInstaller.utils.hooks import collect_dynamic_libs, copy_metadata

hiddenimports = ["sqlcipher3._sqlite3", "sqlcipher3.dbapi2"]
binaries = collect_dynamic_libs("sqlcipher3")
datas = copy_metadata("sqlcipher3")
