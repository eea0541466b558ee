// The kit's board (widgets/board.py): drawn once per board from `drawing`, then changed in place
// from `held`, `tokens`, `throw`, `moves` and `status`. Nothing is fetched.

const WHOLE_NAMES_PX = 600;  // from this width every space's whole name is written
const SVG = "http://www.w3.org/2000/svg";
const SHAPES = {  // each seat's shape (landlord.charts.palette.SEAT_SHAPES), in a 20x20 box
  "circle": "M10 2a8 8 0 1 0 0.01 0Z",
  "square": "M3 3H17V17H3Z",
  "triangle-up": "M10 2L18 17H2Z",
  "diamond": "M10 1L19 10L10 19L1 10Z",
  "cross": "M7 2H13V7H18V13H13V18H7V13H2V7H7Z",
  "triangle-down": "M2 3H18L10 18Z",
  "triangle-right": "M3 2L18 10L3 18Z",
  "wedge": "M10 2L16 18H4Z",
};

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function shape(name, colour, size) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(SVG, "path");
  p.setAttribute("d", SHAPES[name] || SHAPES.circle);
  p.setAttribute("fill", colour);
  p.setAttribute("stroke", "#fff");
  p.setAttribute("stroke-width", "1.6");
  svg.appendChild(p);
  return svg;
}

function house(hotel) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", hotel ? "0 0 16 10" : "0 0 10 10");
  svg.setAttribute("class", hotel ? "ll-hotel" : "ll-house");
  svg.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(SVG, "path");
  p.setAttribute("d", hotel ? "M1 4L8 0.5L15 4V9.5H1Z" : "M1 4.5L5 0.5L9 4.5V9.5H1Z");
  svg.appendChild(p);
  return svg;
}

// Where space i is drawn on a grid of (q+1)x(q+1) cells, q spaces a side, play running
// clockwise from the start corner: [row, column, side] (side: the edge it lies on, or "corner").
const SIDES = ["bottom", "left", "top", "right"];
function place(i, q, start) {
  const turn = start === "top-right" ? 3 : 0;  // the patent's board starts a side later: top right
  const side = SIDES[(Math.floor(i / q) + turn) % 4], k = i % q, m = q;
  const at = {  // the k-th space along each side, from its corner clockwise
    bottom: [m, m - k], left: [m - k, 0], top: [0, k], right: [k, m],
  }[side];
  return [at[0], at[1], k ? side : "corner"];
}

function render({ model, el: root }) {
  const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  const wrap = el("div", "ll-board-wrap");
  root.appendChild(wrap);
  let cells = [], annexEls = {}, tokenEls = [], layout = null, q = 10;
  let shown = {};  // seat -> where its token is drawn now ({at, where})
  let walking = 0;  // token walks under way
  const board = el("div", "ll-board");
  board.setAttribute("aria-hidden", "true");  // its words are in the text form below
  const middle = el("div", "ll-middle");
  const centre = el("div", "ll-centre");
  const titleEl = el("div", "ll-board-title");
  const turnEl = el("div", "ll-board-turn");
  const diceEl = el("div", "ll-dice");
  const detail = el("div", "ll-detail");
  centre.append(titleEl, diceEl, turnEl, detail);
  const tokensLayer = el("div", "ll-tokens");
  // the text form: what a screen reader reads and asks
  const text = el("details", "ll-board-text");
  const where = el("ul", "ll-where");
  const asked = el("p", "ll-asked");
  const form = el("form", "ll-ask");
  const askLabel = el("label", "", "Ask the board (a space or a player): ");
  const input = el("input");
  input.type = "text";
  input.name = "ask";
  input.autocomplete = "off";
  const inputId = "ll-ask-" + Math.random().toString(36).slice(2, 9);
  input.id = inputId;
  askLabel.htmlFor = inputId;
  const askButton = el("button", "ll-ask-button", "Ask");
  askButton.type = "submit";
  const answer = el("p", "ll-answer");
  answer.setAttribute("aria-live", "polite");  // the board's answer; the table's one status region says the moves
  form.append(askLabel, input, askButton);
  const spacesBox = el("details", "ll-spaces");
  const spacesSummary = el("summary", "", "Every space, who holds it and who is on it");
  const spacesTable = el("table");
  spacesBox.append(spacesSummary, spacesTable);
  const heading = el("summary", "ll-board-text-title", "The board in words: where everyone is, who holds what, ask the board");
  text.append(heading, asked, where, form, answer, spacesBox);
  wrap.append(board, text);

  function seat(k) { return (layout && layout.seats[k]) || { name: "seat " + (k + 1), colour: "#000", glyph: "?", shape: "circle" }; }
  function spaceName(i) { return layout.spaces[i] ? layout.spaces[i].name : "space " + i; }

  function build() {
    layout = model.get("drawing");
    if (!layout || !layout.spaces) return;
    const n = layout.spaces.length;
    q = Math.max(1, Math.ceil(n / 4));
    board.replaceChildren();
    board.style.setProperty("--q", q - 1);
    board.dataset.start = layout.start;
    cells = [];
    annexEls = {};
    for (const s of layout.spaces) {
      const [r, c, side] = place(s.i, q, layout.start);
      const cell = el("div", `ll-space ll-${side} ll-tint-${s.tint} ll-kind-${s.kind}`);
      cell.style.gridRow = String(r + 1);
      cell.style.gridColumn = String(c + 1);
      cell.dataset.index = s.i;
      cell.dataset.name = s.name;
      if (s.recon) cell.classList.add("ll-recon");
      if (s.band) {
        cell.classList.add("ll-banded");
        const band = el("div", "ll-band");
        band.style.background = s.band;
        cell.appendChild(band);
      }
      const name = el("div", "ll-name");
      const whole = el("span", "ll-whole", s.wrap);
      const short = el("span", "ll-short", s.short);
      name.append(whole, short);
      cell.appendChild(name);
      if (s.kind === "railroad") cell.appendChild(el("div", "ll-rails"));
      if (s.values.length) {
        const values = el("div", "ll-values");
        s.values.forEach((v, k) => values.appendChild(el("span", "", v + (s.recon && k === s.values.length - 1 ? "*" : ""))));
        cell.appendChild(values);
      }
      const marks = el("div", "ll-marks");
      cell.appendChild(marks);
      cell.addEventListener("click", () => tap(s.i));
      board.appendChild(cell);
      cells.push(cell);
    }
    // the middle of the board: the patent's four fields, then the title, dice and turn
    middle.replaceChildren();
    middle.style.gridRow = `2 / ${q + 1}`;
    middle.style.gridColumn = `2 / ${q + 1}`;
    if (layout.middle.length) {
      middle.classList.add("ll-fields");
      for (const f of layout.middle) middle.appendChild(el("div", "ll-field", f));
    }
    middle.appendChild(centre);
    board.appendChild(middle);
    for (const a of layout.annexes) {
      const corner = cells[a.beside];
      if (!corner) continue;
      const box = el("div", `ll-annex ll-annex-${a.kind}`);
      box.appendChild(el("span", "", a.name));
      if (a.recon) box.classList.add("ll-recon");
      if (a.kind === "natural_opportunity") {  // the 1906 board's inner corners: inside the ring
        const [r, c] = place(a.beside, q, layout.start);
        box.style.gridRow = String(r === 0 ? 2 : q);
        box.style.gridColumn = String(c === 0 ? 2 : q);
        box.classList.add(r === 0 ? "ll-at-top" : "ll-at-bottom", c === 0 ? "ll-at-left" : "ll-at-right");
        board.appendChild(box);
      } else {  // the 1904 Jail and Poor House: a quarter-circle outside the corner square
        const [r, c] = place(a.beside, q, layout.start);
        box.classList.add(r === 0 ? "ll-at-top" : "ll-at-bottom", c === 0 ? "ll-at-left" : "ll-at-right");
        corner.appendChild(box);
      }
      annexEls[a.kind + ":" + a.beside] = box;
    }
    titleEl.textContent = layout.title;
    board.appendChild(tokensLayer);
    tokensLayer.replaceChildren();
    tokenEls = layout.seats.map((st, k) => {
      const t = el("div", "ll-token");
      t.dataset.seat = k;
      t.dataset.name = st.name;
      t.appendChild(shape(st.shape, st.colour, "100%"));
      tokensLayer.appendChild(t);
      return t;
    });
    shown = {};
    spacesTable.replaceChildren();
    const cap = el("caption", "", "The spaces in order of play");
    const head = el("tr");
    for (const h of ["space", "numbers", "held by", "on it"]) { const th = el("th", "", h); th.scope = "col"; head.appendChild(th); }
    spacesTable.append(cap, head);
    for (const s of layout.spaces) {
      const tr = el("tr");
      tr.append(el("td", "", `${s.i + 1}. ${s.name}${s.recon ? " (reconstructed)" : ""}`), el("td", "", s.values.join(", ")),
                el("td", "ll-held-by", "nobody"), el("td", "ll-on-it", ""));
      spacesTable.appendChild(tr);
    }
    drawHeld(false);  // its marks, then one fit of every square for the size the board is given
    sized();
    drawTokens(false);
    drawThrow();
    drawStatus();
  }

  // whole names from WHOLE_NAMES_PX wide, short labels below (the whole name on a tap)
  function sized() {
    const w = board.getBoundingClientRect().width;
    if (!w) return;
    board.classList.toggle("ll-small", w < WHOLE_NAMES_PX);
    board.style.setProperty("--w", (w / (q - 1 + 3.2)).toFixed(2) + "px");
    fit();
    placeTokens();
  }
  new ResizeObserver(sized).observe(board);

  // a square whose words and marks do not fit (a long name, its numbers, a holder and houses)
  // writes them a little smaller, at the largest half-pixel step down to 9 px at which they fit,
  // rather than cut any of them off (a phone's short labels stay at 11 px: they are made to fit
  // at that size). Every square is measured, then each overflowing one's step found by halving
  // its range, all squares at once: the page is laid out three or four times, not once a step.
  function fit() {
    const least = board.classList.contains("ll-small") ? 11 : 9;
    const over = (cell) => cell.scrollHeight > cell.clientHeight + 1 || cell.scrollWidth > cell.clientWidth + 1;
    for (const cell of cells) cell.style.fontSize = "";
    // each overflowing square's range of sizes: `lo` fits (or is the least), above `hi` does not
    const range = new Map(cells.filter(over).map((cell) => {
      const own = parseFloat(getComputedStyle(cell).fontSize);
      return [cell, {lo: Math.min(least, own), hi: own - 0.5}];
    }));
    let todo = [...range.keys()];
    while (todo.length) {
      todo = todo.filter((cell) => range.get(cell).lo < range.get(cell).hi);
      for (const cell of todo) {
        const r = range.get(cell);
        r.mid = r.lo + 0.5 * Math.ceil((r.hi - r.lo) / 0.5 / 2);  // half-way, on the half-pixel steps
        cell.style.fontSize = r.mid + "px";
      }
      for (const cell of todo) {
        const r = range.get(cell);
        if (over(cell)) r.hi = r.mid - 0.5; else r.lo = r.mid;
      }
    }
    for (const [cell, r] of range) cell.style.fontSize = r.lo + "px";
  }

  function heldMap() {
    const out = {};
    for (const h of model.get("held") || []) out[h.i] = h;
    return out;
  }

  function holderWords(h) {
    if (!h) return "nobody";
    const parts = [];
    if (h.h >= 0) parts.push(seat(h.h).name);
    if (h.c >= 0 && h.c !== h.h) parts.push(`${seat(h.c).name}'s charter`);
    if (h.p) parts.push("the public");
    let out = parts.join(", ") || "nobody";
    if (h.H) out += ", a hotel";
    else if (h.b) out += `, ${h.b} ${h.b === 1 ? "building" : "buildings"}`;
    if (h.m) out += ", mortgaged";
    return out;
  }

  function drawHeld(refit = true) {
    if (!layout) return;
    const held = heldMap();
    const rows = spacesTable.querySelectorAll("tr");
    cells.forEach((cell, i) => {
      const h = held[i];
      const marks = cell.querySelector(".ll-marks");
      marks.replaceChildren();
      cell.classList.toggle("ll-mortgaged", !!(h && h.m));
      cell.classList.toggle("ll-public", !!(h && h.p));
      const who = h ? (h.h >= 0 ? h.h : h.c) : -1;
      cell.style.setProperty("--holder", who >= 0 ? seat(who).colour : "transparent");
      cell.classList.toggle("ll-held", who >= 0);
      if (who >= 0) {
        const badge = el("span", "ll-holder");
        badge.appendChild(shape(seat(who).shape, seat(who).colour, 16));
        badge.title = holderWords(h);
        marks.appendChild(badge);
        if (h.c >= 0 && h.h < 0) marks.appendChild(el("span", "ll-tag", "charter"));
      }
      if (h && h.p) marks.appendChild(el("span", "ll-tag", "public"));
      if (h && h.m) marks.appendChild(el("span", "ll-tag", "mortgaged"));
      if (h && h.H) marks.appendChild(house(true));
      else if (h && h.b) for (let k = 0; k < Math.min(h.b, 4); k++) marks.appendChild(house(false));
      if (h && h.b > 4 && !h.H) marks.appendChild(el("span", "ll-tag", "×" + h.b));
      if (rows[i + 1]) rows[i + 1].querySelector(".ll-held-by").textContent = holderWords(h);
    });
    if (refit) fit();
  }

  // where a token of seat k stands on space `at` / in the annex `where`: its centre in px
  function spot(k, at, whereTo) {
    let box = cells[at];
    if (!box) return null;
    if (whereTo && whereTo !== "track" && whereTo !== "board") {
      const kind = whereTo === "gaol" ? "jail" : whereTo;
      const key = Object.keys(annexEls).find((a) => a === kind + ":" + at) ||
                  Object.keys(annexEls).find((a) => a.startsWith(kind + ":"));
      if (key) box = annexEls[key];
    }
    const b = board.getBoundingClientRect(), r = box.getBoundingClientRect();
    const n = layout.seats.length, per = n > 4 ? 3 : 2;
    const size = Math.max(12, Math.min(24, Math.min(r.width, r.height) / (per + 0.6)));
    const col = k % per, row = Math.floor(k / per);
    const rows = Math.ceil(n / per);
    // on the left and right sides the tokens stand at the square's outer end, off its name
    const across = box.classList.contains("ll-left") ? 0.3 : box.classList.contains("ll-right") ? 0.7 : 0.5;
    const x = r.left - b.left + r.width * across + (col - (per - 1) / 2) * size * 0.95;
    const low = box === cells[at] && cells[at].classList.contains("ll-corner") ? 0.8 : 0.6;
    const y0 = r.top - b.top + r.height * low + (row - (rows - 1) / 2) * size * 0.95;
    const y = Math.min(r.bottom - b.top - size / 2, Math.max(r.top - b.top + size / 2, y0));  // inside its square
    return { x, y, size };
  }

  function putToken(k, at, whereTo) {
    const t = tokenEls[k];
    const p = spot(k, at, whereTo);
    if (!t || !p) return;
    t.style.width = t.style.height = p.size + "px";
    t.style.transform = `translate(${(p.x - p.size / 2).toFixed(1)}px, ${(p.y - p.size / 2).toFixed(1)}px)`;
    t.dataset.at = at;
    t.dataset.where = whereTo || "track";
  }

  function placeTokens() {
    if (!layout) return;
    for (const k of Object.keys(shown)) putToken(+k, shown[k].at, shown[k].where);
  }

  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

  // a token walks its move square by square (at once under prefers-reduced-motion)
  async function walk(k, frm, to) {
    const n = layout.spaces.length;
    const ahead = (to - frm + n) % n;
    const back = (frm - to + n) % n;
    const steps = [];
    if (back > 0 && back <= 3) for (let s = 1; s <= back; s++) steps.push((frm - s + n) % n);
    else for (let s = 1; s <= ahead; s++) steps.push((frm + s) % n);
    const pause = Math.min(160, 1400 / Math.max(1, steps.length));
    for (const at of steps) {
      putToken(k, at, "track");
      shown[k] = { at, where: "track" };
      await sleep(pause);
    }
  }

  let walks = Promise.resolve();
  function drawTokens(animate) {
    if (!layout) return;
    const tokens = model.get("tokens") || [];
    const moves = (model.get("moves") || {}).list || [];
    const settle = () => {
      for (const t of tokens) {
        shown[t.seat] = { at: t.at, where: t.where };
        putToken(t.seat, t.at, t.where);
        if (tokenEls[t.seat]) tokenEls[t.seat].classList.toggle("ll-out", !!t.out);
      }
      drawOnIt();
    };
    if (!animate || reduce.matches || !moves.length) { settle(); return; }
    // each seat walks its last move from where its token is drawn; then all settle where they are
    const last = {};
    for (const m of moves) last[m.seat] = m;
    walking++;
    tokensLayer.classList.add("ll-walking");
    walks = walks.then(async () => {
      await Promise.all(Object.values(last).map(async (m) => {
        const from = shown[m.seat] ? shown[m.seat].at : m.frm;
        putToken(m.seat, from, "track");
        await walk(m.seat, from === m.frm ? m.frm : from, m.to);
      }));
    }).then(() => {
      if (--walking === 0) tokensLayer.classList.remove("ll-walking");
      settle();
    });
  }

  function drawOnIt() {
    const rows = spacesTable.querySelectorAll("tr");
    const on = {};
    for (const t of model.get("tokens") || []) (on[t.at] = on[t.at] || []).push(t);
    rows.forEach((tr, j) => {
      if (!j) return;
      const cell = tr.querySelector(".ll-on-it");
      cell.textContent = (on[j - 1] || []).map((t) => seat(t.seat).name + (t.where !== "track" && t.where !== "board" ? ` (${t.where.replace("_", " ")})` : "")).join(", ");
    });
    where.replaceChildren();
    for (const t of model.get("tokens") || []) {
      const st = seat(t.seat);
      const li = el("li");
      const mark = el("span", "ll-glyph", st.glyph);
      mark.style.color = st.colour;
      mark.setAttribute("aria-hidden", "true");
      const place = t.out ? "out of the game" :
        (t.where !== "track" && t.where !== "board" ? `in ${t.where.replace("_", " ")}, beside ${spaceName(t.at)}` :
         `on ${spaceName(t.at)} (space ${t.at + 1} of ${layout.spaces.length})`);
      const holds = (model.get("held") || []).filter((h) => h.h === t.seat).length;
      li.append(mark, ` ${st.name}: ${place}; holds ${holds} ${holds === 1 ? "space" : "spaces"}.`);
      where.appendChild(li);
    }
  }

  function die(v) {
    const d = el("span", "ll-die");
    d.dataset.value = v;
    for (let k = 0; k < 9; k++) d.appendChild(el("i", ""));
    return d;
  }

  function drawThrow() {
    const t = model.get("throw") || {};
    diceEl.replaceChildren();
    if (!t.dice) return;
    diceEl.append(die(t.dice[0]), die(t.dice[1]));
    const who = el("span", "ll-dice-words", `${seat(t.seat).name} threw ${t.dice[0]} + ${t.dice[1]} = ${t.dice[0] + t.dice[1]}`);
    diceEl.appendChild(who);
  }

  function drawStatus() {
    const s = model.get("status") || {};
    if (s.turn === undefined) return;
    turnEl.replaceChildren();
    turnEl.append(`Turn ${s.turn} · round ${s.round}`);
    asked.textContent = s.seat >= 0 ? `Asked now: ${s.asked}` : s.asked;
    tokenEls.forEach((t, k) => t.classList.toggle("ll-to-move", k === s.seat));
    if (s.seat >= 0) {
      const st = seat(s.seat);
      const who = el("div", "ll-whose");
      who.appendChild(shape(st.shape, st.colour, 14));
      who.append(` ${st.name} to choose`);
      turnEl.appendChild(who);
    }
  }

  // a tapped space: its whole name, numbers and holder in the middle (tapped again: gone)
  let tapped = -1;
  function tap(i) {
    cells.forEach((c) => c.classList.remove("ll-tapped"));
    if (tapped === i) { tapped = -1; detail.replaceChildren(); return; }
    tapped = i;
    cells[i].classList.add("ll-tapped");
    const s = layout.spaces[i];
    detail.replaceChildren(el("b", "ll-detail-name", s.name));
    if (s.values.length) detail.appendChild(el("div", "", s.values.join(", ")));
    detail.appendChild(el("div", "", "Held by " + holderWords(heldMap()[i])));
    if (s.recon) detail.appendChild(el("div", "ll-recon-note", "* reconstructed: " + s.note));
  }

  // the text form's questions: a player (where, what they hold) or a space (who holds it, who is on it)
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const q = input.value.trim().toLowerCase();
    if (!q || !layout) { answer.textContent = "Type the name of a space or a player, or a space's number."; return; }
    const tokens = model.get("tokens") || [];
    const held = heldMap();
    const k = layout.seats.findIndex((s) => s.name.toLowerCase() === q) >= 0 ?
      layout.seats.findIndex((s) => s.name.toLowerCase() === q) :
      layout.seats.findIndex((s) => s.name.toLowerCase().startsWith(q));
    if (k >= 0) {
      const t = tokens.find((x) => x.seat === k);
      const mine = layout.spaces.filter((s) => held[s.i] && held[s.i].h === k).map((s) => s.name);
      answer.textContent = `${seat(k).name} is on ${t ? spaceName(t.at) : "no space"}` +
        (t && t.where !== "track" && t.where !== "board" ? ` (${t.where.replace("_", " ")})` : "") +
        `; holds ${mine.length ? mine.join(", ") : "nothing"}.`;
      return;
    }
    const num = parseInt(q, 10);
    const s = !isNaN(num) && String(num) === q ? layout.spaces[num - 1] :
      layout.spaces.find((x) => x.name.toLowerCase() === q) || layout.spaces.find((x) => x.name.toLowerCase().includes(q));
    if (!s) { answer.textContent = `No space or player called “${input.value.trim()}”.`; return; }
    const on = tokens.filter((t) => t.at === s.i).map((t) => seat(t.seat).name);
    answer.textContent = `${s.name} (space ${s.i + 1}${s.values ? ", " + s.values : ""}): held by ${holderWords(held[s.i])}; ` +
      (on.length ? `${on.join(" and ")} ${on.length === 1 ? "is" : "are"} on it.` : "nobody is on it.");
  });

  model.on("change:drawing", build);
  model.on("change:held", () => { drawHeld(); drawOnIt(); if (tapped >= 0) { const i = tapped; tapped = -1; tap(i); } });
  let movesSeen = (model.get("moves") || {}).n || 0;
  model.on("change:tokens", () => {
    const n = (model.get("moves") || {}).n || 0;
    drawTokens(n > movesSeen);
    movesSeen = n;
  });
  model.on("change:throw", drawThrow);
  model.on("change:status", drawStatus);
  build();
  requestAnimationFrame(sized);
}

export default { render };
