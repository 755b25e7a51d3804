// A card game's table laid out (Thunderstone's dungeon and village, Rune Age's realms, cities and
// events): the view's game.table, a list of areas {area, title, seat?, piles}, each pile
// {zone, name, spread?, facts} naming a zone of the view. A stack shows its top card and its
// count; a spread pile (a realm, the cities) shows every card; a pile's facts (a dungeon rank's
// light penalty, the event deck's stage) are written under it. Cards come only from the
// view's zones, so a face-down pile shows its count alone. A pile whose zone or top card a legal
// command names is clickable (board.js `clickable`). Needs common.js and board.js first.
"use strict";
const isTableLayout = t => Array.isArray(t) && t.length > 0 &&
  t.every(a => isRec(a) && typeof a.title === "string" && Array.isArray(a.piles));

function renderTableLayout(view, cmds = [], labels = [], play = () => {}) {
  const layout = view.game && view.game.table;
  if (!isTableLayout(layout)) return null;
  const cards = typeof CARDS !== "undefined" ? CARDS : {};  // the table's catalogue, when loaded
  const zones = view.zones || {};
  const naming = (...ids) => cmds.flatMap((c, i) => Object.values(c).some(v => ids.includes(v)) ? [i] : []);
  const box = el("div", {class: "tablelayout", "data-testid": "table-layout"});
  for (const area of layout) {
    const colour = Number.isInteger(area.seat) ? SEAT_COLOURS[area.seat % SEAT_COLOURS.length] : "#998";
    const row = el("div", {class: "piles", style: "display:flex;flex-wrap:wrap;gap:.4em;align-items:flex-start"});
    const sec = el("section", {class: "area", "data-area": area.area || "", role: "group", "aria-label": area.title,
      style: `border:2px solid ${colour};border-radius:8px;padding:.3em .5em;margin:.3em 0;background:#fbf8f0`},
      el("h3", {text: area.title, style: `margin:.1em 0 .3em;font-size:1em;color:${colour}`}), row);
    if (Number.isInteger(area.seat)) sec.setAttribute("data-seat", area.seat);
    for (const pile of area.piles) {
      const z = zones[pile.zone] || {n: 0};
      const shown = Array.isArray(z.cards) ? z.cards : null;
      const facts = Object.entries(pile.facts || {});
      const e = el("div", {class: pile.spread ? "pile spread" : "pile stack", "data-zone": pile.zone,
        "data-count": z.n, style: "border:1px solid #bba;border-radius:6px;padding:.25em .4em;background:#fff;min-width:7em"},
        el("div", {class: "pile-name", style: "font-size:.8em;color:#555"},
          el("b", {text: pile.name}), el("span", {class: "count", "data-testid": "count", text: ` · ${z.n}`})));
      if (pile.spread && shown && shown.length) shown.forEach(c => e.append(cardEl(c, cards)));
      else if (shown && shown.length) e.append(el("div", {class: "top"}, cardEl(shown[0], cards)));
      else e.append(el("div", {class: "none", text: z.n ? "face down" : "empty", style: "font-size:.8em;color:#999"}));
      for (const [k, v] of facts)
        e.append(el("div", {class: "fact", "data-fact": k, text: `${k}: ${v}`, style: "font-size:.8em"}));
      const idx = naming(pile.zone, ...(shown && shown.length ? [shown[0]] : []), pile.name);
      if (idx.length && clickable(e, idx, cmds, labels, play)) {
        e.style.cursor = "pointer";
        e.style.outline = "2px solid #07c";
        e.setAttribute("tabindex", "0");
        e.setAttribute("role", "button");
      }
      row.append(e);
    }
    box.append(sec);
  }
  return box;
}
