"""Where a lesson's game is kept between visits: the student's own browser, and one-click saving.

Choice (issue 27): the record lives in the browser's own ``localStorage``, under the page's
address and the table's key, written by this small widget's script. Why there and not on the
server: the server then writes no file at all for a visitor (nothing anyone else could read,
fill or guess the name of), the record survives a refresh, a closed laptop and a restarted
server, it costs the server nothing, and it works with no network beyond the lesson's own page.
What it does not do: follow the student to another browser (the *Save to my computer* file
does that) or survive the browser's "clear site data". Anyone using the same browser profile
on the same computer sees the same kept game, as they would see its open tab.

The script writes only what the kernel sends it (``record``, the game's saved form, the same
file the Save button downloads) and reads back, once per page, what this browser kept
(``found``). What comes back is untrusted: the table loads it through the one door a saved
game comes in by (:func:`landlord.players.savefile.load_game`), like an uploaded file.
"""

from __future__ import annotations

import json
from typing import Any

import anywidget
import traitlets

PREFIX = "landlord-kept-game:"
"""The start of every ``localStorage`` key the kit writes (then the page's path and the table's key)."""

_ESM = """
function storageKey(model) {
  return KEY_PREFIX + window.location.pathname + ":" + model.get("key");
}
function render({ model, el }) {
  el.style.display = "none";
  const key = storageKey(model);
  let kept = "";
  try { kept = window.localStorage.getItem(key) || ""; } catch (e) { kept = ""; }
  // what this browser kept is read before anything is written, so a new game cannot overwrite it
  model.set("found", kept);
  model.set("ready", true);
  model.save_changes();
  model.on("change:record", () => {
    const record = model.get("record");
    try {
      if (record) { window.localStorage.setItem(key, record); } else { window.localStorage.removeItem(key); }
    } catch (e) { /* storage full or refused: the Save button still works */ }
  });
  model.on("msg:custom", (msg) => {
    if (!msg || msg.kind !== "download") { return; }
    const blob = new Blob([msg.text], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = msg.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });
}
export default { render };
""".replace("KEY_PREFIX", json.dumps(PREFIX))


class BrowserKeeper(anywidget.AnyWidget):
    """An invisible widget that keeps one game in the student's browser and downloads files.

    ``key`` tells tables of one page apart; ``record`` (set by the table) is written to the
    browser's storage when it changes (an empty string removes it); ``found`` is what the browser
    had kept when the page opened, sent once (``ready`` turns True when it has been)."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    key = traitlets.Unicode("table").tag(sync=True)
    record = traitlets.Unicode("").tag(sync=True)
    found = traitlets.Unicode("").tag(sync=True)
    ready = traitlets.Bool(False).tag(sync=True)

    def download(self, name: str, text: str) -> None:
        """Make the student's browser download ``text`` as a file called ``name`` (one click on
        the table's Save button: no link to click a second time, none left on the page)."""
        self.sent = {"kind": "download", "name": name, "text": text}
        self.send(self.sent)

    sent: dict[str, Any] | None = None
    """The last file sent to the browser (for tests and scripts: what the student downloaded)."""
