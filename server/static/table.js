// The live table for one seat (or a spectator without a token): renders the seat's view,
// asks the seat its decision as questions in words (the choice tree, engine/choices.py) and
// follows the live feed.
"use strict";
const GID = location.pathname.split("/")[2];
let CARDS = {}, SINCE = 0, SEQ = 0, MAP = "";  // MAP: what the map was last drawn from
document.getElementById("replay").href = `/games/${GID}/replay` + (TOKEN ? `?token=${TOKEN}` : "");
const showError = text => { document.getElementById("error").textContent = text; };

async function refresh() {
  const mine = ++SEQ;
  const v = await api(`/api/games/${GID}/view`);
  if (mine !== SEQ) return;  // a later refresh is on its way: never draw an older view over it
  const view = v.view;
  const me = /^seat (\d+)$/.test(view.as || "") ? +view.as.split(" ")[1] : null;
  document.getElementById("title").textContent = `${view.ruleset} — ${GID}`;
  document.getElementById("who").textContent =  // "seat 0" -> "Seat 1"
    (view.as || "referee").replace(/^seat (\d+)$/, (_, n) => seatName(+n));
  document.getElementById("version").textContent = v.version;
  fairness(view);
  const panels = Array.isArray(view.panels) ? view.panels : [];
  const bots = v.bots && typeof v.bots === "object" ? v.bots : {};  // seat -> kind, where the server says
  const acting = [...new Set((v.prompts || []).map(p => p.seat))];
  document.getElementById("turn").textContent = turnWords(view, acting, me, panels, bots);
  ask(v.choices);
  // the map keeps the complete legal commands: a click on a hex is a shortcut for a leaf
  const cmds = Array.isArray(v.legal) ? v.legal : [];
  const labels = Array.isArray(v.labels) ? v.labels : [];  // the game's words for each command
  const drawn = JSON.stringify([v.version, view, cmds, labels]);
  if (drawn !== MAP) {  // redrawn only when it changed: a hex under a click stays (see `ask`)
    MAP = drawn;
    const map = renderBoard(view, cmds, labels, c => play(c, v.version));  // a hex map, places
    document.getElementById("map").replaceChildren(...(map ? [map] : []));
  }
  proposalBox(v).catch(e => showError(e.message));  // "place the rest as suggested" (proposal.js)
  const names = v.zone_labels || {};
  const zones = Object.entries(view.zones || {});
  document.getElementById("shared").replaceChildren(...zones  // the shared zones, as on a table
    .filter(([, z]) => (z.owner === null || z.owner === undefined) && z.n)
    .sort(([, a], [, b]) => !a.cards - !b.cards)  // face-up first, face-down stacks after
    .map(([name, z]) => zoneEl(name, z, CARDS, names[name])));
  const panel = p => panelEl(p, CARDS, {bot: bots[p.seat] || null, me: p.seat === me,
                                        thinking: p.turn && !!bots[p.seat]});
  const own = document.getElementById("own");
  if (me === null) {
    own.replaceChildren(el("p", {class: "none", text: "You watch this game."}));
  } else {  // the seat's own panel, then its zones: the hand card by card, the rest as piles
    own.replaceChildren(...panels.filter(p => p.seat === me).map(panel), ...zones
      .filter(([name, z]) => z.owner === me && (z.n || isHand(name)))
      .sort(([a], [b]) => isHand(b) - isHand(a))
      .map(([name, z]) => zoneEl(name, z, CARDS, names[name], isHand(name))));
  }
  document.getElementById("panels").replaceChildren(...panels.filter(p => p.seat !== me).map(panel));
  document.getElementById("game").replaceChildren(renderValue(view.game, CARDS));
  const res = document.getElementById("result");
  if (view.over) {
    res.replaceChildren(el("h2", {"data-testid": "result",
      text: `Game over — winner(s): ${(view.winners || []).map(seatName).join(", ") || "none"}` +
            ` · scores ${JSON.stringify(view.scores)}`}));
  }
}
const isHand = name => /(^|[.:])hand([.:]?\d*)$|^hand\d+$/.test(name);

// The heading: whose turn it is, in words ("Your turn", "Seat 2 (Arythea) is thinking…").
function turnWords(view, acting, me, panels, bots) {
  if (view.over) return "Game over";
  if (!acting.length) return "Waiting…";
  if (me !== null && acting.includes(me)) return acting.length > 1 ? "Your turn (and others')" : "Your turn";
  const name = s => (panels.find(p => p.seat === s) || {}).name || seatName(s);
  const who = acting.map(name).join(" and ");
  return acting.every(s => bots[s]) ? `${who} (bot) thinking…` : `${who} to act`;
}

// -- the seat's questions ---------------------------------------------------------------
// STACK holds the questions the seat has opened, the root (the view's `choices`) first: one
// {question, rule, options, path, version} per step, or {pick, label, path, version, chosen}
// for a pick. Only the top one is on screen; "back" pops it. A new version (a play, the live
// feed) starts again at the root; the same version keeps the seat where it was.
let STACK = [];
let ROOT = "";  // the root question as last drawn (its JSON)
const isQuestion = q => q && typeof q === "object" && typeof q.question === "string" && Array.isArray(q.options);
const isUndo = n => (n.command && n.command.kind === "undo") || String(n.label).startsWith("Undo: ");

function ask(root) {
  const panel = document.getElementById("choices");
  if (!isQuestion(root)) {  // a spectator or the referee: nothing to decide here
    STACK = [];
    panel.replaceChildren();
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const same = JSON.stringify(root);
  // The live feed refreshes the view at any moment: the same question drawn again would
  // replace the buttons under a click on its way (pressed on one button, released on its
  // copy: no click), so an unchanged question is left as it is on screen.
  if (STACK.length && STACK[0].version === root.version && ROOT === same) return;
  ROOT = same;
  if (!STACK.length || STACK[0].version !== root.version) STACK = [{...root, path: ""}];
  else STACK[0] = {...root, path: ""};
  renderChoices();
}

function renderChoices() {
  const panel = document.getElementById("choices");
  const hadFocus = panel.contains(document.activeElement);
  const top = STACK[STACK.length - 1];
  const kids = [];
  const head = el("div", {class: "question-line"},
    el("span", {"data-testid": "question", class: "question",
                text: top.pick ? top.pick.question : top.question}));
  if (top.rule) head.append(el("small", {class: "rule", text: ` [rule ${top.rule}]`}));
  kids.push(head);
  if (STACK.length > 1) {
    const back = el("button", {"data-testid": "back", class: "back", text: "← Back",
                               "aria-label": "Back to the previous question"});
    back.onclick = () => { STACK.pop(); showError(""); renderChoices(); };
    kids.push(back);
  }
  kids.push(top.pick ? pickPanel(top) : optionsPanel(top));
  const undo = STACK[0].options.find(isUndo);  // taking back is offered apart, at every step
  if (undo) {
    const b = el("button", {"data-testid": "undo", class: "undo-button", text: undo.label});
    if (undo.preview) b.title = undo.preview;  // "back to event N"
    b.onclick = () => takeBack(undo, STACK[0].version);
    kids.push(el("div", {class: "undo-line"}, b));
  }
  panel.replaceChildren(...kids);
  // where the seat is, for tests and tools: how deep, at which option, at which event
  panel.setAttribute("data-depth", STACK.length);
  panel.setAttribute("data-path", top.path);
  panel.setAttribute("data-version", STACK[0].version);
  // the keyboard stays in the question: a play or a step took away the focused button, so
  // the new question's first option takes the focus (never taken from elsewhere on the page)
  if (hadFocus && !panel.contains(document.activeElement)) {
    const first = panel.querySelector("button[data-choice], [data-testid=pick-option], button");
    if (first) first.focus({preventScroll: true});
  }
}

function optionsPanel(q) {
  const box = el("div", {class: "options", "data-testid": "options"});
  q.options.forEach((node, i) => {
    if (isUndo(node)) return;  // the undo button below, never an option
    const path = q.path === "" ? String(i) : `${q.path}.${i}`;
    const b = el("button", {class: "cmd choice", "data-choice": path, text: node.label});
    if (node.command) {
      b.setAttribute("data-command", JSON.stringify(node.command));
      b.onclick = () => play(node.command, q.version);
    } else if (node.pick) {
      b.setAttribute("data-step", "pick");
      b.onclick = () => open({pick: node.pick, label: node.label, path, version: q.version, chosen: new Set()});
    } else if (node.expand) {
      b.setAttribute("data-step", "expand");
      b.onclick = () => expand(node.expand, path);
    } else {
      b.setAttribute("data-step", "question");
      b.onclick = () => open({question: node.question, rule: null, options: node.options || [],
                              path, version: q.version});
    }
    if (node.preview) {  // the game's words preview: a price, a battle's totals
      b.setAttribute("data-preview", node.preview);
      b.append(el("small", {class: "preview", text: node.preview}));
    }
    box.append(b);
  });
  return box;
}

function open(entry) {
  showError("");
  STACK.push(entry);
  renderChoices();
}

async function expand(token, path) {
  showError("");
  const depth = STACK.length;
  try {
    const q = await api(`/api/games/${GID}/choices?expand=${encodeURIComponent(token)}`);
    if (STACK.length !== depth) return;  // the seat went elsewhere meanwhile
    open({...q, path});
  } catch (e) {  // a stale step (the game moved on): say so and ask again from the root
    showError(e.message);
    await refresh();
  }
}

// A pick: one toggle per value, a confirm enabled only for a selection of min to max values,
// and what confirming plays, in words.
function pickPanel(top) {
  const p = top.pick;
  const box = el("div", {class: "pick", "data-testid": "pick", "data-min": p.min, "data-max": p.max});
  const line = el("div", {class: "pick-preview", "data-testid": "pick-preview"});
  const confirm = el("button", {class: "cmd confirm", "data-testid": "confirm", text: "Confirm"});
  const chosen = () => p.options.map((o, i) => i).filter(i => top.chosen.has(i));
  const update = () => {
    const idx = chosen();
    line.textContent = pickWords(top, idx.map(i => p.options[i].label));
    confirm.disabled = !(idx.length >= p.min && idx.length <= p.max);
    const n = p.min === p.max ? `${p.min}` : `${p.min} to ${p.max}`;
    confirm.title = `choose ${n} (${idx.length} chosen)`;
  };
  const toggles = el("div", {class: "options"});
  p.options.forEach((o, i) => {
    const t = el("button", {class: "cmd toggle", "data-testid": "pick-option", "data-index": i,
                            "aria-pressed": "false", text: o.label});
    t.onclick = () => {
      if (top.chosen.has(i)) top.chosen.delete(i); else top.chosen.add(i);
      t.setAttribute("aria-pressed", String(top.chosen.has(i)));
      update();
    };
    if (top.chosen.has(i)) t.setAttribute("aria-pressed", "true");
    toggles.append(t);
  });
  confirm.onclick = () => {
    const idx = chosen();
    if (idx.length < p.min || idx.length > p.max) return;
    play({...p.command, [p.field]: idx.map(i => p.options[i].value)}, top.version);
  };
  const n = p.min === p.max ? `${p.min}` : `${p.min} to ${p.max}`;
  box.append(el("div", {class: "pick-hint", text: `Choose ${n}.`}), toggles, line, confirm);
  update();
  return box;
}

// What a pick plays, in words: the verb of its question ("Which cards do you discard?" ->
// "Discard") and the chosen labels ("Discard Rage and March", "Discard nothing"), after the
// option's own words where they say something else ("End the turn: discard Rage").
function pickWords(top, labels) {
  const list = labels.length === 0 ? "nothing" : labels.length === 1 ? labels[0]
    : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
  const m = /\b(?:do|does|will|shall) (?:you|they|we) (\w+)/i.exec(top.pick.question);
  const verb = m ? m[1].toLowerCase() : "choose";
  const label = String(top.label || "").replace(/\s*…$/, "").trim();
  const first = label.split(/\s+/)[0] || "";
  if (!label || first.toLowerCase() === verb) return `${cap(verb)} ${list}`;
  return `${label}: ${verb} ${list}`;
}
const cap = s => s.charAt(0).toUpperCase() + s.slice(1);

async function takeBack(node, version) {
  showError("");
  const body = {expected_version: version};
  if (node.command && Number.isInteger(node.command.to)) body.to = node.command.to;
  try {
    await api(`/api/games/${GID}/undo`, {method: "POST", body: JSON.stringify(body)});
  } catch (e) { showError(e.message); }
  STACK = [];
  await refresh();
}

// How this game's chance is made, for every seat and spectator (rule CORE-3C): analysis mode
// with a client's seed is announced; a seat the deal waits for adds its secret on connecting.
let CONTRIBUTED = false;
function fairness(view) {
  const f = document.getElementById("fairness");
  if (view.analysis) {
    f.textContent = "Analysis mode" + (view.client_seed !== undefined
      ? ` — the seed was chosen by a client: ${view.client_seed}. Anyone can compute every hand and roll.`
      : " — undo and forced outcomes are allowed.");
  } else if ((view.awaiting || []).length) {
    f.textContent = "The deal waits for " + view.awaiting.map(seatName).join(", ") +
      " to add a secret to the game's chance.";
  } else { f.textContent = ""; }
  const m = /^seat (\d+)$/.exec(view.as || "");
  if (m && !CONTRIBUTED && (view.awaiting || []).includes(+m[1])) {
    CONTRIBUTED = true;  // once: 32 random bytes of this browser, only their hash is published
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const secret = Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
    api(`/api/games/${GID}/connect`, {method: "POST", body: JSON.stringify({contribution: secret})})
      .then(r => { sessionStorage.setItem(`contribution:${GID}`, secret); return refresh(); })
      .catch(e => { showError(e.message); });
  }
}

async function play(cmd, version) {
  showError("");
  try {
    await api(`/api/games/${GID}/commands`, {method: "POST", body: JSON.stringify({command: cmd, expected_version: version})});
  } catch (e) { showError(e.message); }
  STACK = [];  // after a play, whatever came of it, the root question again
  await refresh();
}

// The log: one line per decision (the server's entry: the command and what it caused, read as
// one sentence); an event of an entry already shown adds only its raw data under that line.
function logEvent(e) {
  const head = e.entry !== undefined && e.entry !== e.version
    ? document.querySelector(`#log [data-entry="${e.entry}"] pre`) : null;
  if (head) { head.textContent += "\n" + JSON.stringify(e, null, 1); return; }
  const line = eventEl(e.entry_text ? {...e, text: e.entry_text} : e);
  line.setAttribute("data-entry", e.version);
  document.getElementById("log").prepend(line);
}

function live() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${GID}/live?since=${SINCE}&lang=${typeof LANG === "undefined" ? "en" : LANG}` + (TOKEN ? `&token=${TOKEN}` : ""));
  ws.onmessage = async m => {
    const msg = JSON.parse(m.data);
    if (msg.event) {
      SINCE = msg.event.version;
      logEvent(msg.event);
    } else { await refresh(); }
  };
  ws.onclose = () => setTimeout(live, 1000);  // reconnect from SINCE: nothing missed, nothing twice
}

// The full state folds under its button (a disclosure: aria-expanded), folded at first. Folded,
// it is cut to no height rather than taken out of the page, so tools still read it.
for (const b of document.querySelectorAll(".fold-toggle")) {
  b.onclick = () => {
    const folded = b.parentElement.classList.toggle("folded");
    b.setAttribute("aria-expanded", String(!folded));
  };
}

(async () => {
  CARDS = (await api(`/api/games/${GID}/cards`)).cards;
  await refresh();
  live();
})();
