"""A class's exported results beside the scenario lab's games: the teacher's dashboard writes
them (CSV or Parquet), they open through the browser's upload (never a path on the server), and
each table's final Gini shows as a dot beside the range of the computer players' games, in plain
words too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.analysis.lab import LabRun, class_beside
from landlord.charts.dressing import blank
from landlord.charts.lab import CLASS_TITLE, class_chart
from landlord.charts.numbers import class_final_numbers, numbers_html
from landlord.errors import LandlordError

from .board_view import described
from .lab_words import class_words
from .layout import AUTO
from .words import no_paths, plain_name


class ClassBeside:
    """The class's results (:attr:`classes`) and their chart (:attr:`box`, hidden until a class is
    opened by :attr:`upload`). ``run()`` is the lab's current run, ``say(text, error)`` tells the
    instructor."""

    def __init__(self, run: Callable[[], LabRun], say: Callable[[str, bool], None]) -> None:
        self._run, self._say = run, say
        self.upload = W.FileUpload(accept=".csv,.parquet", multiple=True, description="Open class results",
                                   layout=AUTO)
        self.chart = alt.JupyterChart(blank())
        self.text = W.HTML()
        self.words = W.HTML()
        """The class chart's sentence and "show as a table"."""
        self.box = W.VBox([W.HTML("<b>Your class beside the simulated games</b>"), self.text,
                           described(self.chart, self.words)], layout=W.Layout(display="none"))
        self.classes: pd.DataFrame | None = None
        self.upload.observe(self._on_upload, "value")

    def load(self, files: Sequence[tuple[bytes, str]]) -> bool:
        """Open one or more classes' exported results (CSV or Parquet bytes, each with its
        uploaded file's name) and show them, pooled, beside the simulated games; a bad file
        changes nothing and is one line naming it (never a path on the server)."""
        from landlord.apps.classroom.debrief import read_export

        frames = []
        for raw, name in files:
            try:
                frames.append(read_export(bytes(raw), plain_name(name)))
            except LandlordError as exc:
                self._say(f"Could not open {no_paths(str(exc))}", True)
                return False
        if not frames:
            return False
        self.classes = pd.concat(frames, ignore_index=True)
        n = len(self.classes)
        self.show()
        self._say(f"Opened your class's results: {n} table{'s' if n != 1 else ''}"
                  + (f" from {len(frames)} files." if len(frames) > 1 else "."), False)
        return True

    def show(self) -> None:
        """Draw the opened class's results beside the current run's games (nothing before a
        class is opened)."""
        if self.classes is None:
            return
        run = self._run()
        rows, band = class_beside(self.classes, run)
        self.chart.chart = class_chart(rows, band)
        self.words.value = numbers_html(*class_final_numbers(rows, band), CLASS_TITLE)
        self.text.value = class_words(self.classes, run)
        self.box.layout.display = "flex"

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load([(bytes(f["content"]), str(f.get("name", "uploaded file"))) for f in files])
