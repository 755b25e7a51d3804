// The lobby: a new game of any ruleset with its options in words, and the list of games, kept
// live by polling. The tokens of the games made here are kept in localStorage, so a reload
// still offers each seat's join link and re-opens one's own seat.
"use strict";
const POLL_MS = 2000;
const STORE = "runeledger.games";  // {game id: {seats: {seat: token}, referee, mine}}
let RULESETS = [], BOTS = [], shownGames = "";

const words = x => { const s = String(x).replace(/[_-]+/g, " ").trim(); return s.charAt(0).toUpperCase() + s.slice(1); };
const title = x => String(x).split(/[_-]+/).map(w => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");  // a game's name
// "MK:18-22:Scen:*: the scenario" -> ["MK:18-22:Scen:*", "the scenario"]: the rule reference
// goes to the tooltip, the words are shown.
function splitDoc(doc) {
  const m = /^((?:stand-in\s)?[A-Z][^\s:]*(?::[^\s:]+)*(?:\s\([^)]*\))?):\s/.exec(doc || "");
  return m ? [m[1], doc.slice(m[0].length)] : ["", doc || ""];
}
// A "comma-separated" option whose doc lists its values and whose order does not matter
// (Mage Knight's variants) is a set of checkboxes.
function setValues(doc) {
  if (!/comma-separated/.test(doc) || /order/.test(doc)) return null;
  const m = /\(([a-z0-9_]+(?:,\s*[a-z0-9_]+)+)\)/.exec(doc);
  return m ? m[1].split(/,\s*/) : null;
}
function kept() { try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch { return {}; } }
function keep(gid, change) { const all = kept(); all[gid] = {...(all[gid] || {seats: {}}), ...change}; localStorage.setItem(STORE, JSON.stringify(all)); }

// -- the form ---------------------------------------------------------------------------
function optionField(name, opt) {
  // label, doc and the values' words come in the page's language (the server's `label`,
  // `doc`, `choice_labels`); a set's values are read from the English doc (`doc_en`)
  const id = "opt-" + name, [rule, text] = splitDoc(opt.doc), named = opt.label || words(name);
  const said = v => (opt.choice_labels || {})[v] || words(v);
  const label = el("label", {for: id, text: named});
  let input;
  const set = typeof opt.default === "string" && !opt.choices.length ? setValues(opt.doc_en || opt.doc) : null;
  if (opt.choices.length) {
    input = el("select", {id});
    const seen = new Set();
    for (const c of opt.choices) {
      const w = said(String(c));
      if (seen.has(w.toLowerCase())) continue;  // an alias ("first-reconnaissance") of a value shown
      seen.add(w.toLowerCase());
      input.append(el("option", {value: JSON.stringify(c), text: w}));
    }
    input.value = JSON.stringify(opt.default);
  } else if (typeof opt.default === "boolean") {
    input = el("input", {id, type: "checkbox"});
    input.checked = opt.default;
  } else if (typeof opt.default === "number") {
    input = el("input", {id, type: "number", value: opt.default, min: 0});
  } else if (set) {
    input = el("span", {id, class: "set", role: "group", "aria-label": named},
      ...set.map(v => el("label", {}, el("input", {type: "checkbox", value: v}), " " + said(v))));
  } else {
    input = el("input", {id, value: opt.default, placeholder: String(opt.default) || "none"});
  }
  input.dataset.option = name;
  const hint = el("span", {class: "hint", text: set ? named + ": any of them" : text});
  if (rule) hint.title = rule;
  return el("div", {class: "field"}, label, input, hint);
}
function optionValue(input, opt) {
  if (input.classList.contains("set")) return [...input.querySelectorAll("input:checked")].map(c => c.value).join(",");
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return +input.value;
  return input.value;
}
// A bot that searches in this ruleset (mcts, and strong where it searches) may be given a
// strength: its levels come from /api/rulesets with their counts in words; "standard" sends
// the bare bot name, any other level "kind:level".
function strengthField(s, kind, rs, was) {
  const levels = ((rs && rs.bot_strengths) || {})[kind] || [];
  const sel = el("select", {id: `strength-${s}`, "data-strength-of": s, "aria-label": `${seatName(s)}: how hard the bot thinks`},
    ...levels.map(lv => el("option", {value: lv.name, text: lv.words})));
  sel.value = levels.some(lv => lv.name === was) ? was : "standard";
  sel.hidden = !levels.length;
  return sel;
}
function seatFields(n) {
  const box = document.getElementById("seats"), old = [...box.querySelectorAll("select[data-seat-kind]")].map(s => s.value);
  const oldStrength = [...box.querySelectorAll("select[data-strength-of]")].map(s => s.value);
  const rs = RULESETS.find(r => r.name === document.getElementById("ruleset").value);
  box.replaceChildren(el("legend", {text: "Seats"}));
  for (let s = 0; s < n; s++) {
    const sel = el("select", {id: `seat-${s}`, "data-seat-kind": s},
      el("option", {value: "", text: "a player"}), el("option", {value: "open", text: "open: anyone may sit"}),
      ...BOTS.map(b => el("option", {value: b, text: `${words(b)} bot`})));
    sel.value = old[s] || "";
    const field = el("div", {class: "field"}, el("label", {for: `seat-${s}`, text: seatName(s)}), sel,
      strengthField(s, sel.value, rs, oldStrength[s]));
    sel.addEventListener("change", () => field.lastChild.replaceWith(strengthField(s, sel.value, rs, field.lastChild.value)));
    box.append(field);
  }
}
// "mcts:deep" as "Mcts bot (deep)": the kind and, where it was given one, the strength.
function botWords(spec) {
  const [kind, level] = String(spec).split(":");
  return `${words(kind)} bot` + (level ? ` (${/^\d+$/.test(level) ? `strength ${level}` : level})` : "");
}
function rulesetChanged() {
  const rs = RULESETS.find(r => r.name === document.getElementById("ruleset").value);
  document.getElementById("summary").textContent = rs.summary || "";
  const players = document.getElementById("players"), was = +players.value;
  players.replaceChildren(...rs.players.map(p => el("option", {value: p, text: String(p)})));
  players.value = rs.players.includes(was) ? was : rs.players.includes(2) ? 2 : rs.players[0];
  seatFields(+players.value);
  document.getElementById("options").replaceChildren(el("legend", {text: "Options"}),
    ...Object.entries(rs.options).map(([k, o]) => optionField(k, o)));
  if (!Object.keys(rs.options).length) document.getElementById("options").append(el("p", {text: "This game has no options."}));
}
async function create(ev) {
  ev.preventDefault();
  const f = ev.target, rs = RULESETS.find(r => r.name === f.ruleset.value);
  const body = {ruleset: rs.name, players: +f.players.value, options: {}, bots: {}, open: []};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const name = input.dataset.option, value = optionValue(input, rs.options[name]);
    if (value !== rs.options[name].default) body.options[name] = value;  // the default needs no word
  }
  for (const sel of document.querySelectorAll("#seats select[data-seat-kind]")) {
    const strength = document.getElementById(`strength-${sel.dataset.seatKind}`);
    const level = strength && !strength.hidden && strength.value !== "standard" ? `:${strength.value}` : "";
    if (sel.value === "open") body.open.push(+sel.dataset.seatKind);  // left to whoever sits first
    else if (sel.value) body.bots[sel.dataset.seatKind] = sel.value + level;
  }
  if (f.seed.value) body.seed = f.seed.value;
  if (f.analysis.checked) body.analysis = true;
  else if (f.contributions.checked) body.contributions = true;
  const error = document.getElementById("error");
  error.textContent = "";
  let g;
  try { g = await api("/api/games", {method: "POST", body: JSON.stringify(body)}); }
  catch (e) { error.textContent = e.message; return; }
  keep(g.game_id, {seats: Object.fromEntries(g.seats.filter(s => s.token).map(s => [s.seat, s.token])), referee: g.referee_token, mine: null});
  const bots = body.bots;
  document.getElementById("created").replaceChildren(
    el("p", {text: `${title(rs.name)} game ${g.game_id} is open (seed commitment ${g.commitment.slice(0, 16)}…). Give each player their own link:`}),
    ...g.seats.filter(s => !bots[s.seat]).map(s => el("div", {}, s.token ? joinLink(g.game_id, s.seat, s.token)
      : el("span", {text: `${seatName(s.seat)} is open: anyone may sit there from the list below`}))),
    el("div", {}, el("a", {href: `/games/${g.game_id}`, "data-testid": "spectate", text: "Spectate"})),
    el("div", {}, el("a", {href: `/games/${g.game_id}/replay?token=${g.referee_token}`, text: "Referee (replay, everything)"})));
  await refresh();
}
function joinLink(gid, seat, token, mine = false) {
  const a = el("a", {href: `/games/${gid}?token=${encodeURIComponent(token)}`, "data-testid": mine ? "mine" : "join",
    "data-seat": seat, class: mine ? "mine" : "", text: mine ? `My seat: ${seatName(seat)}` : `Join as ${seatName(seat)}`});
  a.addEventListener("click", () => keep(gid, {mine: seat}));
  return a;
}

// "Sit here": claims an open seat (its token, handed out once), keeps the token and opens the seat.
function sitLink(gid, seat) {
  const a = el("a", {href: "#", "data-testid": "sit", "data-seat": seat, text: `Sit here as ${seatName(seat)}`});
  a.addEventListener("click", async ev => {
    ev.preventDefault();
    const error = document.getElementById("error");
    error.textContent = "";
    let got;
    try { got = await api(`/api/games/${gid}/seats/${seat}/claim`, {method: "POST"}); }
    catch (e) { error.textContent = e.message; await refresh(); return; }
    keep(gid, {seats: {...((kept()[gid] || {}).seats || {}), [seat]: got.token}, mine: seat});
    location.href = `/games/${gid}?token=${encodeURIComponent(got.token)}`;
  });
  return a;
}

// -- the list of games ------------------------------------------------------------------
function row(g, mineAll) {
  const own = mineAll[g.game_id], bots = g.bots || {};
  const free = new Set((g.open || []).map(Number));
  const seats = Array.from({length: g.players}, (_, s) => `${seatName(s)}: ${bots[s] ? botWords(bots[s]) : free.has(s) ? "open" : "a player"}`);
  const state = [g.over ? "over" : `event ${g.version}`];
  if (g.awaiting && g.awaiting.length) state.push(`waiting for ${g.awaiting.map(seatName).join(", ")} to join`);
  if (g.analysis) state.push(`analysis mode${g.client_seed !== undefined ? ` (seed ${g.client_seed})` : ""}`);
  const open = el("td");
  if (own) {
    if (own.mine !== null && own.mine !== undefined && own.seats[own.mine]) open.append(joinLink(g.game_id, own.mine, own.seats[own.mine], true));
    for (const [s, token] of Object.entries(own.seats))
      if (!bots[s] && String(s) !== String(own.mine)) open.append(joinLink(g.game_id, +s, token));
  }
  for (const s of free) open.append(sitLink(g.game_id, s));
  open.append(el("a", {href: `/games/${g.game_id}`, "data-testid": "spectate", text: "Spectate"}),
    el("a", {href: `/games/${g.game_id}/replay` + (own && own.referee ? `?token=${own.referee}` : ""), text: "Replay"}));
  return el("tr", {"data-game": g.game_id},
    el("td", {}, el("b", {text: title(g.ruleset)}), el("br"), el("small", {text: g.game_id})),
    el("td", {text: seats.join(", ")}), el("td", {text: state.join("; ")}), open);
}
async function refresh() {
  let games;
  try { games = (await api("/api/games")).games; } catch { return; }  // the next poll tries again
  const mineAll = kept(), key = JSON.stringify([games, mineAll]);
  if (key === shownGames) return;  // unchanged: keep the rows (and the focus in them)
  shownGames = key;
  document.querySelector("#games tbody").replaceChildren(...games.slice().reverse().map(g => row(g, mineAll)));
}

(async () => {
  const rs = await api("/api/rulesets");
  RULESETS = rs.rulesets; BOTS = rs.bots || [];
  const sel = document.getElementById("ruleset");
  sel.replaceChildren(...RULESETS.map(r => el("option", {value: r.name, text: `${title(r.name)} (${r.players.join("/")} players)`})));
  sel.onchange = rulesetChanged;
  document.getElementById("players").onchange = e => seatFields(+e.target.value);
  rulesetChanged();
  document.getElementById("new").onsubmit = create;
  await refresh();
  setInterval(refresh, POLL_MS);
  addEventListener("storage", refresh);
})();
