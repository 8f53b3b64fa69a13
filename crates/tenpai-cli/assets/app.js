// tenpai serve: the page. Plain JS, no build step; every answer comes from the JSON API.
"use strict";

const $ = (sel) => document.querySelector(sel);
const SUITS = "mpsz";
const HONOR_LABEL = { 1: "E", 2: "S", 3: "W", 4: "N", 5: "", 6: "G", 7: "R" };
const HONOR_NAME = { 1: "East", 2: "South", 3: "West", 4: "North", 5: "White", 6: "Green", 7: "Red" };

// ---- tiles drawn as SVG ----------------------------------------------------------
const PIPS = {
  1: [[15, 20]],
  2: [[15, 11], [15, 29]],
  3: [[8, 9], [15, 20], [22, 31]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]],
  6: [[9, 9], [21, 9], [9, 20], [21, 20], [9, 31], [21, 31]],
  7: [[7, 7], [15, 10.5], [23, 14], [9, 23], [21, 23], [9, 32], [21, 32]],
  8: [[9, 7], [21, 7], [9, 15.7], [21, 15.7], [9, 24.3], [21, 24.3], [9, 33], [21, 33]],
  9: [[8, 9], [15, 9], [22, 9], [8, 20], [15, 20], [22, 20], [8, 31], [15, 31], [22, 31]],
};

function tileSVG(code) {
  const n = Number(code[0]);
  const suit = code[1];
  const red = n === 0;
  const num = red ? 5 : n;
  let inner = "";
  if (suit === "m") {
    inner = `<text x="15" y="21" text-anchor="middle" font-size="17" font-weight="700" fill="${red ? "#d0121b" : "#1b1b1b"}">${num}</text>` +
      `<text x="15" y="34" text-anchor="middle" font-size="8" font-weight="700" fill="#c0121b">MAN</text>`;
  } else if (suit === "p") {
    const r = num === 1 ? 8 : num <= 4 ? 5 : num <= 6 ? 4.2 : 3.4;
    PIPS[num].forEach(([x, y], i) => {
      const fill = red ? "#d0121b" : num === 1 ? "#c0121b" : (num >= 7 && i < 3 && num === 7) ? "#1f8a3a" : (i % 2 ? "#1f5fb0" : "#1f8a3a");
      inner += `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${fill}" stroke-width="1.8"/><circle cx="${x}" cy="${y}" r="${r / 2.6}" fill="${fill}"/>`;
    });
  } else if (suit === "s") {
    const h = num <= 3 ? 10 : 7.2;
    PIPS[num].forEach(([x, y], i) => {
      const fill = red ? "#d0121b" : (num === 1 || (num === 9 && i === 4) || (num === 5 && i === 2) || (num === 7 && i === 0)) ? "#c0121b" : "#1f8a3a";
      inner += `<rect x="${x - 1.8}" y="${y - h / 2}" width="3.6" height="${h}" rx="1.4" fill="${fill}"/>`;
    });
  } else {
    if (n === 5) {
      inner = `<rect x="7" y="8" width="16" height="24" rx="1.5" fill="none" stroke="#1f5fb0" stroke-width="2"/>`;
    } else {
      const color = n === 6 ? "#1f8a3a" : n === 7 ? "#c0121b" : "#1b2a5a";
      inner = `<text x="15" y="27" text-anchor="middle" font-size="19" font-weight="700" fill="${color}">${HONOR_LABEL[n]}</text>`;
    }
  }
  const mark = red ? `<circle cx="25" cy="5" r="2.6" fill="#d0121b"/>` : "";
  return `<svg viewBox="0 0 30 40" aria-hidden="true"><rect x="1" y="1" width="28" height="38" rx="4" fill="#fdfaf2" stroke="${red ? "#d0121b" : "#8a8474"}" stroke-width="${red ? 1.8 : 1}"/>${inner}${mark}</svg>`;
}

function tileName(code) {
  const n = Number(code[0]);
  if (code[1] === "z") return HONOR_NAME[n] || code;
  return n === 0 ? `red 5${code[1]}` : code;
}

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
  s.innerHTML = tileSVG(code);
  return s;
}

// ---- the hand: concealed tiles (in the order given) and calls ---------------------
const state = { tiles: [], calls: [], mode: "tile", pending: "" };

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
  state.tiles.forEach((t, i) => {
    const b = tileEl(t);
    b.addEventListener("click", () => { state.tiles.splice(i, 1); changed(); });
    h.appendChild(b);
  });
  state.calls.forEach((c, i) => {
    const g = document.createElement("button");
    g.type = "button";
    g.className = "call" + (c.open ? "" : " closed");
    g.title = (c.open ? "call " : "closed kan ") + groupText(c.tiles) + " (click to remove)";
    g.dataset.call = groupText(c.tiles);
    c.tiles.forEach((t) => g.appendChild(tileSpan(t)));
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

function showError(body) {
  const e = $("#error");
  if (!body) { e.hidden = true; e.textContent = ""; return; }
  let msg = "error: " + body.error;
  if (body.column) msg += ` (at column ${body.column} of “${body.hand}”)`;
  e.textContent = msg;
  e.hidden = false;
}

function clearResult() {
  for (const id of ["#summary", "#waits", "#table-wrap", "#score"]) $(id).textContent = "";
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

function renderDiscards(u) {
  $("#summary").appendChild(el("div", "big", shantenWord(u.shanten))).id = "shanten";
  const table = el("table");
  table.id = "discards";
  table.innerHTML = "<thead><tr><th>discard</th><th>shanten</th><th>ukeire</th><th>tenpai</th><th>win</th><th>ev</th><th>tiles (copies left)</th></tr></thead>";
  const tb = el("tbody");
  for (const d of u.discards) {
    const tr = el("tr");
    tr.dataset.discard = d.discard;
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
    tr.appendChild(tt);
    tb.appendChild(tr);
  }
  table.appendChild(tb);
  const wrap = $("#table-wrap");
  wrap.appendChild(el("div", "label", "discards, best first (ukeire: the tiles that lower shanten, and how many)"));
  wrap.appendChild(table);
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
    for (const d of a.discards) {
      const tr = document.querySelector(`#discards tr[data-discard="${d.discard}"]`);
      if (!tr) continue;
      tr.querySelector(".tenpai").textContent = pct(d.tenpai);
      tr.querySelector(".win").textContent = pct(d.win);
      tr.querySelector(".ev").textContent = Math.round(d.ev);
    }
    const budget = a.changes === a.changes_requested ? `${a.changes} spare exchange(s)` : `${a.changes} spare exchange(s) (${a.changes_requested} needed too many hands)`;
    note.textContent = `tenpai/win chance and expected points within ${a.draws} draws, riichi ${a.riichi}, ${budget} (tenpai advise for more)`;
  } catch (e) {
    if (current()) note.textContent = "advice unavailable: " + (e.body ? e.body.error : e);
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
  for (const y of r.yakuman) yl.appendChild(el("li", "", `${y.name}${y.multiplier > 1 ? " ×" + y.multiplier : ""}`));
  for (const y of r.yaku) yl.appendChild(el("li", "", `${y.name} ${y.han}`));
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
document.querySelectorAll("#situation input, #situation select").forEach((i) => i.addEventListener(i.type === "text" || i.type === "number" ? "input" : "change", analyzeSoon));

buildPalette();
loadURL();
