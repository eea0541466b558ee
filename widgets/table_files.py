"""The game table's files: Save (a download the browser makes at one click), Load (the bytes of
an uploaded file), and the game kept in the browser's own storage between visits, offered back
after a refresh (:mod:`landlord.widgets.keeper` says why there). Nothing typed at the table
becomes a path on the server, and no message shown names one."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from landlord.errors import LandlordError

from .keeper import BrowserKeeper
from .layout import AUTO, WRAP
from .session import TableSession
from .words import resume_offer_html

KEEP_EVERY = 2.0
"""While the bots play, the game kept in the browser is brought up to date at most this often (s)."""


class TableFiles:
    """Save, Load and the kept game of a table (:attr:`files`, :attr:`resume_bar`,
    :attr:`keeper`). ``keep`` is the name the browser keeps the game under (None: nothing kept);
    ``session()`` is the table's game, ``activity()`` what the table is doing
    (:attr:`~landlord.widgets.table.GameTable.activity_state`), ``known()`` the rulesets a file may
    name, ``load(raw, name)`` plays a file's game at the table, ``say(text, error)`` tells the
    student."""

    def __init__(self, keep: str | None, session: Callable[[], TableSession], activity: Callable[[], str],
                 known: Callable[[], list[str]], load: Callable[[bytes, str], bool],
                 say: Callable[[str, bool], None]) -> None:
        self._session, self._activity, self._known, self._load, self._say = session, activity, known, load, say
        self.save_button = W.Button(description="Save to my computer", icon="download",
                                    layout=W.Layout(width="auto"),
                                    tooltip="your browser downloads the game as a file")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load from my computer",
                                   layout=W.Layout(width="auto"))
        self.keeper = BrowserKeeper(key=keep or "")
        """The game kept in the student's browser, and the Save button's downloads."""
        self.keeping = keep is not None
        self.kept_offer: bytes | None = None
        """A game this browser kept from an earlier visit, while the table offers to resume it."""
        self._kept_at = 0.0
        self._hold_store = True
        self._browser_read = False
        self.resume_text = W.HTML()
        self.resume_button = W.Button(description="Resume that game", icon="play", button_style="success",
                                      layout=AUTO)
        self.fresh_button = W.Button(description="Start a new game", icon="plus", layout=AUTO)
        self.resume_bar = W.HBox([self.resume_text, self.resume_button, self.fresh_button],
                                 layout=W.Layout(flex_flow="row wrap", max_width="100%", display="none"))
        self.files = W.HBox([self.save_button, self.upload], layout=WRAP)
        """Save and Load, side by side."""
        self.save_button.on_click(lambda _: self.save())
        self.keeper.observe(self._on_kept, ["found", "ready"])
        self.resume_button.on_click(lambda _: self.resume_kept())
        self.fresh_button.on_click(lambda _: self.forget_kept())
        self.upload.observe(self._on_upload, "value")

    def saved_name(self) -> str:
        """The file name a saved game downloads as: ruleset, seed and turn."""
        s = self._session()
        return f"landlord-{s.ruleset.id}-seed{s.seed}-turn{s.game.turn}.json"

    def save(self) -> None:
        """The Save button: the student's browser downloads the game as a JSON file at once."""
        text = json.dumps(self._session().to_dict(), indent=1)
        self.keeper.download(self.saved_name(), text)
        self._say(f"Saved: your browser downloads {self.saved_name()}.", False)

    def student_acted(self) -> None:
        """A click that makes this page's game the student's own (a choice, a new game, a load):
        from now on it is kept in the browser, over any game kept from an earlier visit."""
        self._hold_store = False

    def keep_in_browser(self, force: bool = False) -> None:
        """Write the game to the browser's storage: at once when the table stops (a person to
        choose, paused, over), every :data:`KEEP_EVERY` seconds while the bots play. Nothing is
        written before the page has read what the browser kept, nor while a kept game is on offer
        and the student has not yet clicked anything of this page's game."""
        if not self.keeping or not self.keeper.ready or (self._hold_store and self.kept_offer is not None):
            return
        now = time.monotonic()
        if not force and self._activity() == "playing" and now - self._kept_at < KEEP_EVERY:
            return
        session = self._session()
        if not force and not session.game.entries and not self.keeper.record:
            return  # an untouched new game is not worth keeping
        self.keeper.record = json.dumps(session.to_dict(), separators=(",", ":"))
        self._kept_at = now

    def _on_kept(self, change: dict[str, Any]) -> None:
        """The browser has said what it kept from an earlier visit (once a page): offer to resume
        it; nothing kept, keep this page's game from now on."""
        if not self.keeper.ready or self._browser_read:
            return
        self._browser_read = True
        raw = self.keeper.found
        if not raw:
            self.keep_in_browser()
            return
        try:
            kept = TableSession.from_saved(raw.encode("utf-8"), "the game kept in this browser",
                                           rulesets=self._known())
        except LandlordError:
            self.keeper.record = ""  # not a game the kit can read: forget it rather than offer it
            return
        self.kept_offer = raw.encode("utf-8")
        self.resume_text.value = resume_offer_html(kept.ruleset.title, kept.game.turn, kept.game.over)
        self.resume_bar.layout.display = None

    def resume_kept(self) -> bool:
        """Play on with the game this browser kept (the offer's Resume button)."""
        raw = self.kept_offer
        if raw is None:
            return False
        self._close_offer()
        return self._load(raw, "the game kept in this browser")

    def forget_kept(self) -> None:
        """Leave the kept game and play this page's own (the offer's Start a new game button)."""
        self._close_offer()
        self.student_acted()
        self.keep_in_browser(force=True)

    def _close_offer(self) -> None:
        self.kept_offer = None
        self.resume_bar.layout.display = "none"

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        try:
            f = files[0]
            raw, name = bytes(f["content"]), str(f.get("name", "uploaded file"))
        except (TypeError, KeyError, AttributeError, IndexError, ValueError):
            self._say("Could not load: that upload is not a file. The current game is kept.", True)
            return
        self._load(raw, name)
