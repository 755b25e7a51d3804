// Shared helpers for the lobby, the table and the replay viewer (no build step, no framework).
"use strict";
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
};
const qs = new URLSearchParams(location.search);
const TOKEN = qs.get("token");
async function api(path, opts = {}) {
  const headers = {"content-type": "application/json"};
  if (TOKEN) headers.authorization = "Bearer " + TOKEN;
  const r = await fetch(path, {...opts, headers});
  const body = await r.json();
  if (!r.ok) throw new Error(`${r.status}: ${body.reason}` + (body.rule ? ` [rule ${body.rule}]` : ""));
  return body;
}
// Seats as players count them (seat 0 is "Seat 1"), as the log in words names them.
const seatName = s => (s === null || s === undefined) ? "-" : `Seat ${+s + 1}`;
function cmdLabel(c) {
  const rest = Object.entries(c).filter(([k]) => k !== "kind").map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return c.kind + (rest.length ? ": " + rest.join(", ") : "");
}
// A card id's entry in the catalogue: by its name ("Jab#3"), else by the id's stem in snake
// case ("axe_throw#s0n14" -> "Axe Throw"), dropping leading qualifiers ("wolfhawk_swift_reflexes"
// -> "Swift Reflexes"); English names count too.
const snake = s => String(s).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
const CARD_KEYS = new WeakMap();
function cardInfo(name, cards) {
  if (cards[name]) return cards[name];
  if (!CARD_KEYS.has(cards)) {
    const keys = new Map();
    for (const c of Object.values(cards))
      for (const n of [c.english_name, c.name]) if (n) keys.set(snake(n), c);
    CARD_KEYS.set(cards, keys);
  }
  const keys = CARD_KEYS.get(cards), parts = snake(name).split("_");
  for (let i = 0; i < parts.length; i++) {
    const hit = keys.get(parts.slice(i).join("_"));
    if (hit) return hit;
  }
  return undefined;
}
function cardEl(id, cards) {
  const name = String(id).split("#")[0];
  const info = cardInfo(name, cards);
  const e = el("span", {class: "card", "data-card": name}, el("b", {text: info ? info.name : name}));
  if (info) {
    const vals = Object.entries(info.values || {}).filter(([, v]) => v !== null).map(([k, v]) => `${k} ${v}`);
    if (vals.length) e.append(" (" + vals.join(", ") + ")");
    if (info.text) e.title = info.text;
    if (Object.values(info.sources || {}).some(s => String(s).startsWith("stand-in")))
      e.append(el("span", {class: "standin", text: " stand-in"}));
  }
  return e;
}
function renderZones(zones, cards, names = {}) {  // names: each zone's name in words
  // grouped by owner (each seat's zones, then the shared ones), so a game with many zones
  // per seat still reads as one block per player
  const groups = new Map();
  for (const [name, z] of Object.entries(zones)) {
    const owner = z.owner === null || z.owner === undefined ? "shared" : String(z.owner);
    if (!groups.has(owner)) groups.set(owner, []);
    groups.get(owner).push([name, z]);
  }
  const order = [...groups.keys()].sort((a, b) => a === "shared" ? 1 : b === "shared" ? -1 : a - b);
  const box = el("div");
  for (const owner of order) {
    const g = el("div", {class: "zone-group", "data-owner": owner},
      el("h3", {text: owner === "shared" ? "Shared" : seatName(owner)}));
    for (const [name, z] of groups.get(owner)) {
      const d = el("div", {class: "zone", "data-zone": name},
        el("div", {text: `${names[name] && names[name] !== name ? `${names[name]} (${name})` : name}` +
                         ` — ${z.n ?? (z.cards || []).length} card(s), ${z.vis}`}));
      for (const c of z.cards || []) d.append(cardEl(c, cards));
      g.append(d);
    }
    box.append(g);
  }
  return box;
}
function eventLine(e) {  // one line of plain text: the sentence, else type and rule
  return `#${e.version} ` + (e.text || `${e.type} [${e.rule}]`);
}
// The log in words: the game's sentence for the event as this viewer sees it, with the raw
// (redacted) event kept in a details element for whoever wants the data.
function eventEl(e) {
  const raw = {...e}; delete raw.text;
  return el("div", {class: "logline", "data-version": e.version, "data-type": e.type},
    el("span", {class: "words", text: eventLine(e)}),
    el("details", {class: "raw"}, el("summary", {text: "event"}),
      el("pre", {text: JSON.stringify(raw, null, 1)})));
}
// The game's own view, whatever its shape (a ruleset the table has never heard of renders
// too): objects as nested sections, lists of records as tables (a hex map: one row per hex,
// with data-hex="q,r"), lists of plain values inline, card ids as cards.
const isScalar = v => v === null || ["string", "number", "boolean"].includes(typeof v);
function renderValue(v, cards, path = "game", depth = 0) {
  if (v === null || v === undefined) return el("span", {class: "none", text: "—"});
  if (typeof v === "string") return v.includes("#") ? cardEl(v, cards) : el("span", {text: v});
  if (typeof v !== "object") return el("span", {text: typeof v === "boolean" ? (v ? "yes" : "no") : String(v)});
  if (Array.isArray(v)) {
    if (!v.length) return el("span", {class: "none", text: "none"});
    if (v.every(isScalar)) {
      const box = el("span", {class: "list", "data-path": path});
      v.forEach((x, i) => { if (i) box.append(" "); box.append(renderValue(x, cards, `${path}.${i}`, depth + 1)); });
      return box;
    }
    if (v.every(x => x && typeof x === "object" && !Array.isArray(x))) {
      const keys = [...new Set(v.flatMap(Object.keys))];
      const table = el("table", {class: "grid", "data-path": path},
        el("tr", {}, ...keys.map(k => el("th", {text: k}))));
      v.forEach((row, i) => {
        const tr = el("tr", {"data-row": i});
        const q = row.q ?? row.x, r = row.r ?? row.y;
        if (isScalar(q) && isScalar(r) && q !== null && r !== null) tr.setAttribute("data-hex", `${q},${r}`);
        for (const k of keys) tr.append(el("td", {}, renderValue(row[k], cards, `${path}.${i}.${k}`, depth + 1)));
        table.append(tr);
      });
      return table;
    }
    const ol = el("ol", {class: "list", "data-path": path});
    v.forEach((x, i) => ol.append(el("li", {}, renderValue(x, cards, `${path}.${i}`, depth + 1))));
    return ol;
  }
  const dl = el("dl", {class: "nested", "data-path": path});
  for (const [k, x] of Object.entries(v)) {
    const inner = renderValue(x, cards, `${path}.${k}`, depth + 1);
    if (x && typeof x === "object" && !Array.isArray(x) && Object.keys(x).length > 3 && depth < 2) {
      dl.append(el("details", {open: ""}, el("summary", {text: k}), inner));
    } else {
      dl.append(el("dt", {text: k}), el("dd", {}, inner));
    }
  }
  return dl;
}
