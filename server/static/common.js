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
  const lang = typeof LANG === "undefined" ? "en" : LANG;  // i18n.js: the server words its answer in it
  const r = await fetch(path + (path.includes("?") ? "&" : "?") + `lang=${lang}`, {...opts, headers});
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
    const vals = Object.entries(info.values || {}).filter(([, v]) => v !== null)
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`);  // "magic attack 1", not magic_attack
    if (vals.length) e.append(" (" + vals.join(", ") + ")");
    if (info.text) e.title = info.text;
    if (info.stand_in ?? Object.values(info.sources || {}).some(s => String(s).startsWith("stand-in")))
      e.append(el("span", {class: "standin", text: " stand-in"}));
    enlargeable(e, info);
  }
  return e;
}
// A card shown large while the pointer is on it, while it has the keyboard's focus, or after a
// tap (Escape or a tap elsewhere closes it): its name, kind, cost, values, text in
// words and its stand-in mark, in one box of the page (data-testid="card-large").
function enlargeable(e, info) {  // a hand's cards are keyboard stops too (zoneEl), not every card
  e.setAttribute("aria-label", `${info.name}: ${info.text || info.kind || "card"}`);
  const show = () => showLarge(e, info), hide = () => hideLarge(e);
  e.addEventListener("mouseenter", show);
  e.addEventListener("mouseleave", hide);
  e.addEventListener("focus", show);
  e.addEventListener("blur", hide);
  e.addEventListener("click", show);  // a tap (a hover's mouseenter may have shown it already)
  e.addEventListener("keydown", ev => { if (ev.key === "Escape") hide(); });
}
let LARGE_FOR = null;
function showLarge(anchor, info) {
  let box = document.getElementById("card-large");
  if (!box) {
    box = el("div", {id: "card-large", "data-testid": "card-large", role: "tooltip", class: "card-large"});
    document.body.append(box);
    document.addEventListener("click", ev => {  // a tap elsewhere closes it
      if (LARGE_FOR && !LARGE_FOR.contains(ev.target)) hideLarge(LARGE_FOR);
    });
    // The pointer over anything else closes it too: a live update may redraw the hand under the
    // pointer, and a card taken off the page never hears its mouseleave (unless it has the focus).
    document.addEventListener("pointerover", ev => {
      if (LARGE_FOR && !LARGE_FOR.contains(ev.target) &&
          (!LARGE_FOR.isConnected || document.activeElement !== LARGE_FOR)) hideLarge(LARGE_FOR);
    });
  }
  const vals = Object.entries(info.values || {}).filter(([, v]) => v !== null)
    .map(([k, v]) => el("li", {text: `${k.replaceAll("_", " ")}: ${v}`}));
  const standIn = info.stand_in ?? Object.values(info.sources || {}).some(s => String(s).startsWith("stand-in"));
  box.replaceChildren(el("div", {class: "card-large-name", text: info.name}),
    el("div", {class: "card-large-kind", text: [info.kind, info.group].filter(Boolean).join(" · ")}),
    ...(vals.length ? [el("ul", {class: "card-large-values"}, ...vals)] : []),
    ...(info.text ? [el("p", {class: "card-large-text", text: info.text})] : []),
    ...(standIn ? [el("div", {class: "standin", text: "stand-in: not the printed card's values"})] : []));
  const r = anchor.getBoundingClientRect();
  box.style.left = `${Math.max(4, Math.min(r.left, innerWidth - 300))}px`;
  box.style.top = `${r.bottom + 6 + 260 < innerHeight ? r.bottom + 6 : Math.max(4, r.top - 266)}px`;
  box.hidden = false;
  LARGE_FOR = anchor;
}
function hideLarge(anchor) {
  const box = document.getElementById("card-large");
  if (box && LARGE_FOR === anchor) { box.hidden = true; LARGE_FOR = null; }
}
// A zone on the table. A player's own hand and small rows of distinct cards (an offer, the
// cards in play) show every card; a stack of one card many times (58 wounds, 30 militia) or a
// long pile shows as a pile: its count and its top card. Cards the viewer cannot see: only
// their count. The first child says what the zone is (its name in words, then its id).
const PILE_FROM = 12;  // a zone of more cards than this is a pile, whatever they are
function zoneEl(name, z, cards, label, every = false) {
  const n = z.n ?? (z.cards || []).length;
  const box = el("div", {class: "zone", "data-zone": name},
    el("div", {class: "zone-head", text: `${label && label !== name ? `${label} (${name})` : name}` +
                                         ` — ${n} card(s), ${z.vis}`}));
  const shown = z.cards || [];
  if (!z.cards) {
    if (n) box.append(el("span", {class: "facedown", text: `${n} face down`}));
  } else if (every || (shown.length <= PILE_FROM && new Set(shown.map(c => String(c).split("#")[0])).size === shown.length)) {
    for (const c of shown) {
      const card = box.appendChild(cardEl(c, cards));
      if (every && card.hasAttribute("aria-label")) card.setAttribute("tabindex", "0");  // the hand, by keyboard
    }
  } else if (shown.length) {
    box.classList.add("pile");
    box.append(pileEl({label: "", count: shown.length, top: String(shown[0]).split("#")[0]}, cards));
  }
  return box;
}
// A pile: its count and the top card (a panel's piles, a stack on the board).
function pileEl(p, cards) {
  const e = el("span", {class: "pile-count", "data-pile": p.label || "",
    title: `${p.label ? p.label + ": " : ""}${p.count} card(s)` +
      (p.top ? `, the top one ${(cardInfo(String(p.top).split("#")[0], cards) || {}).name || String(p.top).split("#")[0].replaceAll("_", " ")}` : "")},
    el("b", {text: `${p.label ? p.label + " " : ""}${p.count}`}));
  if (p.top) e.append(" ", cardEl(p.top, cards));
  return e;
}
// One seat's panel (the view's "panels", engine/panels.py): its name in its colour, whose
// turn, a bot's kind and "thinking…" while it decides, its numbers and its piles.
function panelEl(p, cards, {bot = null, thinking = false, me = false} = {}) {
  const head = el("div", {class: "panel-head"},
    el("span", {class: "dot", "aria-hidden": "true"}), el("b", {text: p.name + (me ? " (you)" : "")}));
  if (bot) head.append(el("span", {class: "bot", text: ` bot: ${String(bot).replace(":", ", ")}`}));  // "mcts, deep"
  if (p.turn) head.append(el("span", {class: "to-act", text: thinking ? " thinking…" : " to act"}));
  const nums = el("dl", {class: "numbers"});
  for (const [label, value] of p.numbers || []) nums.append(el("dt", {text: label}), el("dd", {text: String(value)}));
  const box = el("div", {class: "panel" + (p.turn ? " acting" : ""), "data-testid": "panel",
    "data-seat": p.seat, style: `--seat:${p.colour}`, role: "group", "aria-label": p.name}, head, nums);
  if ((p.piles || []).length) box.append(el("div", {class: "piles"}, ...p.piles.map(x => pileEl(x, cards))));
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
