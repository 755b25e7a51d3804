// A map of places drawn (DragonLords): the view's "map" (engine/games/dragonlords/view.py
// board(), from the map content file: places with x and y, realms, land edges, sea zones,
// wasteland paths) as an SVG, with the game's "troops", "heroes", "ships", "gold" and "parties"
// on it as counters in each army's colour. Adjacency is drawn as lines (class "adjacency",
// one per land edge, sea-zone pair, harbour, wasteland step and wasteland entry); impassable
// borders as red bars. A place that legal commands name is clickable as a Mage Knight hex is
// (board.js `clickable`). Needs board.js (svg, clickable, SEAT_COLOURS, words) loaded first.
"use strict";
const ARMY_COLOURS = ["#c62828", "#1565c0", "#ef6c00", "#6a1b9a", "#2e7d32", "#00838f", "#ad1457", "#5d4037"];
const REALM_FILL = {red: "#f7cfca", blue: "#cbdaf7", green: "#cfeac7", yellow: "#f6edb8",
  purple: "#e3d0f2", white: "#f7f7f7", black: "#cfcfcf", orange: "#f8d9b5"};
const armyColour = a => ARMY_COLOURS[a % ARMY_COLOURS.length];
const KIND_WORDS = {kingdom: "kingdom", ordinary: "", gold: "gold", island: "island",
  teleportal: "teleportal", village: "Village", witches_den: "Witches' Den", shrine: "Shrine",
  dragons_lair: "Dragon's Lair", draw_quest: "quest"};
const LINE_STYLE = {  // stroke, width, dash
  border: ["#7a7a7a", 2, ""], bridge: ["#8d5b3a", 5, ""], pass: ["#444", 2.5, "7 4"],
  sea: ["#3f7fc4", 2, "5 4"], harbour: ["#3f7fc4", 1.3, "1.5 3"], path: ["#8d5b3a", 3, ""]};
const fix = n => Number(n).toFixed(1);

// Every place of the map with its position: territories, sea zones, wasteland spaces. Places
// the map file gives no x and y (a situation's own map) are set in rows below the others.
function mapPlaces(map) {
  const out = new Map();
  for (const t of map.territories || []) out.set(t.id, {...t, cls: t.kind === "island" ? "island" : "territory"});
  for (const z of map.sea_zones || []) out.set(z.id, {...z, cls: "sea", kind: "sea"});
  for (const w of map.wastelands || [])
    for (const s of w.spaces || []) out.set(s.id, {...s, cls: "space", wasteland: w.id});
  const placed = [...out.values()].filter(p => Number.isFinite(p.x) && Number.isFinite(p.y));
  let y = placed.length ? Math.max(...placed.map(p => p.y)) + 110 : 60, x = 60;
  for (const p of out.values()) {
    if (placed.includes(p)) continue;
    Object.assign(p, {x, y});
    x += 110;
    if (x > 1000) [x, y] = [60, y + 100];
  }
  return out;
}

// The adjacency of a map as [a, b, via] (via: border, bridge, pass, sea, harbour, path).
function mapLinks(map) {
  const out = (map.land_edges || []).map(e => [e.a, e.b, e.via || "border"]);
  const seen = new Set();
  for (const z of map.sea_zones || [])
    for (const n of z.adjacent || []) {
      const k = [z.id, n].sort().join("|");
      if (!seen.has(k)) { seen.add(k); out.push([z.id, n, "sea"]); }
    }
  for (const t of map.territories || []) for (const h of t.harbours || []) out.push([t.id, h, "harbour"]);
  for (const w of map.wastelands || []) {
    for (const s of w.spaces || []) if (s.harbour) out.push([s.id, s.harbour, "harbour"]);
    (w.path || []).slice(1).forEach((s, i) => out.push([w.path[i], s, "path"]));
    for (const e of w.entries || []) out.push([e.territory, e.space, e.via]);
  }
  return out;
}

function renderPlaceMap(game, list, cmds = [], labels = [], play = () => {}) {
  const map = game.map, at = mapPlaces(map);
  const armies = Array.isArray(game.armies) ? game.armies : [];
  const armyName = a => armies[a] ? `${seatName(armies[a].seat)} ${armies[a].race || ""}`.trim() : `army ${+a + 1}`;
  const realmColour = new Map((map.realms || []).map(r => [r.id, r.colour]));
  const kingdoms = new Set((map.realms || []).map(r => r.kingdom));
  const troops = isRec(game.troops) ? game.troops : {}, gold = isRec(game.gold) ? game.gold : {};
  const heroes = isRec(game.heroes) ? game.heroes : {}, ships = isRec(game.ships) ? game.ships : {};
  const parties = Array.isArray(game.parties) ? game.parties : [];
  const naming = id => cmds.flatMap((c, i) => Object.values(c).includes(id) ? [i] : []);
  const xs = [...at.values()].map(p => p.x), ys = [...at.values()].map(p => p.y);
  const [x0, y0] = [Math.min(...xs) - 75, Math.min(...ys) - 50];
  const [w, h] = [Math.max(...xs) - x0 + 75, Math.max(...ys) - y0 + 50];
  const root = svg("svg", {class: "placemap", "data-testid": "placemap", role: "group",
    "aria-label": `map: ${map.name || "places"}`, viewBox: `${fix(x0)} ${fix(y0)} ${fix(w)} ${fix(h)}`,
    width: "100%", style: "max-width:1060px;display:block;background:#e4eef8;border:1px solid #aab;border-radius:6px;font-family:system-ui,sans-serif"});
  // realms as groups: a tinted box round each realm's territories
  const byRealm = new Map();
  for (const p of at.values()) if (p.realm) byRealm.set(p.realm, [...(byRealm.get(p.realm) || []), p]);
  for (const [realm, ps] of byRealm) {
    const [a, b] = [Math.min(...ps.map(p => p.x)) - 50, Math.min(...ps.map(p => p.y)) - 47];
    const [c, d] = [Math.max(...ps.map(p => p.x)) + 50, Math.max(...ps.map(p => p.y)) + 40];
    root.append(svg("g", {class: "realm", "data-realm": realm}, svg("title", {}, `realm ${realm}`),
      svg("rect", {x: a, y: b, width: c - a, height: d - b, rx: 12, fill: REALM_FILL[realmColour.get(realm)] || "#eee",
        stroke: "#999", "stroke-width": 1}),
      svg("text", {x: a + 8, y: b + 11, "font-size": 9, fill: "#555"}, `realm ${realm}`)));
  }
  for (const wl of map.wastelands || []) {  // each wasteland path on a band of its own
    const ps = (wl.spaces || []).map(s => at.get(s.id));
    if (!ps.length) continue;
    const [a, b] = [Math.min(...ps.map(p => p.x)) - 32, Math.min(...ps.map(p => p.y)) - 30];
    const [c, d] = [Math.max(...ps.map(p => p.x)) + 32, Math.max(...ps.map(p => p.y)) + 34];
    root.append(svg("g", {class: "wasteland", "data-wasteland": wl.id},
      svg("rect", {x: a, y: b, width: c - a, height: d - b, rx: 14, fill: "#e2d3bd", stroke: "#a68b6b"}),
      svg("text", {x: a + 6, y: b + 10, "font-size": 9, fill: "#6b5237"}, `wasteland (${wl.id})`)));
  }
  for (const [a, b, via] of mapLinks(map)) {  // adjacency under the places
    const [p, q] = [at.get(a), at.get(b)];
    if (!p || !q) continue;
    const [stroke, width, dash] = LINE_STYLE[via] || LINE_STYLE.border;
    root.append(svg("line", {class: "adjacency", "data-a": a, "data-b": b, "data-via": via,
      x1: fix(p.x), y1: fix(p.y), x2: fix(q.x), y2: fix(q.y), stroke, "stroke-width": width,
      "stroke-dasharray": dash}, svg("title", {}, `${a} – ${b}: ${via}`)));
  }
  for (const x of map.impassable || []) {  // a red bar across the border, where no edge runs
    const [p, q] = [at.get(x.a), at.get(x.b)];
    if (!p || !q) continue;
    const [mx, my, dx, dy] = [(p.x + q.x) / 2, (p.y + q.y) / 2, q.x - p.x, q.y - p.y];
    const k = 16 / (Math.hypot(dx, dy) || 1);
    root.append(svg("line", {class: "barrier", "data-a": x.a, "data-b": x.b, x1: fix(mx - dy * k),
      y1: fix(my + dx * k), x2: fix(mx + dy * k), y2: fix(my - dx * k), stroke: "#c0392b",
      "stroke-width": 4}, svg("title", {}, `${x.a} – ${x.b}: impassable (${x.why})`)));
  }
  const targets = [];
  for (const [id, p] of at) {
    const kind = p.kind || "";
    const facts = [KIND_WORDS[kind] ?? words(kind), p.mine ? "mine" : "", p.tundra ? "tundra" : "",
      p.realm ? `realm ${p.realm}` : "", (p.harbours || []).length ? `harbour on ${p.harbours.join(", ")}` : "",
      p.harbour ? `harbour on ${p.harbour}` : "", gold[id] !== undefined ? `${gold[id]} gold stored` : ""].filter(Boolean);
    const g = svg("g", {class: `place ${p.cls}`, "data-place": id, "data-kind": kind, role: "img",
      "aria-label": `${id}${facts.length ? ", " + facts.join(", ") : ""}`});
    g.append(svg("title", {}, `${id}${facts.length ? "\n" + facts.join("\n") : ""}`));
    if (p.cls === "sea") g.append(svg("ellipse", {cx: p.x, cy: p.y, rx: 62, ry: 30, fill: "#a8cbee", stroke: "#3f7fc4"}));
    else if (p.cls === "island") g.append(svg("ellipse", {cx: p.x, cy: p.y, rx: 40, ry: 28, fill: "#ead9a6", stroke: "#a68b4b"}));
    else if (p.cls === "space") g.append(svg("circle", {cx: p.x, cy: p.y, r: 22, fill: "#cdb799", stroke: "#6b5237"}));
    else g.append(svg("rect", {x: p.x - 42, y: p.y - 32, width: 84, height: 64, rx: 6,
      fill: kind === "gold" ? "#f3dc7a" : kind === "teleportal" ? "#d8c6f0" : "#fffdf6",
      stroke: kingdoms.has(id) ? "#333" : "#888", "stroke-width": kingdoms.has(id) ? 3 : 1}));
    const mark = [kind === "kingdom" ? "♔" : "", kind === "teleportal" ? "◎" : "", p.tundra ? "❄" : ""].join("");
    const top = p.cls === "space" ? p.y - 4 : p.y - (p.cls === "territory" ? 18 : 8);
    g.append(svg("text", {x: p.x, y: top, "text-anchor": "middle", "font-size": p.cls === "space" ? 8 : 11,
      "font-weight": "bold"}, `${mark}${mark ? " " : ""}${id}`));
    const sub = p.cls === "space" ? KIND_WORDS[kind] || words(kind) : p.cls === "territory" && kind !== "ordinary" ? KIND_WORDS[kind] + (p.mine ? ", mine" : "") : "";
    if (sub) g.append(svg("text", {x: p.x, y: top + 10, "text-anchor": "middle", "font-size": 8, fill: "#444"}, sub));
    if (gold[id] !== undefined && p.cls !== "sea")
      g.append(svg("text", {class: "gold", x: p.x + 40, y: p.y - 20, "text-anchor": "end", "font-size": 9,
        fill: "#8a6d00", "font-weight": "bold"}, `${gold[id]}g`));
    // counters: one per army standing here, its units' number on it (a DragonLord marked ★)
    const here = {...(troops[id] || {})};
    for (const hr of Object.values(heroes)) if (hr.loc === id) here[hr.army] = here[hr.army] ?? 0;
    const counters = Object.entries(here).sort((a, b) => +a[0] - +b[0]);
    const cy = p.cls === "space" ? p.y + 32 : p.y + (p.cls === "territory" ? 14 : 12);
    counters.forEach(([a, n], i) => {
      const cx = p.x + 19 * (i - (counters.length - 1) / 2);
      const lord = Object.values(heroes).some(hr => hr.loc === id && String(hr.army) === a && hr.role === "dragonlord");
      g.append(svg("g", {class: "counter", "data-army": a, "data-units": n},
        svg("title", {}, `${armyName(+a)}: ${n} unit(s)${lord ? " and its DragonLord" : ""}`),
        svg("circle", {cx: fix(cx), cy, r: 9, fill: armyColour(+a), stroke: lord ? "#ffd700" : "#fff", "stroke-width": lord ? 2.5 : 1.2}),
        svg("text", {x: fix(cx), y: cy + 3.5, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold"}, String(n))));
    });
    parties.filter(pt => pt.space === id).forEach((pt, i) => g.append(svg("g", {class: "counter party", "data-army": pt.army},
      svg("title", {}, `party of ${armyName(pt.army)}`),
      svg("rect", {x: p.x - 8 + 18 * i, y: p.y + 6, width: 16, height: 12, rx: 3, fill: armyColour(pt.army)}),
      svg("text", {x: p.x + 18 * i, y: p.y + 15.5, "text-anchor": "middle", "font-size": 8, fill: "#fff"}, "P"))));
    const idx = naming(id);
    if (idx.length && clickable(g, idx, cmds, labels, play)) {
      keyed(g, `${id}: ${g.getAttribute("data-label")}`);
      targets.push(g);
    }
    root.append(g);
  }
  targets.forEach(g => {  // outlined on top of their neighbours
    g.firstChild.nextSibling.setAttribute("stroke", "#07c");
    g.firstChild.nextSibling.setAttribute("stroke-width", 3);
    g.style.cursor = "pointer";
    root.append(g);
  });
  const fleets = new Map();  // fleets at sea: a boat per ship beside its zone, crew on it
  for (const [sid, s] of Object.entries(ships)) {
    const z = at.get(s.zone);
    if (!z) continue;
    const n = fleets.get(s.zone) || 0;
    fleets.set(s.zone, n + 1);
    const crew = Object.entries(troops[`ship:${sid}`] || {}).reduce((t, [, k]) => t + k, 0);
    const [bx, by] = [z.x - 45 + 24 * n, z.y - 6];
    const boat = svg("g", {class: "ship", "data-ship": sid, "data-army": s.army, "data-zone": s.zone, role: "img",
      "aria-label": `ship of ${armyName(s.army)}`},
      svg("title", {}, `ship of ${armyName(s.army)} in sea zone ${s.zone}` + (s.harbour ? `, in the harbour of ${s.harbour}` : "") +
        (crew ? `, ${crew} unit(s) aboard` : "")),
      svg("path", {d: `M${bx - 10} ${by} L${bx + 10} ${by} L${bx + 6} ${by + 8} L${bx - 6} ${by + 8} Z M${bx} ${by} L${bx} ${by - 12} L${bx + 8} ${by - 3} Z`,
        fill: armyColour(s.army), stroke: "#fff", "stroke-width": 1}),
      svg("text", {x: bx, y: by + 18, "text-anchor": "middle", "font-size": 8, "font-weight": "bold"}, crew ? String(crew) : ""));
    const idx = naming(sid);
    if (idx.length && clickable(boat, idx, cmds, labels, play)) keyed(boat, `ship: ${boat.getAttribute("data-label")}`);
    root.append(boat);
  }
  const legend = el("div", {class: "legend", "data-testid": "map-legend", style: "font-size:.85em;margin:.2em 0"},
    ...armies.map((a, i) => el("span", {"data-army": i, style: `margin-right:1em;white-space:nowrap`},
      el("span", {style: `display:inline-block;width:.9em;height:.9em;border-radius:50%;vertical-align:middle;background:${armyColour(i)}`}),
      ` ${armyName(i)}${a.alive === false ? " (out)" : ""}`)),
    el("span", {text: "— border, thick brown: bridge, dashed: pass, red bar: impassable, blue dashes: sea, dots: harbour"}));
  return el("div", {class: "placeboard"}, legend, root,
    el("details", {class: "placelist", open: ""}, el("summary", {text: "places as a list"}), list));
}

// A clickable board element reachable by keyboard: a button with its labels as accessible name.
function keyed(e, name) {
  e.setAttribute("role", "button");
  e.setAttribute("tabindex", "0");
  e.setAttribute("aria-label", name);
  e.addEventListener("keydown", ev => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    const r = e.getBoundingClientRect();
    e.dispatchEvent(new MouseEvent("click", {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true}));
  });
}
