// tenpai review report: draws the page from the JSON in #review-data (the turns are
// `tenpai review --json` lines). Plain JS, no network; tiles from tiles.js.
"use strict";

const DATA = JSON.parse(document.getElementById("review-data").textContent);
const SEAT_COLORS = ["#1f5fb0", "#c0392b", "#1f8a3a", "#8e44ad"];
// `call`: the call decision on view (an index into the player's `calls`), or null.
const view = { player: 0, turn: 0, call: null };

function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of kids.flat()) if (c != null) e.append(c instanceof Node ? c : String(c));
  return e;
}

const pct = (x) => (x == null ? "–" : (100 * x).toFixed(1) + "%");
const pts = (x) => (x == null ? "–" : String(Math.round(x)));
const signed = (n) => (n > 0 ? "+" + n : String(n));
function shantenWord(s) {
  return s === -1 ? "complete" : s === 0 ? "tenpai" : s + "-shanten";
}
// What a discard lost, in words (as `tenpai review` writes it).
function lossText(t) {
  if (t.shanten_loss > 0) return `${shantenWord(t.shanten)} instead of ${shantenWord(t.best_shanten)}`;
  if (t.ukeire_loss > 0) return `${t.ukeire_loss} fewer useful tile${t.ukeire_loss === 1 ? "" : "s"} (${t.ukeire} instead of ${t.best_ukeire})`;
  return "nothing";
}
function lostCell(t) {
  let s = t.forced ? "forced" : lossText(t);
  if (t.ev_loss != null && t.ev_loss >= 0.5) s += ` · ${pts(t.ev_loss)} points`;
  if (t.riichi_loss != null && t.riichi_loss >= 0.5) s += ` · ${t.riichi ? "riichi" : "dama"} ${pts(t.riichi_loss)} points`;
  return s;
}
function tile(code, cls) {
  return h("span", { class: "tile" + (cls ? " " + cls : ""), "data-tile": code, title: tileName(code), html: tileSVG(code, cls && cls.includes("side")) });
}
function name(seat) { return DATA.names[seat] || `seat ${seat}`; }
const review = () => DATA.reviews[view.player];

// ---- score track -----------------------------------------------------------------
function chart() {
  const n = DATA.players, rounds = DATA.rounds;
  const series = [];
  for (let s = 0; s < n; s++) series.push([DATA.start_scores[s], ...rounds.map((r) => r.scores_after[s])]);
  const all = series.flat();
  let lo = Math.min(...all), hi = Math.max(...all);
  if (hi === lo) { hi += 1000; lo -= 1000; }
  const pad = (hi - lo) * 0.08; lo -= pad; hi += pad;
  const W = 640, H = 240, L = 48, R = 10, T = 10, B = 34;
  const x = (i) => L + (rounds.length ? (i * (W - L - R)) / rounds.length : 0);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  let svg = `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="score track: the scores after each round">`;
  for (const v of [lo + pad, (lo + hi) / 2, hi - pad]) {
    svg += `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#e6e1d6"/>`;
    svg += `<text x="${L - 4}" y="${y(v) + 4}" font-size="11" text-anchor="end" fill="#6b675e">${Math.round(v / 100) * 100}</text>`;
  }
  rounds.forEach((r, i) => {
    svg += `<text x="${x(i + 1)}" y="${H - B + 14}" font-size="10" text-anchor="middle" fill="#6b675e">${r.name.split("-")[0]}</text>`;
  });
  series.forEach((pts_, s) => {
    const c = SEAT_COLORS[s];
    svg += `<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts_.map((v, i) => `${x(i)},${y(v)}`).join(" ")}"/>`;
    pts_.forEach((v, i) => {
      const cls = i === 0 ? "start" : "end";
      const label = i === 0 ? `${name(s)}: ${v} at the start` : `${name(s)}: ${v} after ${rounds[i - 1].name} (${signed(rounds[i - 1].deltas[s])})`;
      svg += `<circle class="pt ${cls}" data-seat="${s}" data-round="${i - 1}" data-score="${v}" cx="${x(i)}" cy="${y(v)}" r="3.2" fill="${c}"><title>${label}</title></circle>`;
    });
  });
  svg += "</svg>";
  const legend = h("div", { class: "legend" });
  for (let s = 0; s < n; s++) legend.append(h("span", {}, h("i", { style: `background:${SEAT_COLORS[s]}` }), name(s)));
  return h("section", { class: "chart", id: "chart" }, h("h2", {}, "Score track"), legend, h("div", { html: svg }));
}

// ---- rounds ------------------------------------------------------------------------
function roundTable() {
  const n = DATA.players;
  const head = h("tr", {}, h("th", {}, "round"), h("th", {}, "result"));
  for (let s = 0; s < n; s++) head.append(h("th", { class: "num" }, name(s)));
  const body = h("tbody");
  DATA.rounds.forEach((r, i) => {
    const tr = h("tr", { class: "round", "data-round": i, title: "go to this round's first turn", onclick: () => gotoRound(r.name) },
      h("td", {}, r.name), h("td", { class: "text" }, r.text));
    for (let s = 0; s < n; s++) {
      const d = r.deltas[s];
      tr.append(h("td", { class: "num", "data-seat": s },
        h("span", { class: d > 0 ? "plus" : d < 0 ? "minus" : "" }, signed(d)), h("br"), h("span", { class: "muted" }, r.scores_after[s])));
    }
    body.append(tr);
  });
  return h("section", { id: "rounds" }, h("h2", {}, `Rounds (${DATA.rounds.length})`),
    h("div", { class: "wrap" }, h("table", {}, h("thead", {}, head), body)));
}

function gotoRound(roundName) {
  const i = review().turns.findIndex((t) => `${t.round}-${t.honba}` === roundName);
  if (i >= 0) select(i, true);
}

// ---- summary ------------------------------------------------------------------------
function summary() {
  const p = review(), s = p.summary;
  const free = s.discards - s.forced;
  const dl = h("dl", { class: "summary" });
  const row = (k, v, id) => dl.append(h("dt", {}, k), h("dd", { id }, v));
  row("discards", `${s.discards} (${s.forced} forced)`, "sum-discards");
  row("agreement", `${s.agree} of ${free} (${pct(s.agreement)}) with the best efficiency discard`, "sum-agreement");
  row("efficiency lost", `${s.steps_lost} step${s.steps_lost === 1 ? "" : "s"} from tenpai, ${s.tiles_lost} useful tile${s.tiles_lost === 1 ? "" : "s"}`, "sum-lost");
  if (DATA.advise) {
    row("expected points lost", s.ev_lost == null ? "–" : pts(s.ev_lost), "sum-ev");
    if (s.riichi_lost != null) row("at riichi decisions", pts(s.riichi_lost), "sum-riichi");
    if (s.call_decisions) {
      row("call decisions", `${s.call_agree} of ${s.call_decisions} (${pct(s.call_agreement)}) as good as the engine's best option`, "sum-calls");
      row("at call decisions", pts(s.call_lost), "sum-call-lost");
    }
    if (s.total_lost != null) row("lost in all", `${pts(s.total_lost)} expected points (discards, riichi and call decisions)`, "sum-total");
  }
  const worst = h("ol", { class: "worst", id: "worst" });
  // Every kind of decision when the report has them; the discards alone otherwise.
  const list = s.worst_decisions || s.worst.map((i) => ({ kind: "discard", i }));
  for (const d of list) {
    if (d.kind === "call") {
      const c = p.calls[d.i];
      worst.append(h("li", {}, h("a", { href: `#call-${p.seat}-${d.i}`, "data-call": d.i, onclick: (e) => { e.preventDefault(); selectCall(d.i, true); } },
        `${c.round}-${c.honba} call on ${c.offer}`), `: ${c.chosen} instead of ${c.best} — ${callLost(c)}`));
      continue;
    }
    const i = d.i, t = p.turns[i];
    worst.append(h("li", {}, h("a", { href: `#turn-${p.seat}-${i}`, "data-turn": i, onclick: (e) => { e.preventDefault(); select(i, true); } },
      `${t.round}-${t.honba} turn ${t.turn}`), `: ${t.discard} instead of ${t.shanten_loss > 0 || t.ukeire_loss > 0 || !t.ev_best ? t.best : t.ev_best} — ${lostCell(t)}`));
  }
  return h("section", { id: "summary" }, h("h2", {}, `Summary: ${p.name} (seat ${p.seat})`), dl,
    list.length ? [h("div", { class: "muted" }, "worst decisions"), worst] : h("div", { class: "muted" }, "no decision lost anything"));
}

// ---- turns --------------------------------------------------------------------------
const COLS = [
  ["round", "round", (t) => `${t.round}-${t.honba}`],
  ["turn", "turn", (t) => t.turn, true],
  ["draws_left", "left", (t) => t.draws_left, true],
  ["discard", "discard", (t) => tile(t.discard, "small")],
  ["best", "best", (t) => tile(t.best, "small")],
  ["shanten", "shanten", (t) => `${t.shanten} / ${t.best_shanten}`, true],
  ["ukeire", "ukeire", (t) => `${t.ukeire} / ${t.best_ukeire}`, true],
];
const ADVISE_COLS = [
  ["win", "win", (t) => pct(t.win), true],
  ["best_win", "best win", (t) => pct(t.best_win), true],
  ["ev", "EV", (t) => pts(t.ev), true],
  ["ev_best_ev", "top EV", (t) => pts(t.ev_best_ev), true],
];

// A call decision in words.
function callLost(c) {
  if (c.loss == null) return "not valued (the engine's limits)";
  return c.loss >= 0.5 ? `${pts(c.loss)} points` : "nothing";
}
function optionText(label, ev) {
  return ev == null ? label : `${label} (EV ${pts(ev)})`;
}

// The row of a call decision in the turn list, before the discard it precedes.
function callRow(p, c, j, span) {
  return h("tr", { class: "callrow" + (c.large ? " large" : ""), id: `call-${p.seat}-${j}`, "data-c": j, onclick: () => selectCall(j, false) },
    h("td", {}, `${c.round}-${c.honba}`), h("td", { class: "num" }, c.turn), h("td", { class: "num" }, c.draws_left),
    h("td", { colspan: span, class: "offer" }, "call? ", tile(c.offer, "small"), ` from ${c.from} · chose `,
      h("b", { "data-k": "chosen" }, optionText(c.chosen, c.chosen_ev)), " · best ", h("span", { "data-k": "best" }, c.best == null ? "–" : optionText(c.best, c.best_ev))),
    h("td", { "data-k": "lost", "data-v": c.loss }, callLost(c)));
}

function turnTable() {
  const p = review();
  const cols = COLS.concat(DATA.advise ? ADVISE_COLS : [], [["lost", "lost", lostCell]]);
  const head = h("tr", {}, cols.map(([k, label, , num]) => h("th", { class: num ? "num" : "" }, label)));
  const body = h("tbody");
  const calls = p.calls || [];
  let j = 0;
  const callsBefore = (i) => { while (j < calls.length && calls[j].at <= i) { body.append(callRow(p, calls[j], j, cols.length - 4)); j++; } };
  p.turns.forEach((t, i) => {
    callsBefore(i);
    const tr = h("tr", { class: "turn" + (t.forced ? " forced" : "") + (t.large ? " large" : ""), id: `turn-${p.seat}-${i}`, "data-i": i, onclick: () => select(i, false) });
    for (const [k, , f, num] of cols) {
      const raw = k === "round" ? `${t.round}-${t.honba}` : k === "lost" ? null : t[k];
      tr.append(h("td", { class: num ? "num" : "", "data-k": k, "data-v": raw == null ? null : typeof raw === "object" ? JSON.stringify(raw) : raw }, f(t)));
    }
    body.append(tr);
  });
  callsBefore(p.turns.length);
  return h("section", { id: "turns" }, h("h2", {}, `Every discard (${p.turns.length})` + (calls.length ? ` and call decision (${calls.length})` : "")),
    h("div", { class: "wrap tall" }, h("table", {}, h("thead", {}, head), body)));
}

function handTiles(t) {
  const row = h("div", { class: "hand", id: "cur-hand", "aria-label": "the hand before the discard" });
  let marked = false, best = false;
  for (const c of t.tiles) {
    let cls = "";
    if (!marked && c === t.discard) { cls = "discard"; marked = true; }
    else if (!best && c === t.best && t.best !== t.discard) { cls = "best"; best = true; }
    row.append(tile(c, cls));
  }
  for (const call of t.calls) {
    const g = h("span", { class: "call", title: call.kind });
    call.tiles.forEach((c) => g.append(tile(c, "small")));
    row.append(g);
  }
  return row;
}

function detail() {
  const p = review(), t = p.turns[view.turn];
  const box = h("section", { id: "turn", class: "panel", "aria-live": "polite" });
  if (!t) { box.append(h("div", { class: "muted" }, "this player made no discard")); return box; }
  box.append(h("div", { class: "nav" },
    h("button", { type: "button", id: "prev", onclick: () => select(view.turn - 1, true), "aria-label": "previous turn" }, "◀"),
    h("span", { class: "where", id: "cur-where" }, `${t.round}-${t.honba} · turn ${t.turn} · ${t.draws_left} left in the wall · ${view.turn + 1} of ${p.turns.length}`),
    h("button", { type: "button", id: "next", onclick: () => select(view.turn + 1, true), "aria-label": "next turn" }, "▶")));
  box.append(h("div", { class: "keys" }, "← → move between turns"));
  box.append(handTiles(t));
  const tbl = h("table", { id: "cur-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "tile"), h("th", { class: "num" }, "shanten"), h("th", { class: "num" }, "ukeire"),
      DATA.advise ? [h("th", { class: "num" }, "win"), h("th", { class: "num" }, "EV")] : [])));
  const tb = h("tbody");
  const line = (label, code, sh, uk, win, ev, id) => tb.append(h("tr", { id },
    h("td", {}, label), h("td", {}, code ? tile(code, "small") : "–"), h("td", { class: "num" }, sh == null ? "–" : shantenWord(sh)),
    h("td", { class: "num" }, uk == null ? "–" : uk), DATA.advise ? [h("td", { class: "num" }, pct(win)), h("td", { class: "num" }, pts(ev))] : []));
  line("discarded", t.discard, t.shanten, t.ukeire, t.win, t.ev, "cur-actual");
  line("best by efficiency", t.best, t.best_shanten, t.best_ukeire, t.best_win, t.best_ev, "cur-best");
  if (DATA.advise) line("best by expected points", t.ev_best, null, null, t.ev_best_win, t.ev_best_ev, "cur-evbest");
  tbl.append(tb);
  box.append(h("div", { class: "wrap" }, tbl));
  const lost = h("div", { id: "cur-lost" }, "lost: ", lostCell(t));
  if (t.large) lost.append(h("span", { class: "badge large-badge" }, "large loss"));
  if (t.riichi) lost.append(h("span", { class: "badge" }, "riichi declared"));
  if (t.own_draws === 0 && !t.forced) lost.append(h("span", { class: "badge" }, "last draw: efficiency buys nothing"));
  box.append(lost);
  if (t.dama_ev != null && t.ev != null) {
    // A riichi decision the engine valued: riichi at once (its default) against never.
    const riichi = t.ev >= t.dama_ev;
    const gap = Math.abs(t.ev - t.dama_ev);
    box.append(h("div", { id: "cur-riichi" }, "riichi decision: riichi ", pct(t.win), ", EV ", pts(t.ev),
      " · dama ", pct(t.dama_win), ", EV ", pts(t.dama_ev), ` — the engine prefers ${riichi ? "riichi" : "dama"}` +
      (gap >= 0.5 ? ` by ${pts(gap)} points` : "") + `; ${t.riichi ? "riichi was declared" : "no riichi was declared"}`,
      ""));
  }
  if (t.opponents_riichi && t.opponents_riichi.length) {
    const d = h("div", { id: "cur-dealin" }, `in riichi: ${t.opponents_riichi.map(name).join(", ")}. `);
    if (t.deal_in_tiles && typeof t.deal_in_tiles === "object") {
      const ul = h("span", {}, "deal-in chances: ");
      for (const [code, v] of Object.entries(t.deal_in_tiles)) ul.append(h("span", { class: "ind" }, tile(code, "small"), pct(v)), " ");
      d.append(ul);
    } else {
      d.append(h("span", { class: "muted" }, "deal-in chances: not computed (the defence model does not take this situation)"));
    }
    box.append(d);
  }
  return box;
}

// The call decision on view: the hand, the offered tile, every option with its values.
function callDetail() {
  const p = review(), j = view.call, c = p.calls[j];
  const box = h("section", { id: "turn", class: "panel call-detail", "aria-live": "polite" });
  const next = () => (c.at < p.turns.length ? select(c.at, true) : select(p.turns.length - 1, true));
  box.append(h("div", { class: "nav" },
    h("button", { type: "button", id: "prev", onclick: () => select(c.at - 1, true), "aria-label": "previous turn" }, "◀"),
    h("span", { class: "where", id: "cur-where" }, `${c.round}-${c.honba} · call decision after turn ${c.turn} · ${c.draws_left} left in the wall`),
    h("button", { type: "button", id: "next", onclick: next, "aria-label": "next turn" }, "▶")));
  const row = h("div", { class: "hand", id: "cur-hand", "aria-label": "the hand when the tile was offered" });
  for (const code of c.tiles) row.append(tile(code, ""));
  for (const call of c.calls) {
    const g = h("span", { class: "call", title: call.kind });
    call.tiles.forEach((code) => g.append(tile(code, "small")));
    row.append(g);
  }
  box.append(row);
  box.append(h("div", { id: "cur-offer" }, "offered: ", tile(c.offer, "small"), ` by ${name(c.from_seat)} (${c.from})` + (c.furiten ? " · furiten: no ron" : "")));
  const tbl = h("table", { id: "cur-options" }, h("thead", {}, h("tr", {}, ["option", "then discard", "shanten", "tenpai", "win", "EV", ""].map((x, k) => h("th", { class: k >= 2 && k <= 5 ? "num" : "" }, x)))));
  const tb = h("tbody");
  c.options.forEach((o, k) => {
    const label = o.call ? `${o.option} ${o.call}` : o.option;
    const marks = [k === 0 ? "best" : null, label === c.chosen ? "chosen" : null].filter((x) => x);
    tb.append(h("tr", { class: marks.join(" "), "data-option": label },
      h("td", {}, label), h("td", {}, o.discard ? tile(o.discard, "small") : "–"), h("td", { class: "num" }, shantenWord(o.shanten)),
      h("td", { class: "num" }, pct(o.tenpai)), h("td", { class: "num", "data-k": "win", "data-v": o.win }, pct(o.win)),
      h("td", { class: "num", "data-k": "ev", "data-v": o.ev }, pts(o.ev)), h("td", {}, marks.join(", "))));
  });
  tbl.append(tb);
  box.append(h("div", { class: "wrap" }, tbl));
  const lost = h("div", { id: "cur-lost" }, `chose ${c.chosen}, the engine's best is ${c.best == null ? "–" : c.best}; lost: ${callLost(c)}`);
  if (c.large) lost.append(h("span", { class: "badge large-badge" }, "large loss"));
  box.append(lost);
  return box;
}

function selectCall(j, scroll) {
  const p = review();
  if (!p.calls || j < 0 || j >= p.calls.length) return;
  view.call = j;
  const old = document.getElementById("turn");
  if (old) old.replaceWith(callDetail());
  document.querySelectorAll("tr.current").forEach((r) => r.classList.remove("current"));
  const row = document.getElementById(`call-${p.seat}-${j}`);
  if (row) {
    row.classList.add("current");
    if (scroll && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
  }
  try { history.replaceState(null, "", `#call-${p.seat}-${j}`); } catch (_) { /* some file: URLs refuse it */ }
}

function select(i, scroll) {
  const n = review().turns.length;
  if (!n) return;
  view.call = null;
  view.turn = Math.max(0, Math.min(n - 1, i));
  const old = document.getElementById("turn");
  if (old) old.replaceWith(detail());
  document.querySelectorAll("tr.current").forEach((r) => r.classList.remove("current"));
  const row = document.getElementById(`turn-${review().seat}-${view.turn}`);
  if (row) {
    row.classList.add("current");
    if (scroll && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
  }
  try { history.replaceState(null, "", `#turn-${review().seat}-${view.turn}`); } catch (_) { /* some file: URLs refuse it */ }
}

function players() {
  if (DATA.reviews.length < 2) return null;
  const bar = h("div", { class: "players", role: "tablist", id: "players", "aria-label": "reviewed player" });
  DATA.reviews.forEach((p, k) => bar.append(h("button", { type: "button", role: "tab", "data-seat": p.seat, "aria-selected": k === view.player ? "true" : "false",
    onclick: () => { view.player = k; view.turn = 0; view.call = null; render(); select(0, false); } }, `${p.name} (seat ${p.seat})`)));
  return bar;
}

function render() {
  const app = document.getElementById("app");
  app.replaceChildren();
  const finals = DATA.rounds.length ? DATA.rounds[DATA.rounds.length - 1].scores_after : DATA.start_scores;
  app.append(h("h1", {}, `Review · ${DATA.title}`),
    h("div", { class: "muted" }, DATA.names.map((nm, s) => `${nm} ${finals[s]}`).join(" · ") +
      (!DATA.advise ? " · efficiency only (review --advise adds win chances and expected points)"
        : DATA.players === 4 ? " · win chances and expected points: the advise engine's defaults"
        : " · the advise engine values 4-player games only: no win chances here")),
    ...[players(), summary(), detail(), turnTable(), chart(), roundTable()].filter((x) => x));
  const row = document.getElementById(`turn-${review().seat}-${view.turn}`);
  if (row) row.classList.add("current");
}

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  // From a call decision, the arrows go to the discards after and before it.
  const c = view.call == null ? null : review().calls[view.call];
  if (e.key === "ArrowRight") { select(c ? Math.min(c.at, review().turns.length - 1) : view.turn + 1, true); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { select(c ? c.at - 1 : view.turn - 1, true); e.preventDefault(); }
  else if (e.key === "Home") { select(0, true); e.preventDefault(); }
  else if (e.key === "End") { select(review().turns.length - 1, true); e.preventDefault(); }
});

// A link to a turn (#turn-SEAT-I) or a call decision (#call-SEAT-J) opens on it.
(function start() {
  const m = /^#(turn|call)-(\d+)-(\d+)$/.exec(location.hash);
  let call = null;
  if (m) {
    const k = DATA.reviews.findIndex((p) => p.seat === Number(m[2]));
    if (k >= 0) {
      view.player = k;
      if (m[1] === "turn") view.turn = Number(m[3]);
      else call = Number(m[3]);
    }
  }
  render();
  if (m && call != null) selectCall(call, true);
  else if (m) select(view.turn, true);
})();
