// tenpai serve: the page. Plain JS, no build step; every answer comes from the JSON API.
"use strict";

const $ = (sel) => document.querySelector(sel);
const SUITS = "mpsz";
// The tiles (tileSVG, tileBackSVG, tileName): /assets/tiles.js, shared with the review report.

function tileEl(code, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "tile" + (code[0] === "0" ? " red" : "") + (cls ? " " + cls : "");
  b.dataset.tile = code;
  b.title = tileName(code);
  b.setAttribute("aria-label", tileName(code));
  b.innerHTML = tileSVG(code);
  return b;
}

function tileSpan(code, cls) {
  const s = document.createElement("span");
  s.className = "tile small" + (code[0] === "0" ? " red" : "") + (cls ? " " + cls : "");
  s.dataset.tile = code;
  s.title = tileName(code);
  s.innerHTML = cls && cls.includes("back") ? tileBackSVG() : tileSVG(code, cls && cls.includes("side"));
  return s;
}

// ---- the hand: concealed tiles (in the order given) and calls ---------------------
const state = { tiles: [], calls: [], mode: "tile", pending: "", sort: null };

function groupText(tiles) {
  let out = "", suit = "";
  for (const t of tiles) {
    if (suit && t[1] !== suit) out += suit;
    out += t[0];
    suit = t[1];
  }
  return out + suit;
}

function serialize() {
  const parts = [];
  if (state.tiles.length) parts.push(groupText(state.tiles));
  for (const c of state.calls) parts.push(c.open ? `(${groupText(c.tiles)})` : `[${groupText(c.tiles)}]`);
  return parts.join(" ");
}

// Reads plain mpsz with calls; null when the text is something else (the server then
// says what is wrong, or reads what this does not, such as glyphs).
function parseHand(text) {
  const tiles = [], calls = [];
  let digits = [], call = null;
  for (const ch of text) {
    if (/\s/.test(ch)) { if (digits.length) return null; continue; }
    if (ch === "(" || ch === "[") { if (call || digits.length) return null; call = { open: ch === "(", tiles: [] }; continue; }
    if (ch === ")" || ch === "]") {
      if (!call || digits.length || call.open !== (ch === ")") || !call.tiles.length) return null;
      calls.push(call); call = null; continue;
    }
    if (/[0-9]/.test(ch)) { digits.push(ch); continue; }
    if (SUITS.includes(ch)) {
      if (!digits.length) return null;
      for (const d of digits) (call ? call.tiles : tiles).push(d + ch);
      digits = [];
      continue;
    }
    return null;
  }
  if (digits.length || call) return null;
  if (calls.length && tiles.length === 0 && text.trim()[0] !== "(" && text.trim()[0] !== "[") return null;
  return { tiles, calls };
}

function tileCount() {
  return state.tiles.length + 3 * state.calls.length;
}

// ---- rendering the hand and the palette -------------------------------------------
function renderHand() {
  const h = $("#hand");
  h.textContent = "";
  // A hand that has drawn (3k+2 tiles) shows its last tile apart: the tile drawn, or
  // the winning tile of a complete hand (the scorer wins on the last tile written).
  const drawn = tileCount() % 3 === 2 && state.tiles.length > 0 ? state.tiles.length - 1 : -1;
  state.tiles.forEach((t, i) => {
    const b = tileEl(t, i === drawn ? "drawn" : "");
    if (i === drawn) b.title += " (the tile drawn: the winning tile when the hand is complete)";
    b.addEventListener("click", () => { state.tiles.splice(i, 1); changed(); });
    h.appendChild(b);
  });
  state.calls.forEach((c, i) => {
    const g = document.createElement("button");
    g.type = "button";
    g.className = "call" + (c.open ? "" : " closed");
    g.title = (c.open ? "call " : "closed kan ") + groupText(c.tiles) + " (click to remove)";
    g.dataset.call = groupText(c.tiles);
    // An open call lays its called tile on its side (drawn here first, as from the
    // player on the left); a closed kan shows its two ends face down.
    c.tiles.forEach((t, k) => {
      const last = c.tiles.length - 1;
      const cls = c.open ? (k === 0 ? "side" : "") : (k === 0 || k === last ? "back" : "");
      g.appendChild(tileSpan(t, cls));
    });
    g.addEventListener("click", () => { state.calls.splice(i, 1); changed(); });
    h.appendChild(g);
  });
  if (state.pending) {
    const p = document.createElement("span");
    p.className = "pending";
    p.textContent = state.pending + "…";
    h.appendChild(p);
  }
  if (!h.childNodes.length) {
    const p = document.createElement("span");
    p.className = "hint";
    p.textContent = "click tiles below, type mpsz, or paste a hand";
    h.appendChild(p);
  }
}

function buildPalette() {
  const pal = $("#palette");
  for (const suit of SUITS) {
    const row = document.createElement("div");
    row.className = "prow";
    const nums = suit === "z" ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5, 0, 6, 7, 8, 9];
    for (const n of nums) {
      const b = tileEl(`${n}${suit}`);
      b.addEventListener("click", () => paletteClick(`${n}${suit}`));
      row.appendChild(b);
    }
    pal.appendChild(row);
  }
}

function setMode(mode) {
  state.mode = mode;
  document.querySelectorAll(".mode").forEach((b) => b.classList.toggle("on", b.dataset.mode === mode));
}

function paletteClick(code) {
  const mode = state.mode;
  if (mode === "offer") {
    setMode("tile");
    return showOffer(code);
  }
  if (mode === "dora" || mode === "ura") {
    const input = $("#" + mode);
    const tiles = indicatorTiles(input.value);
    if (tiles === null || tiles.length >= 5) return showError({ error: `at most 5 ${mode} indicators, written as tiles: remove one first (click it)` });
    input.value = groupText(tiles.concat([code]));
    setMode("tile");
    indicatorsChanged();
    return;
  }
  if (mode === "tile") {
    if (tileCount() >= 14) return showError({ error: "a hand has at most 14 tiles: remove one first (click it)" });
    state.tiles.push(code);
    return changed();
  }
  const n = Number(code[0]), suit = code[1], num = n === 0 ? 5 : n;
  let tiles;
  if (mode === "chi") {
    if (suit === "z" || num > 7) return showError({ error: "a chi is three tiles in a row of one suit: pick its lowest tile (1-7 of m, p or s)" });
    tiles = [code, `${num + 1}${suit}`, `${num + 2}${suit}`];
  } else {
    const k = mode === "pon" ? 3 : 4;
    const plain = `${num}${suit}`;
    tiles = [code].concat(Array(k - 1).fill(plain));
  }
  if (state.calls.length >= 4 || tileCount() + 3 > 14) return showError({ error: "no room for another call (at most 4 calls and 14 tiles)" });
  state.calls.push({ open: mode !== "ankan", tiles });
  setMode("tile");
  changed();
}

// ---- dora and ura indicators, picked as tiles --------------------------------------
// The tiles of an indicator field ("3m7z" -> ["3m", "7z"]); null when it is not plain
// mpsz (the server then says what is wrong).
function indicatorTiles(text) {
  const p = parseHand(text.replace(/\s+/g, ""));
  return p && !p.calls.length ? p.tiles : (text.trim() ? null : []);
}

function renderIndicators() {
  for (const id of ["dora", "ura"]) {
    const box = $(`#${id}-tiles`);
    box.textContent = "";
    (indicatorTiles($("#" + id).value) || []).forEach((t, i) => {
      const b = tileEl(t, "indicator");
      b.title = `${tileName(t)}: ${id} indicator (click to remove)`;
      b.addEventListener("click", () => {
        const tiles = indicatorTiles($("#" + id).value) || [];
        tiles.splice(i, 1);
        $("#" + id).value = groupText(tiles);
        indicatorsChanged();
      });
      box.appendChild(b);
    });
  }
}

function indicatorsChanged() {
  renderIndicators();
  analyzeSoon();
}

// ---- the URL holds the state ------------------------------------------------------
const CHECKS = ["riichi", "double_riichi", "ippatsu", "haitei", "rinshan"];
const FIELDS = { round_wind: "E", seat_wind: "E", dora: "", ura: "", honba: "0", sticks: "0", rules: "tenhou" };

function saveURL() {
  const p = new URLSearchParams();
  const text = $("#mpsz").value.trim();
  if (text) p.set("q", text);
  if ($("#tsumo").checked) p.set("tsumo", "1");
  for (const id of CHECKS) if ($("#" + id).checked) p.set(id, "1");
  for (const [id, def] of Object.entries(FIELDS)) {
    const v = $("#" + id).value.trim();
    if (v && v !== def) p.set(id, v);
  }
  const qs = p.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%5B/g, "[").replace(/%5D/g, "]");
  history.replaceState(null, "", qs ? "?" + qs : location.pathname);
}

function loadURL() {
  const p = new URLSearchParams(location.search);
  if (p.get("tsumo") === "1") $("#tsumo").checked = true;
  for (const id of CHECKS) $("#" + id).checked = p.get(id) === "1";
  for (const id of Object.keys(FIELDS)) if (p.has(id)) $("#" + id).value = p.get(id);
  const q = p.get("q") || "";
  $("#mpsz").value = q;
  renderIndicators();
  textChanged();
}

// ---- talking to the API -----------------------------------------------------------
async function api(endpoint, request) {
  const r = await fetch("/api/" + endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  let body;
  try { body = await r.json(); } catch (e) { body = { error: `HTTP ${r.status}: the answer is not JSON` }; }
  if (!r.ok) { const err = new Error(body.error); err.body = body; throw err; }
  return body;
}

// The error once (its message already names the column), then the text it is about
// with a caret under that column, as the command line shows it.
function showError(body) {
  const e = $("#error");
  e.textContent = "";
  if (!body) { e.hidden = true; return; }
  e.appendChild(el("div", "msg", "error: " + body.error));
  if (body.column && body.hand) {
    const chars = [...body.hand];
    const where = el("pre", "caret");
    where.textContent = body.hand + "\n" + " ".repeat(Math.max(0, Math.min(body.column, chars.length + 1) - 1)) + "^";
    e.appendChild(where);
  }
  e.hidden = false;
}

function clearResult() {
  for (const id of ["#summary", "#waits", "#table-wrap", "#score"]) $(id).textContent = "";
  const offer = $("#offer-wrap");
  if (offer) offer.remove();
}

function shantenWord(s) {
  return s === -1 ? "complete" : s === 0 ? "tenpai" : `${s}-shanten`;
}

const pct = (x) => (100 * x).toFixed(1) + "%";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function situation() {
  const tsumo = $("#tsumo").checked;
  const req = {
    tsumo,
    riichi: $("#riichi").checked || $("#double_riichi").checked,
    double_riichi: $("#double_riichi").checked,
    ippatsu: $("#ippatsu").checked,
    round_wind: $("#round_wind").value,
    seat_wind: $("#seat_wind").value,
    rules: $("#rules").value,
  };
  if ($("#haitei").checked) req[tsumo ? "haitei" : "houtei"] = true;
  if ($("#rinshan").checked) req[tsumo ? "rinshan" : "chankan"] = true;
  const dora = $("#dora").value.trim(), ura = $("#ura").value.trim();
  if (dora) req.dora = [dora];
  if (ura && req.riichi) req.ura = [ura];
  const num = (id) => { const v = $("#" + id).value.trim(); return v === "" ? 0 : Number(v); };
  req.honba = num("honba");
  req.riichi_sticks = num("sticks");
  return req;
}

let seq = 0;
let timer = null;

function analyzeSoon() {
  clearTimeout(timer);
  timer = setTimeout(analyze, 80);
}

async function analyze() {
  const my = ++seq;
  const text = $("#mpsz").value.trim();
  saveURL();
  if (!text) { clearResult(); showError(null); return; }
  const current = () => my === seq;
  try {
    const u = await api("ukeire", { hand: text });
    if (!current()) return;
    if (!parseHand(text)) {
      // Text this page does not read (tile glyphs, say): the tiles follow the
      // engine's canonical form of it.
      const p = parseHand(u.hand);
      if (p) { state.tiles = p.tiles; state.calls = p.calls; renderHand(); }
    }
    showError(null);
    clearResult();
    if (u.ukeire) return renderUkeire(u);
    if (u.shanten === -1) return await renderScore(text, current);
    renderDiscards(u);
    if (u.shanten <= 3) await addAdvice(text, current);
    else {
      const why = `not computed: win chances and expected points are computed for hands up to 3-shanten (this one is ${u.shanten}-shanten: too many ways to go on for an exact answer within the page's time)`;
      const note = el("div", "hint", why);
      note.id = "advice-note";
      $("#table-wrap").appendChild(note);
      adviceMissing(why);
    }
  } catch (e) {
    if (!current()) return;
    clearResult();
    showError(e.body || { error: String(e.message || e) });
  }
}

function renderUkeire(u) {
  const s = $("#summary");
  s.appendChild(el("div", "big", shantenWord(u.shanten))).id = "shanten";
  const w = $("#waits");
  if (u.shanten < 0) return;
  w.appendChild(el("div", "label", (u.shanten === 0 ? "waits" : "ukeire") + `: ${u.ukeire.tiles.length} kinds, ${u.ukeire.count} tiles`)).id = "ukeire-count";
  const list = el("div", "tilelist");
  list.id = "ukeire-tiles";
  u.ukeire.tiles.forEach((t, i) => {
    const item = el("span", "counted");
    item.appendChild(tileSpan(t));
    item.appendChild(el("span", "n", "×" + u.ukeire.left[i]));
    list.appendChild(item);
  });
  w.appendChild(list);
}

// The columns of the discard table: its key, heading, what it means, and the sort
// a click on it gives first (1 ascending, -1 descending; 0 not sortable).
const COLUMNS = [
  ["discard", "discard", "the tile to discard", 1],
  ["shanten", "shanten", "tiles away from tenpai after the discard", 1],
  ["ukeire", "ukeire", "tiles left that lower the shanten", -1],
  ["tenpai", "tenpai", "chance to reach tenpai within the draws left", -1],
  ["win", "win", "chance to win by tsumo within the draws left", -1],
  ["ev", "ev", "expected points of that win", -1],
  ["declare", "riichi?", "for a discard that leaves a closed hand tenpai: riichi or dama, whichever has the higher expected points (both in the tooltip)", 0],
  ["tiles", "tiles (copies left)", "the tiles that lower the shanten, and how many of each are left", 0],
];
const TILE_ORDER = (t) => "mpsz".indexOf(t[1]) * 10 + (t[0] === "0" ? 5 : Number(t[0]));

function sortValue(tr, key) {
  if (key === "discard") return TILE_ORDER(tr.dataset.discard);
  const v = tr.dataset[key];
  return v === undefined || v === "" ? NaN : Number(v);
}

// Order the rows: "best first" (by expected points once the advice is in, by tile
// efficiency until then: the order of the answers), or by the column clicked.
function sortRows() {
  const table = $("#discards");
  if (!table) return;
  const tb = table.tBodies[0];
  const rank = (tr) => Number(tr.dataset.evRank !== undefined ? tr.dataset.evRank : tr.dataset.effRank);
  const rows = [...tb.rows];
  const s = state.sort;
  rows.sort((a, b) => {
    if (s) {
      const va = sortValue(a, s.key), vb = sortValue(b, s.key);
      if (Number.isNaN(va) !== Number.isNaN(vb)) return Number.isNaN(va) ? 1 : -1;
      if (!Number.isNaN(va) && va !== vb) return (va - vb) * s.dir;
    }
    return rank(a) - rank(b);
  });
  rows.forEach((r) => tb.appendChild(r));
  for (const th of table.tHead.rows[0].cells) {
    const on = s && th.dataset.key === s.key;
    th.setAttribute("aria-sort", on ? (s.dir > 0 ? "ascending" : "descending") : "none");
  }
  const label = $("#discards-label");
  if (label) {
    const by = s ? `by ${s.key}${s.dir > 0 ? ", lowest first" : ", highest first"} (click again to reverse; best first: ` : "best first (";
    const best = table.dataset.advised ? "by expected points, the order of tenpai advise" : "by tile efficiency: lowest shanten, then most ukeire";
    label.textContent = `discards, ${by}${best}${s ? ")" : "); click a column to sort by it"}`;
  }
}

function sortBy(key, first) {
  state.sort = state.sort && state.sort.key === key ? { key, dir: -state.sort.dir } : { key, dir: first };
  sortRows();
}

function renderDiscards(u) {
  $("#summary").appendChild(el("div", "big", shantenWord(u.shanten))).id = "shanten";
  const table = el("table");
  table.id = "discards";
  const head = el("tr");
  for (const [key, name, what, first] of COLUMNS) {
    const th = el("th");
    th.dataset.key = key;
    th.title = what;
    if (first) {
      const b = el("button", "sort", name);
      b.type = "button";
      b.addEventListener("click", () => sortBy(key, first));
      th.appendChild(b);
    } else {
      th.textContent = name;
    }
    head.appendChild(th);
  }
  table.appendChild(el("thead")).appendChild(head);
  const tb = el("tbody");
  const best = u.discards.length ? u.discards[0] : null;
  u.discards.forEach((d, rank) => {
    const tr = el("tr");
    tr.dataset.discard = d.discard;
    tr.dataset.effRank = rank;
    tr.dataset.shanten = d.shanten;
    tr.dataset.ukeire = d.ukeire_count;
    if (best && d.shanten === best.shanten && d.ukeire_count === best.ukeire_count) tr.classList.add("best");
    const td0 = el("td");
    td0.appendChild(tileSpan(d.discard));
    tr.appendChild(td0);
    tr.appendChild(el("td", "shanten", shantenWord(d.shanten)));
    tr.appendChild(el("td", "ukeire num", String(d.ukeire_count)));
    const tt = el("td", "tiles");
    d.ukeire_tiles.forEach((t, i) => {
      const item = el("span", "counted");
      item.appendChild(tileSpan(t, "tiny"));
      item.appendChild(el("span", "n", String(d.ukeire_left[i])));
      tt.appendChild(item);
    });
    for (const k of ["tenpai", "win", "ev"]) tr.appendChild(el("td", k + " num", "·"));
    tr.appendChild(el("td", "declare", ""));
    tr.appendChild(tt);
    tb.appendChild(tr);
  });
  table.appendChild(tb);
  const wrap = $("#table-wrap");
  const label = el("div", "label");
  label.id = "discards-label";
  wrap.appendChild(label);
  wrap.appendChild(table);
  sortRows();
}

// Where the advice is not computed, the cells say so and the note says why.
function adviceMissing(why) {
  for (const k of ["tenpai", "win", "ev"]) {
    document.querySelectorAll(`#discards td.${k}`).forEach((td) => {
      if (td.textContent !== "·") return;
      td.textContent = "–";
      td.title = why;
      td.classList.add("missing");
    });
  }
}

async function addAdvice(text, current) {
  const sit = situation();
  const req = { hand: text, round: sit.round_wind, seat: sit.seat_wind, rules: sit.rules };
  if ($("#dora").value.trim()) req.dora = $("#dora").value.trim();
  const note = el("div", "hint", "win chance and expected points: computing…");
  note.id = "advice-note";
  $("#table-wrap").appendChild(note);
  try {
    const a = await api("advise", req);
    if (!current()) return;
    const top = a.discards.length ? a.discards[0] : null;
    document.querySelectorAll("#discards tbody tr").forEach((tr) => tr.classList.remove("best"));
    // A red five is its own row of the advice (its discard gives up a dora); the
    // efficiency table has one row per kind: a kind's row takes the red five's values
    // when the hand holds no plain five of it.
    const kind = (t) => (t[0] === "0" ? "5" + t[1] : t);
    const rowOf = (t) => document.querySelector(`#discards tr[data-discard="${t}"]`);
    a.discards.forEach((d, rank) => {
      let tr = rowOf(d.discard);
      if (!tr && d.discard !== kind(d.discard)) {
        const plain = rowOf(kind(d.discard));
        if (plain && !a.discards.some((x) => x.discard === kind(d.discard))) tr = plain;
      }
      if (!tr) return;
      tr.querySelector(".tenpai").textContent = pct(d.tenpai);
      tr.querySelector(".win").textContent = pct(d.win);
      tr.querySelector(".ev").textContent = Math.round(d.ev);
      tr.dataset.tenpai = d.tenpai;
      tr.dataset.win = d.win;
      tr.dataset.ev = d.ev;
      tr.dataset.evRank = rank;
      if (d.declare !== undefined) {
        const cell = tr.querySelector(".declare");
        cell.textContent = d.declare ? "riichi" : "dama";
        cell.title = `riichi: win ${pct(d.riichi.win)}, ev ${Math.round(d.riichi.ev)}; dama: win ${pct(d.dama.win)}, ev ${Math.round(d.dama.ev)}`;
      }
      if (top && d.ev === top.ev && d.win === top.win && d.tenpai === top.tenpai) tr.classList.add("best");
    });
    $("#discards").dataset.advised = "1";
    adviceMissing("not computed: the advice has no row for this discard");
    sortRows();
    const budget = a.changes === a.changes_requested ? `${a.changes} spare exchange(s)` : `${a.changes} spare exchange(s) (${a.changes_requested} needed too many hands)`;
    note.textContent = `tenpai/win chance and expected points within ${a.draws} draws, riichi ${a.riichi}, ${budget} (tenpai advise for more)`;
  } catch (e) {
    if (!current()) return;
    const why = "advice unavailable: " + (e.body ? e.body.error : e);
    note.textContent = why;
    adviceMissing(why);
  }
}

// The options on a tile another player discards (a 13-tile hand): pass, ron, chi,
// pon, kan, each with its best discard and values, the best first
// (`tenpai advise HAND --offer TILE`).
async function showOffer(code) {
  const text = $("#mpsz").value.trim();
  const old = $("#offer-wrap");
  if (old) old.remove();
  const sit = situation();
  const req = { hand: text, offer: code, round: sit.round_wind, seat: sit.seat_wind, rules: sit.rules };
  if ($("#dora").value.trim()) req.dora = $("#dora").value.trim();
  const wrap = el("div");
  wrap.id = "offer-wrap";
  const label = el("div", "label", "call options on the offered tile: computing…");
  label.id = "offer-label";
  wrap.appendChild(label);
  $("#result").insertBefore(wrap, $("#table-wrap"));
  try {
    const a = await api("advise", req);
    showError(null);
    label.textContent = "";
    label.appendChild(document.createTextNode("offered "));
    label.appendChild(tileSpan(a.offer, "tiny"));
    label.appendChild(document.createTextNode(` from the left: best ${a.best} (within ${a.draws} draws; tenpai advise --offer for more)`));
    const table = el("table");
    table.id = "offer-options";
    const head = el("tr");
    for (const h of ["option", "call", "discard", "tenpai", "win", "ev"]) head.appendChild(el("th", null, h));
    table.appendChild(el("thead")).appendChild(head);
    const tb = el("tbody");
    a.options.forEach((o, i) => {
      const tr = el("tr");
      tr.dataset.option = o.option;
      if (i === 0) tr.classList.add("best");
      tr.appendChild(el("td", "option", o.option));
      tr.appendChild(el("td", "call", o.call || ""));
      const d = el("td", "discard");
      if (o.discard) d.appendChild(tileSpan(o.discard, "tiny"));
      tr.appendChild(d);
      tr.appendChild(el("td", "tenpai num", pct(o.tenpai)));
      tr.appendChild(el("td", "win num", pct(o.win)));
      tr.appendChild(el("td", "ev num", String(Math.round(o.ev))));
      tb.appendChild(tr);
    });
    table.appendChild(tb);
    wrap.appendChild(table);
  } catch (e) {
    wrap.remove();
    showError(e.body || { error: String(e.message || e) });
  }
}

async function renderScore(text, current) {
  const req = Object.assign({ hand: text }, situation());
  const r = await api("score", req);
  if (!current()) return;
  $("#summary").appendChild(el("div", "big", "complete")).id = "shanten";
  const box = $("#score");
  const head = el("div", "scorehead");
  const pts = el("div", "points", String(r.points));
  pts.id = "points";
  head.appendChild(pts);
  const what = r.yakuman.length ? `yakuman${r.yakuman.length > 1 || r.yakuman[0].multiplier > 1 ? " ×" + r.yakuman.reduce((a, y) => a + y.multiplier, 0) : ""}`
    : `${r.han} han ${r.fu} fu`;
  head.appendChild(el("div", "what", `${what}${r.limit !== "none" ? ", " + r.limit : ""}`)).id = "hanfu";
  box.appendChild(head);
  const pay = Object.entries(r.payments).map(([k, v]) => `${k.replace("_", " ")} ${v}`).join(", ");
  box.appendChild(el("div", "line", `${r.tsumo ? "tsumo" : "ron"}${r.dealer ? " (dealer)" : ""}: ${pay}; received ${r.total_received}`)).id = "payments";
  const yl = el("ul", "yaku");
  yl.id = "yaku";
  const sit = situation();
  for (const y of r.yakuman) yl.appendChild(yakuItem(y.name, y.multiplier > 1 ? "yakuman ×" + y.multiplier : "yakuman", sit));
  for (const y of r.yaku) yl.appendChild(yakuItem(y.name, `${y.han} han`, sit));
  box.appendChild(el("div", "label", "yaku"));
  box.appendChild(yl);
  if (r.fu_breakdown && r.fu_breakdown.length) {
    box.appendChild(el("div", "label", "fu"));
    const fl = el("ul", "fu");
    fl.id = "fu";
    for (const f of r.fu_breakdown) fl.appendChild(el("li", "", `${f.reason} ${f.fu}`));
    box.appendChild(fl);
  }
  if (r.decomposition) box.appendChild(el("div", "line", `reading ${r.decomposition.join(" ")}${r.wait ? " (wait " + r.wait + ")" : ""}; win ${r.win}; rules ${r.rules}`));
}

// ---- yaku as players read them -----------------------------------------------------
// English as Mahjong Soul shows them, Japanese as Tenhou does (from the server).
const YAKU_NAMES = JSON.parse(document.getElementById("yaku-names").textContent);
const WIND = { E: ["East", "東"], S: ["South", "南"], W: ["West", "西"], N: ["North", "北"] };

function yakuNames(id, sit) {
  const [en, ja] = YAKU_NAMES[id] || [id, ""];
  const wind = id === "seat_wind" ? WIND[sit.seat_wind] : id === "round_wind" ? WIND[sit.round_wind] : null;
  return wind ? [`${en} (${wind[0]})`, `${ja} ${wind[1]}`] : [en, ja];
}

function yakuItem(id, value, sit) {
  const [en, ja] = yakuNames(id, sit);
  const li = el("li");
  li.dataset.yaku = id;
  li.title = id;
  li.appendChild(el("span", "en", en));
  const j = el("span", "ja", ja);
  j.lang = "ja";
  li.appendChild(j);
  li.appendChild(el("span", "han", value));
  return li;
}

// ---- events -----------------------------------------------------------------------
function changed() {
  state.pending = "";
  $("#mpsz").value = serialize();
  renderHand();
  analyzeSoon();
}

function textChanged() {
  const parsed = parseHand($("#mpsz").value);
  if (parsed) { state.tiles = parsed.tiles; state.calls = parsed.calls; }
  state.pending = "";
  renderHand();
  analyzeSoon();
}

function typingTarget(e) {
  const t = e.target;
  return t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA");
}

document.addEventListener("keydown", (e) => {
  if (typingTarget(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  if (/^[0-9]$/.test(k)) { state.pending += k; renderHand(); e.preventDefault(); return; }
  if (/^[mpsz]$/.test(k) && state.pending) {
    for (const d of state.pending) if (tileCount() < 14) state.tiles.push(d + k);
    e.preventDefault();
    return changed();
  }
  if (k === "Backspace") {
    e.preventDefault();
    if (state.pending) { state.pending = state.pending.slice(0, -1); return renderHand(); }
    if (state.tiles.length) state.tiles.pop(); else state.calls.pop();
    return changed();
  }
  if (k === "Escape") { state.tiles = []; state.calls = []; return changed(); }
});

document.addEventListener("paste", (e) => {
  if (typingTarget(e)) return;
  const text = (e.clipboardData || window.clipboardData).getData("text");
  if (!text) return;
  e.preventDefault();
  $("#mpsz").value = text.trim();
  textChanged();
});

$("#mpsz").addEventListener("input", textChanged);
$("#clear").addEventListener("click", () => { state.tiles = []; state.calls = []; changed(); });
document.querySelectorAll(".mode").forEach((b) => b.addEventListener("click", () => setMode(state.mode === b.dataset.mode ? "tile" : b.dataset.mode)));
document.querySelectorAll("#situation input, #situation select").forEach((i) => i.addEventListener(i.type === "text" || i.type === "number" ? "input" : "change", i.id === "dora" || i.id === "ura" ? indicatorsChanged : analyzeSoon));

buildPalette();
loadURL();

// ---- the review view: a whole log reviewed, the report of `tenpai review --html` ------
const review = { bytes: null, name: "upload" };

function reviewStatus(text, error) {
  const st = $("#review-status");
  st.textContent = text;
  st.classList.toggle("error", !!error);
}

function reviewLoaded(bytes, name) {
  review.bytes = bytes;
  review.name = name;
  reviewStatus(`${name}: ${bytes.byteLength} bytes loaded`);
  runReview();
}

async function runReview() {
  let body = review.bytes;
  let name = review.name;
  const pasted = $("#review-paste").value.trim();
  if (!body && pasted) { body = new TextEncoder().encode(pasted); name = "pasted"; }
  if (!body) { reviewStatus("load a log first (file, drop or paste)", true); return; }
  const head = new TextDecoder().decode(body.slice(0, 64)).trim();
  if (/^(https?:\/\/|tenhou\.net\/)/.test(head)) {
    reviewStatus("a Tenhou log URL is not fetched (the page reaches no other site): download the log (mjlog XML or tenhou.net/6 JSON) and load the file", true);
    return;
  }
  const seat = $("#review-seat").value;
  const advise = $("#review-advise").checked;
  const q = new URLSearchParams({ name, seat, format: "html" });
  if (advise) q.set("advise", "true");
  reviewStatus("reviewing…");
  const r = await fetch(`/api/review?${q}`, { method: "POST", body });
  const text = await r.text();
  if (!r.ok) {
    let msg = text;
    try { msg = JSON.parse(text).error; } catch (_) { /* not JSON */ }
    reviewStatus(msg, true);
    $("#review-frame").hidden = true;
    $("#review-save").hidden = true;
    return;
  }
  const frame = $("#review-frame");
  frame.srcdoc = text;
  frame.hidden = false;
  const save = $("#review-save");
  if (save.href) URL.revokeObjectURL(save.href);
  save.href = URL.createObjectURL(new Blob([text], { type: "text/html" }));
  save.download = name.replace(/\.[^.]*$/, "") + ".review.html";
  save.hidden = false;
  reviewStatus(`${name}: reviewed (${seat === "all" ? "every player" : "seat " + seat}${advise ? ", with win chances" : ""}); in the report, ← → move between turns`);
}

$("#review-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) reviewLoaded(new Uint8Array(await f.arrayBuffer()), f.name);
});
$("#review-paste").addEventListener("input", () => { review.bytes = null; });
$("#review-go").addEventListener("click", runReview);
$("#review-seat").addEventListener("change", () => { if (review.bytes) runReview(); });
const drop = $("#review-drop");
drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", async (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  const f = e.dataTransfer.files[0];
  if (f) { reviewLoaded(new Uint8Array(await f.arrayBuffer()), f.name); return; }
  const text = e.dataTransfer.getData("text");
  if (text) { $("#review-paste").value = text; review.bytes = null; runReview(); }
});
