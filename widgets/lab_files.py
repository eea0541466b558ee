"""The scenario lab's files: a run's results (CSV and Parquet) and its scenario file (TOML, that
``landlord sweep FILE`` runs to the same rows) as downloads the browser makes at one click or
written into a folder, and a scenario file opened through the browser's upload (never a path on
the server) — into the editors when the lab wrote it, else played as it is."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from landlord.data.files import decode, parse_toml
from landlord.errors import LandlordError
from landlord.runs.scenario import Scenario as SweepScenario
from landlord.runs.scenario import scenario_from_text, scenario_to_toml

from .lab_run import LabRunner
from .lab_scenarios import LabScenario, lab_file, lab_scenarios, only_kit_rulesets
from .words import no_paths, plain_name


def _link(raw: bytes, name: str, mime: str) -> str:
    b64 = base64.b64encode(raw).decode("ascii")
    return f'<a download="{html.escape(name)}" href="data:{mime};base64,{b64}">⬇ {html.escape(name)}</a>'


class LabFiles:
    """The run's downloads (:attr:`downloads`), the scenario file's upload (:attr:`upload`) and
    "Play the loaded file as it is" (:attr:`use_file`, shown once a file the lab did not write is
    loaded). ``runner`` is the lab's run; ``raw(scns, games)`` is the lab's set-up as a
    ``landlord.runs.scenario`` dict (the editors' scenarios and the Games field's unless given);
    ``show(file, scns)`` puts a loaded file's first scenarios into the lab's editors;
    ``say(text, error)`` tells the instructor."""

    def __init__(self, runner: LabRunner, raw: Callable[[Sequence[LabScenario] | None, int | None], dict[str, Any]],
                 show: Callable[[SweepScenario, list[LabScenario]], None],
                 say: Callable[[str, bool], None]) -> None:
        self._runner, self._raw, self._show, self._say = runner, raw, show, say
        auto = W.Layout(width="auto")
        self.use_file = W.Checkbox(value=False, description="Play the loaded file as it is", layout=W.Layout(
            width="auto", display="none"))
        self.downloads = W.HTML()
        self.upload = W.FileUpload(accept=".toml", multiple=False, description="Load scenario file", layout=auto)
        self.file: SweepScenario | None = None
        """The scenario file last loaded that the lab did not write (None: none, or one it wrote)."""
        self.file_text = ""
        self.upload.observe(self._on_upload, "value")

    def played(self) -> SweepScenario | None:
        """The loaded file when Run plays it as it is (else None: the editors' scenarios)."""
        return self.file if self.file is not None and self.use_file.value else None

    def _played_games(self) -> int | None:
        tally = self._runner.tally
        return tally.played if tally is not None else None

    def results_csv(self) -> bytes:
        """The per-game results as CSV bytes."""
        return self._runner.run.results.to_csv(index=False).encode("utf-8")

    def results_parquet(self) -> bytes:
        """The per-game results as Parquet bytes."""
        buf = io.BytesIO()
        self._runner.run.results.to_parquet(buf, index=False)
        return buf.getvalue()

    def scenario_toml(self, scns: Sequence[LabScenario] | None = None, games: int | None = None) -> bytes:
        """The scenario file (``landlord.runs.scenario`` TOML) that reproduces the run with
        ``landlord sweep FILE`` (a loaded file played as it is: its own text); ``games`` a cell
        (the Games field's unless given: a run that stopped once the answer was clear gives the
        games it played)."""
        if self.played() is not None:
            return self.file_text.encode("utf-8")
        head = ("# Written by the landlord scenario lab. Reproduce with:  landlord sweep THIS_FILE\n"
                "# (add --panel for the Gini over turns)\n")
        return (head + scenario_to_toml(self._raw(scns, games))).encode("utf-8")

    def offer(self, scns: Sequence[LabScenario]) -> None:
        """The run's results and scenario file (of ``scns``) as download links."""
        stem = "landlord-lab"
        self.downloads.value = " · ".join([
            _link(self.results_csv(), f"{stem}-results.csv", "text/csv"),
            _link(self.results_parquet(), f"{stem}-results.parquet", "application/octet-stream"),
            _link(self.scenario_toml(scns, self._played_games()), f"{stem}-scenario.toml", "application/toml"),
        ])

    def save(self, folder: str | Path) -> list[Path]:
        """Write results (CSV and Parquet) and the scenario file into ``folder``."""
        d = Path(folder)
        d.mkdir(parents=True, exist_ok=True)
        out = [d / "results.csv", d / "results.parquet", d / "scenario.toml"]
        out[0].write_bytes(self.results_csv())
        out[1].write_bytes(self.results_parquet())
        out[2].write_bytes(self.scenario_toml(games=self._played_games()))
        return out

    def load_scenario(self, raw: bytes, where: str = "<scenario file>") -> bool:
        """Open a scenario file; a bad file changes nothing. A file the lab wrote (A, or A and
        B, on the same seeds) goes into the editors; any other — a grid of any size, seeds per
        cell — is played as it is (its cells, games and seed: the rows ``landlord sweep FILE``
        gives), its first two cells shown in the editors. The bytes come in through the kit's
        file door (:mod:`landlord.data.files`: size, UTF-8, TOML, depth and numbers); an
        uploaded file may name only the kit's rulesets (never a path on the server), and no
        message names a file on the server."""
        where = plain_name(where)
        try:
            text = decode(bytes(raw), where)
            only_kit_rulesets(parse_toml(text, where), where)
            sweep = scenario_from_text(text, "<scenario>")
            scns = lab_scenarios(sweep)
        except (LandlordError, ValueError, KeyError) as exc:
            why = no_paths(str(exc)).replace("<scenario>: ", "").removeprefix(f"{where}: ")
            self._say(f"Could not load {where}: {why}", True)
            return False
        as_is = not lab_file(sweep)
        self.file, self.file_text = (sweep, text) if as_is else (None, "")
        self.use_file.value = as_is
        self.use_file.layout.display = "" if as_is else "none"
        self._show(sweep, scns)
        n = len(sweep.cells)
        self._say(f"Loaded {where}." + (f" Run plays it as it is: {n} scenario{'s' if n != 1 else ''} "
                                        f"({'; '.join(s.name for s in scns)}), each against the first."
                                        if as_is else ""), False)
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load_scenario(bytes(files[0]["content"]), str(files[0].get("name", "uploaded file")))
