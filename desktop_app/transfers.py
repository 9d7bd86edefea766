"""Export, backup and import started from the Settings dialog, run as dispatcher jobs.

The dialog only asks and shows progress; this flow turns its requests into
``ExportJob``/``ImportJob`` on the task thread and reports the outcome back to it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication

from . import services
from .settings_dialog import SettingsDialog
from .tasks import ExportJob, ImportJob, TaskDispatcher


def _tr(text: str) -> str:
    return QCoreApplication.translate("Transfers", text)


class TransferFlow:
    """Connects one Settings dialog's export/import requests to the task dispatcher."""

    def __init__(self, dispatcher: TaskDispatcher, dialog: SettingsDialog, on_imported: Callable[[], None]):
        self.dispatcher, self.dialog, self.on_imported = dispatcher, dialog, on_imported
        dialog.exportRequested.connect(self.export)
        dialog.importRequested.connect(self.import_file)

    def export(self, kind: str, path: str) -> None:
        passphrase = None
        if kind == "backup":
            passphrase = self.dialog.ask_backup_passphrase()
            if passphrase is None:
                return
        self.dialog.report_progress(-1, _tr("Exporting…"))
        self.dispatcher.submit(ExportJob(kind, Path(path), passphrase),
                               lambda _result: self.dialog.report_done(_tr("Exported to %s") % path),
                               lambda message: self.dialog.report_done(_tr("Export failed: %s") % message),
                               self.dialog.report_progress)

    def import_file(self, path: str) -> None:
        self.dialog.report_progress(0, _tr("Importing…"))
        self.dispatcher.submit(ImportJob(Path(path)), self._imported,
                               lambda message: self.dialog.report_done(_tr("Import failed: %s") % message),
                               self.dialog.report_progress)

    def _imported(self, result: Any) -> None:
        self.dialog.report_done(_tr("Imported: %s") % services.describe_import(result))
        self.on_imported()
