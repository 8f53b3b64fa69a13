// Riichi mahjong tiles drawn as SVG: shared by the `tenpai serve` page and the review
// report (`tenpai review --html`). Plain JS, no build step, no network.
"use strict";

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

// A tile face (30 x 40), or on its side (40 x 30: a called tile, as tables lay it).
function tileSVG(code, sideways) {
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
  const face = `<rect x="1" y="1" width="28" height="38" rx="4" fill="#fdfaf2" stroke="${red ? "#d0121b" : "#8a8474"}" stroke-width="${red ? 1.8 : 1}"/>${inner}${mark}`;
  if (sideways) return `<svg viewBox="0 0 40 30" aria-hidden="true"><g transform="translate(0 30) rotate(-90)">${face}</g></svg>`;
  return `<svg viewBox="0 0 30 40" aria-hidden="true">${face}</svg>`;
}

// The back of a tile (the ends of a closed kan lie face down).
function tileBackSVG() {
  return `<svg viewBox="0 0 30 40" aria-hidden="true"><rect x="1" y="1" width="28" height="38" rx="4" fill="#e0a030" stroke="#8a6a20" stroke-width="1"/></svg>`;
}

function tileName(code) {
  const n = Number(code[0]);
  if (code[1] === "z") return HONOR_NAME[n] || code;
  return n === 0 ? `red 5${code[1]}` : code;
}

