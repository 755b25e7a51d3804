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
function cardEl(id, cards) {
  const name = String(id).split("#")[0];
  const info = cards[name];
  const e = el("span", {class: "card", "data-card": name}, el("b", {text: name}));
  if (info) {
    const vals = Object.entries(info.values || {}).filter(([, v]) => v !== null).map(([k, v]) => `${k} ${v}`);
    if (vals.length) e.append(" (" + vals.join(", ") + ")");
    if (info.text) e.title = info.text;
    if (Object.values(info.sources || {}).some(s => String(s).startsWith("stand-in")))
      e.append(el("span", {class: "standin", text: " stand-in"}));
  }
  return e;
}
function renderZones(zones, cards) {
  const box = el("div");
  for (const [name, z] of Object.entries(zones)) {
    const d = el("div", {class: "zone", "data-zone": name},
      el("div", {text: `${name} — ${z.n ?? (z.cards || []).length} card(s), ${z.vis}` + (z.owner !== null && z.owner !== undefined ? `, ${seatName(z.owner)}` : "")}));
    for (const c of z.cards || []) d.append(cardEl(c, cards));
    box.append(d);
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
