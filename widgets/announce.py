"""What a screen reader hears at a table: one polite live region per table that says, in the kit's
plain words, what happened since the last announcement (bots' moves summarised), whose turn it
is and what is asked now; and the focus put back on the first choice when a person is asked
again, so a keyboard user never has to Tab back from the top of the page.

The region is a small anywidget (its JavaScript is the few lines below, nothing fetched): its
``<div role="status" aria-live="polite">`` stays in the page and only its text changes, which is
what screen readers announce reliably (an ``ipywidgets.HTML`` replaces its element on each
change). Nothing here computes anything about the game.
"""

from __future__ import annotations

from collections.abc import Sequence

import anywidget
import traitlets

MOST_LINES = 3
"""Up to this many new events are read out one by one; more are summarised (the last one read)."""

_ESM = """
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "ll-live ll-sr-only";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  el.appendChild(region);
  // each announcement is counted (data-said); one in the same words as the last is read again:
  // the region is emptied a moment first, as a screen reader reads only a change
  const say = () => {
    const text = model.get("text");
    region.dataset.said = String(model.get("said"));
    if (region.textContent === text && text) {
      region.textContent = "";
      setTimeout(() => { region.textContent = model.get("text"); }, 100);
    } else {
      region.textContent = text;
    }
  };
  // the focus follows the choices only for a student who was on them: a focusin elsewhere
  // (the page's text, a chart, another control) lets it be
  let onChoices = false;
  document.addEventListener("focusin", (e) => {
    const table = el.closest(".ll-table");
    onChoices = !!(table && table.contains(e.target) && e.target.closest(".ll-options"));
  });
  const table = () => el.closest(".ll-table") || document;
  const lost = () => {
    const now = document.activeElement;
    return !now || now === document.body || !now.isConnected;
  };
  const refocus = () => {
    const first = table().querySelector(".ll-options button:not([disabled]), .ll-options select");
    if (first && lost() && onChoices) first.focus();
  };
  // whenever the choices are redrawn (a new question, or the same one drawn again) and the focus
  // fell with the old buttons, it goes to the first new choice
  let watched = null;
  const watch = () => {
    const box = table().querySelector(".ll-options");
    if (!box || box === watched) return;
    watched = box;
    new MutationObserver(() => setTimeout(refocus, 0)).observe(box, {childList: true, subtree: true});
  };
  const focusChoice = () => {
    watch();
    // the new choices are drawn a moment after this message: for 2 s, whenever the focus is
    // lost (on the page itself), put it on the first choice
    let tries = 0;
    const attempt = () => {
      refocus();
      if (++tries < 40) setTimeout(attempt, 50);
    };
    setTimeout(attempt, 0);
  };
  say();
  model.on("change:said", say);
  model.on("change:focus_request", focusChoice);
}
export default { render };
"""


class LiveRegion(anywidget.AnyWidget):
    """A table's live region: set :attr:`text` to announce it; bump :meth:`focus_choice` to put
    the keyboard focus on the table's first choice (``.ll-options``)."""

    _esm = _ESM
    text = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Int(0).tag(sync=True)
    focus_request = traitlets.Int(0).tag(sync=True)

    def say(self, text: str, again: bool = False) -> None:
        """Announce ``text`` (politely: after what the screen reader is reading). The same words
        as the last announcement are said again only when ``again`` (a new question put in the
        same words as the one before it); otherwise a redraw repeats nothing."""
        if text == self.text and not again:
            return
        with self.hold_sync():
            self.text = text
            self.said += 1

    def focus_choice(self) -> None:
        """Put the focus on the first choice of the table once it is drawn."""
        self.focus_request += 1


def summary(lines: Sequence[str], now: str) -> str:
    """What a table announces after a click: the new events in words (up to :data:`MOST_LINES`,
    else how many and the last), then what is asked now. ``lines`` are plain sentences (the
    commentary's, without their turn prefix); ``now`` says whose turn it is and what is asked."""
    said = [x.strip() for x in lines if x.strip()]
    if len(said) > MOST_LINES:
        said = [f"{len(said)} things happened; the last: {said[-1]}"]
    parts = [*said, now.strip()]
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts if p)
