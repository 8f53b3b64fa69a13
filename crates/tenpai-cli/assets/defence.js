// tenpai serve: the defence view. My hand (the hand above) against one riichi: the
// riichi player's river, its riichi tile, the tiles passed since, the other visible
// tiles; the dora indicators, round wind and rules of the situation. Or against an
// open hand marked tenpai (`"tenpai": true`): its river and its calls, only its waits
// with a yaku counting, no expected loss. Every tile of my hand ranked safest first
// by `POST /api/safety` (the JSON of `tenpai safety --json`).
"use strict";

function defenceOpen() {
  return $("#def-open").checked;
}

function defenceRequest() {
  const req = { hand: $("#mpsz").value.trim(), river: $("#def-river").value.trim() };
  const at = $("#def-riichi-at").value.trim();
  if (defenceOpen()) req.tenpai = true;
  else if (at !== "") req.riichi_at = Number(at);
  for (const [key, id] of [["after", "#def-after"], ["visible", "#def-visible"], ["calls", "#def-calls"]]) {
    const v = $(id).value.trim();
    if (v) req[key] = v;
  }
  const dora = $("#dora").value.trim();
  if (dora) req.dora = dora;
  req.seat = $("#def-seat").value;
  req.round = $("#round_wind").value;
  req.rules = $("#rules").value;
  return req;
}

function defenceStatus(text, error) {
  const st = $("#def-status");
  st.textContent = text;
  st.classList.toggle("error", !!error);
}

function defenceTable(answer) {
  const table = el("table");
  table.id = "def-table";
  const head = el("tr");
  for (const h of ["tile", "deal-in", "expected loss", "labels"]) head.appendChild(el("th", "", h));
  table.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  answer.tiles.forEach((t, i) => {
    const tr = el("tr", i === 0 ? "best" : "");
    tr.dataset.tile = t.tile;
    const cell = el("td");
    cell.appendChild(tileSpan(t.tile));
    tr.appendChild(cell);
    const chance = el("td", "num chance", (100 * t.deal_in).toFixed(1) + "%");
    chance.title = `exactly ${t.deal_in}`;
    tr.appendChild(chance);
    if (t.expected_loss === null) {
      const loss = el("td", "num loss", "-");
      loss.title = "not computed (docs/safety.md)";
      tr.appendChild(loss);
    } else {
      tr.appendChild(el("td", "num loss", Math.round(t.expected_loss).toLocaleString("en-US")));
    }
    tr.appendChild(el("td", "labels", t.labels.join(", ")));
    body.appendChild(tr);
  });
  table.appendChild(body);
  return table;
}

let defenceTicket = 0;
async function runDefence() {
  const out = $("#def-result");
  const req = defenceRequest();
  if (req.tenpai && (!req.hand || !req.calls)) {
    out.textContent = "";
    defenceStatus("a hand above and the open hand's calls, like (555z)(123m), rank the tiles");
    return;
  }
  if (!req.tenpai && (!req.hand || !req.river)) {
    out.textContent = "";
    defenceStatus("a hand above and the riichi player's river (its riichi tile included) rank the tiles");
    return;
  }
  const ticket = ++defenceTicket;
  defenceStatus("counting…");
  try {
    const answer = await api("safety", req);
    if (ticket !== defenceTicket) return;
    out.textContent = "";
    out.appendChild(defenceTable(answer));
    const seat = req.seat === "E" ? "the dealer" : `seat ${req.seat}`;
    if (req.tenpai) {
      defenceStatus(`safest first against ${seat}'s open hand ${req.calls}, tenpai: the exact chance that the tile is a wait with a yaku (no expected loss; docs/safety.md)`);
    } else {
      defenceStatus(`safest first against ${seat}'s riichi: the exact chance of dealing in, and the expected ron payment in points (docs/safety.md)`);
    }
  } catch (e) {
    if (ticket !== defenceTicket) return;
    out.textContent = "";
    defenceStatus("error: " + e.message, true);
  }
}

for (const id of ["#def-river", "#def-riichi-at", "#def-after", "#def-visible", "#def-calls"]) {
  $(id).addEventListener("input", runDefence);
}
// Riichi or an open hand: the names of the fields follow.
function defenceMode() {
  const open = defenceOpen();
  $("#def-river-name").textContent = open ? "its river" : "riichi river";
  $("#def-calls-name").textContent = open ? "its calls" : "its closed kans";
  $("#def-calls").placeholder = open ? "(555z)(123m)" : "[1111z]";
  $("#def-riichi-at").disabled = open;
  runDefence();
}
$("#def-open").addEventListener("change", defenceMode);
for (const id of ["#def-seat", "#round_wind", "#rules", "#dora"]) {
  $(id).addEventListener("change", () => { if ($("#defence").open) runDefence(); });
}
$("#def-go").addEventListener("click", runDefence);
$("#defence").addEventListener("toggle", () => { if ($("#defence").open) runDefence(); });
// The hand above changes by clicks and keys as well as by typing.
new MutationObserver(() => { if ($("#defence").open) runDefence(); })
  .observe($("#hand"), { childList: true, subtree: true });
