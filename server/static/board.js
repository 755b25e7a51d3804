// Boards drawn from the view, whatever the ruleset, by the shapes the view has (no game's code):
// - a hex map: the first list (or object) in the game's view whose entries all are records
//   with integer "q" and "r" (axial coordinates, pointy-top) becomes an SVG map;
// - a map of places: a "troops" object (place -> {army: count}) with "armies", "heroes",
//   "ships", "gold" and "parties" beside it becomes a table of territories and sea zones.
// Legal commands that name a hex ("q,r" in any field) or a place are clickable on the board.
"use strict";
const SVGNS = "http://www.w3.org/2000/svg";
const HEXKEY = /^-?\d+,-?\d+$/;
const isRec = x => x !== null && typeof x === "object" && !Array.isArray(x);
const isHexRec = x => isRec(x) && Number.isInteger(x.q) && Number.isInteger(x.r);
const words = s => String(s).replace(/#.*$/, "").replace(/_/g, " ");
// An id on the board by its print name where the page's card catalogue knows it (an enemy token
// "green_cursed_hags#2" -> "Cursed Hags"), else in words.
const printName = id => {
  const info = typeof CARDS === "object" && CARDS ? cardInfo(String(id).split("#")[0], CARDS) : undefined;
  return info ? info.name : words(id);
};
const svg = (tag, attrs = {}, ...kids) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
};
const TERRAIN = {plains: "#cfe59a", forest: "#4e9a4e", hills: "#c19a5b", mountains: "#9a9a9a",
  lake: "#6fb0e8", sea: "#4a86c8", water: "#6fb0e8", swamp: "#7a8f55", desert: "#ecd489",
  wasteland: "#9d8b78", city: "#d8c8e8", tundra: "#e8eef2"};
function terrainColour(name) {
  if (!name) return "#eee";
  if (TERRAIN[name]) return TERRAIN[name];
  let h = 0;  // an unknown terrain still gets a stable colour of its own
  for (const ch of String(name)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h},45%,70%)`;
}

// The hex list of a view: {path, hexes} for the first list or object (depth first, in the
// view's key order) whose entries all are records with integer q and r; null when none.
function findHexes(v, path = "game") {
  if (!v || typeof v !== "object") return null;
  const vals = Array.isArray(v) ? v : Object.values(v);
  if (vals.length && vals.every(isHexRec)) return {path, hexes: vals};
  if (Array.isArray(v)) return null;
  for (const [k, x] of Object.entries(v)) {
    const f = findHexes(x, `${path}.${k}`);
    if (f) return f;
  }
  return null;
}

// A label in at most two lines that fit a hex ("magical glade" -> "magical", "glade").
function wrap(text, width = 11) {
  const out = [];
  for (const w of text.split(" ")) {
    if (out.length && (out[out.length - 1] + " " + w).length <= width) out[out.length - 1] += " " + w;
    else out.push(w);
  }
  if (out.length > 2) out.splice(1, out.length, out.slice(1).join(" "));
  return out.map(l => l.length > width ? l.slice(0, width - 1) + "…" : l);
}

// The hexes a command names: every string field of the form "q,r".
const hexesOf = c => Object.values(c).filter(x => typeof x === "string" && HEXKEY.test(x));

// Where each seat stands: in a top-level list with one record per seat ("players", "seats"),
// any string field that is the key of a hex on the map.
function seatPositions(game, players, keys) {
  const out = [];
  for (const list of Object.values(game || {})) {
    if (!Array.isArray(list) || list.length !== players || !list.every(isRec)) continue;
    list.forEach((rec, seat) => {
      const who = rec.hero ?? rec.name ?? rec.race ?? "";
      for (const [field, x] of Object.entries(rec))
        if (typeof x === "string" && keys.has(x)) out.push({seat, hex: x, field, who: String(who)});
    });
  }
  return out;
}

// The SVG map: one <g class="hex" data-hex="q,r"> per hex of the view (terrain as colour and
// in its <title>, the site and face-up tokens written on it), seats' figures as circles, and
// a dashed hex for each position a legal command names that is not on the map yet (where one
// can explore). A hex a legal command names carries that command in data-command and plays it
// on a click (with several, a click offers them all).
function renderHexMap(found, view, cmds, labels, play) {
  const size = 30, W = Math.sqrt(3) * size;
  const px = (q, r) => [W * (q + r / 2), 1.5 * size * r];
  const corners = (x, y) => [0, 1, 2, 3, 4, 5].map(i => {
    const a = Math.PI / 180 * (60 * i - 30);
    return `${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  const keys = new Set(found.hexes.map(h => `${h.q},${h.r}`));
  const byHex = new Map();
  cmds.forEach((c, i) => hexesOf(c).forEach(k => {
    if (!byHex.has(k)) byHex.set(k, []);
    byHex.get(k).push(i);
  }));
  const ghosts = [...byHex.keys()].filter(k => !keys.has(k));
  const all = [...found.hexes.map(h => [h.q, h.r]), ...ghosts.map(k => k.split(",").map(Number))];
  const xs = all.map(([q, r]) => px(q, r)[0]), ys = all.map(([q, r]) => px(q, r)[1]);
  const pad = size + 4;
  const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  const [w, h] = [Math.max(...xs) - x0 + pad, Math.max(...ys) - y0 + pad];
  const map = svg("svg", {class: "hexmap", "data-testid": "hexmap", "data-path": found.path,
    viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`,
    width: Math.min(w * 1.8, 1060).toFixed(0)});
  const targets = [];  // drawn last, so their outline is on top of their neighbours'
  const target = (g, k) => {
    if (byHex.has(k)) clickable(g, byHex.get(k), cmds, labels, play) && targets.push(g);
  };
  const facedown = new Map();  // zones named "...:q,r" whose tokens this seat cannot see
  for (const [name, z] of Object.entries(view.zones || {})) {
    const m = /:(-?\d+,-?\d+)$/.exec(name);
    if (m && z.n && !z.cards) facedown.set(m[1], (facedown.get(m[1]) || 0) + z.n);
  }
  for (const hex of found.hexes) {
    const k = `${hex.q},${hex.r}`, [x, y] = px(hex.q, hex.r);
    const terrain = hex.terrain ?? hex.type ?? hex.kind ?? "";
    const facts = Object.entries(hex).filter(([f, v]) => !["q", "r"].includes(f) && v !== "" &&
      v !== null && v !== -1 && v !== false && !(Array.isArray(v) && !v.length)).map(([f, v]) =>
      `${words(f)}: ${Array.isArray(v) ? v.map(printName).join(", ") : f === "conquered_by" ? seatName(v) : words(v)}`);
    const g = svg("g", {class: "hex", "data-hex": k, "data-terrain": terrain},
      svg("title", {}, `${k} ${words(terrain)}` + (facts.length ? "\n" + facts.join("\n") : "") +
        (facedown.get(k) ? `\n${facedown.get(k)} token(s) face down` : "")),
      svg("polygon", {points: corners(x, y), fill: terrainColour(terrain)}));
    const lines = [];
    if (hex.site) lines.push(["site", words(hex.site)]);
    for (const [f, v] of Object.entries(hex))  // face-up tokens (enemies): lists of ids
      if (Array.isArray(v) && v.length && v.every(t => typeof t === "string"))
        v.forEach(t => lines.push(["token", printName(t)]));
    if (facedown.get(k)) lines.push(["hidden", `${facedown.get(k)} face down`]);
    const rows = lines.flatMap(([cls, text]) => wrap(text).map(t => [cls, t]));
    rows.forEach(([cls, text], i) => g.append(svg("text", {class: cls, x: x.toFixed(1),
      y: (y - 2 + 9 * (i - (rows.length - 1) / 2)).toFixed(1), "text-anchor": "middle"}, text)));
    target(g, k);
    map.append(g);
  }
  for (const k of ghosts) {
    const [q, r] = k.split(",").map(Number), [x, y] = px(q, r);
    const g = svg("g", {class: "hex unexplored", "data-hex": k},
      svg("title", {}, `${k} not on the map yet`),
      svg("polygon", {points: corners(x, y)}),
      svg("text", {x: x.toFixed(1), y: (y + 4).toFixed(1), "text-anchor": "middle"}, "explore?"));
    target(g, k);
    map.append(g);
  }
  targets.forEach(g => map.append(g));
  const stands = seatPositions(view.game, view.players, keys);
  const count = new Map();
  for (const s of stands) {
    const [q, r] = s.hex.split(",").map(Number), [x, y] = px(q, r);
    const n = count.get(s.hex) || 0;
    count.set(s.hex, n + 1);
    const cx = x - size / 2 + 14 * n, cy = y + size / 2 - 4;
    map.append(svg("g", {class: "figure", "data-seat": s.seat, "data-at": s.hex},
      svg("title", {}, `${seatName(s.seat)}${s.who ? " " + words(s.who) : ""} (${s.field}) at ${s.hex}`),
      svg("circle", {cx: cx.toFixed(1), cy: cy.toFixed(1), r: 8, fill: SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}),
      svg("text", {x: cx.toFixed(1), y: (cy + 3.5).toFixed(1), "text-anchor": "middle"}, String(s.seat + 1))));
  }
  return map;
}
const SEAT_COLOURS = ["#d33", "#33c", "#2a2", "#d90", "#939", "#099"];

// An element of a board that legal commands name (cmds[i] for i in idx): it carries the first
// in data-command and their labels in data-label; a click plays it, or offers them all.
function clickable(e, idx, cmds, labels, play) {
  e.classList.add("target");
  const words = idx.map(i => labels[i] || cmdLabel(cmds[i])).join(" / ");
  e.setAttribute("data-command", JSON.stringify(cmds[idx[0]]));
  e.setAttribute("data-label", words);
  // a place to act on is a button for the keyboard and screen readers too: Tab, Enter
  e.setAttribute("tabindex", "0");
  e.setAttribute("role", "button");
  e.setAttribute("aria-label", words);
  const go = ev => idx.length === 1 ? play(cmds[idx[0]])
    : chooser(ev, idx.map(i => [cmds[i], labels[i] || cmdLabel(cmds[i])]), play);
  e.addEventListener("click", go);
  e.addEventListener("keydown", ev => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    const r = e.getBoundingClientRect();  // a menu opened by the keyboard: at the place
    go({pageX: r.left + window.scrollX, pageY: r.bottom + window.scrollY});
  });
  return true;
}

// Several commands on one element: a small menu of them at the click.
function chooser(ev, options, play) {
  document.querySelectorAll(".chooser").forEach(c => c.remove());
  const box = el("div", {class: "chooser"});
  box.style.left = ev.pageX + "px";
  box.style.top = ev.pageY + "px";
  for (const [c, label] of options) {
    const b = el("button", {class: "choice", "data-choice": JSON.stringify(c), text: label});
    b.onclick = () => { box.remove(); play(c); };
    box.append(b);
  }
  box.append(el("button", {class: "choice", text: "cancel"}));
  box.lastChild.onclick = () => box.remove();
  box.addEventListener("keydown", e => { if (e.key === "Escape") box.remove(); });
  document.body.append(box);
  box.querySelector("button").focus();
}

// A map of places (territories, sea zones): the view's "troops" object (place -> {army:
// count}) with the armies ("armies": [{seat, race}]), figures that carry something ("heroes":
// id -> {army, loc, role?}), fleets ("ships": id -> {army, zone, harbour}), stored gold
// ("gold": place -> n) and parties ("parties": [{army, space}]). Territories group by realm
// where the view gives one (records with "id" and "realm"); sea zones are the fleets' zones and
// any records with "id" and "adjacent". A place a legal command names in one of PLACE_FIELDS
// gets a row too (where to place at set-up), and a row that commands name plays them on a
// click. Only what the seat's view holds is shown.
const PLACE_FIELDS = ["to", "target", "origin", "from", "at", "loc", "space"];
function findPlaces(game) {
  if (!isRec(game) || !isRec(game.troops) || !Object.values(game.troops).every(isRec)) return null;
  return game;
}
function collect(v, test, out = []) {
  if (Array.isArray(v)) v.forEach(x => test(x) ? out.push(x) : collect(x, test, out));
  else if (isRec(v)) Object.values(v).forEach(x => collect(x, test, out));
  return out;
}
const natural = (a, b) => a.localeCompare(b, undefined, {numeric: true});
function renderPlaces(game, cmds = [], labels = [], play = () => {}) {
  const armies = Array.isArray(game.armies) ? game.armies : [];
  const armyName = a => armies[a] ? `${seatName(armies[a].seat)} ${armies[a].race || ""}`.trim() : `army ${a}`;
  const heroes = isRec(game.heroes) ? game.heroes : {};
  const ships = isRec(game.ships) ? game.ships : {};
  const gold = isRec(game.gold) ? game.gold : {};
  const parties = Array.isArray(game.parties) ? game.parties : [];
  const realmOf = new Map(collect(game, x => isRec(x) && typeof x.id === "string" && typeof x.realm === "string")
    .map(t => [t.id, t.realm]));
  const seas = new Set(collect(game, x => isRec(x) && typeof x.id === "string" && Array.isArray(x.adjacent)).map(z => z.id));
  Object.values(ships).forEach(s => s.zone && seas.add(s.zone));
  const asked = cmds.flatMap(c => PLACE_FIELDS.map(f => c[f]));  // places a command names
  const places = new Set([...Object.keys(game.troops), ...Object.keys(gold), ...realmOf.keys(), ...asked,
    ...Object.values(heroes).map(h => h.loc), ...parties.map(p => p.space)]
    .filter(p => typeof p === "string" && p && !p.startsWith("ship:") && !seas.has(p)));
  const units = place => {
    const cell = el("td", {class: "units"});
    const heads = Object.entries(heroes).filter(([, h]) => h.loc === place);
    const byArmy = {...(game.troops[place] || {})};
    heads.forEach(([, h]) => { byArmy[h.army] = byArmy[h.army] ?? 0; });
    for (const [a, n] of Object.entries(byArmy).sort((x, y) => natural(x[0], y[0]))) {
      const mine = heads.filter(([, h]) => String(h.army) === String(a));
      const e = el("div", {class: "army", "data-army": a},
        el("b", {text: armyName(+a), style: `color:${armies[a] ? SEAT_COLOURS[armies[a].seat % SEAT_COLOURS.length] : "inherit"}`}),
        ` ${n} unit(s)`);
      for (const [id, h] of mine) {
        const what = [h.role || "", ...(h.spells || []).map(s => `spell ${s}`),
          ...(h.treasures || []).map(words), h.poisoned ? "poisoned" : ""].filter(Boolean).join(", ");
        e.append(el("span", {class: "chip", "data-hero": id, text: ` ${id}${what ? ` (${what})` : ""}`}));
      }
      cell.append(e);
    }
    for (const p of parties.filter(p => p.space === place))
      cell.append(el("div", {class: "party", text: `party of ${armyName(p.army)}` +
        ((p.tools || []).length ? ` with ${p.tools.map(words).join(", ")}` : "")}));
    return cell;
  };
  const naming = id => cmds.flatMap((c, i) => Object.values(c).includes(id) ? [i] : []);
  const row = (id, attrs, ...cells) => {  // a place's row, clickable for the commands naming it
    const tr = el("tr", attrs, ...cells);
    const idx = naming(id);
    if (idx.length) clickable(tr, idx, cmds, labels, play);
    return tr;
  };
  const groups = new Map();
  for (const p of [...places].sort(natural)) {
    const realm = realmOf.get(p) ?? (realmOf.size ? "outside the realms" : "Territories");
    if (!groups.has(realm)) groups.set(realm, []);
    groups.get(realm).push(p);
  }
  const box = el("div", {class: "places", "data-testid": "places"});
  for (const [realm, list] of [...groups.entries()].sort((a, b) => natural(a[0], b[0]))) {
    const t = el("table", {class: "grid", "data-realm": realm},
      el("tr", {}, el("th", {text: realm}), el("th", {text: "units"}), el("th", {text: "gold"})));
    for (const p of list)
      t.append(row(p, {"data-place": p}, el("td", {text: p}), units(p),
        el("td", {text: gold[p] === undefined ? "" : String(gold[p])})));
    box.append(el("h3", {text: realm}), t);
  }
  if (seas.size) {
    const t = el("table", {class: "grid", "data-testid": "seas"},
      el("tr", {}, el("th", {text: "sea zone"}), el("th", {text: "fleets"})));
    for (const z of [...seas].sort(natural)) {
      const cell = el("td");
      for (const [id, s] of Object.entries(ships).filter(([, s]) => s.zone === z)) {
        const aboard = game.troops[`ship:${id}`] || {};
        const crew = Object.entries(aboard).map(([a, n]) => `${n} of ${armyName(+a)}`).join(", ");
        cell.append(el("div", {class: "ship", "data-ship": id, "data-army": s.army,
          text: `${armyName(s.army)} ship ${id}` + (s.harbour ? ` in the harbour of ${s.harbour}` : "") +
                (crew ? `, aboard: ${crew}` : "")}));
      }
      t.append(row(z, {"data-sea": z}, el("td", {text: z}), cell));
    }
    box.append(el("h3", {text: "Sea zones"}), t);
  }
  return box;
}

// The board of a view: a hex map, a map of places (drawn when the view carries the map with
// board_places.js loaded, its list below it), a card game's table layout (board_tables.js), or
// nothing (the generic sections show it).
function renderBoard(view, cmds, labels, play) {
  const found = findHexes(view.game);
  if (found) return renderHexMap(found, view, cmds, labels, play);
  const places = findPlaces(view.game);
  if (places) {
    const list = renderPlaces(places, cmds, labels, play);
    const drawn = typeof renderPlaceMap === "function" && isRec(places.map) && Array.isArray(places.map.territories);
    return drawn ? renderPlaceMap(places, list, cmds, labels, play) : list;
  }
  if (typeof renderTableLayout === "function") return renderTableLayout(view, cmds, labels, play);
  return null;
}
