// The live table for one seat (or a spectator without a token): renders the seat's view,
// offers each legal command as a button and follows the live feed.
"use strict";
const GID = location.pathname.split("/")[2];
let CARDS = {}, SINCE = 0;
document.getElementById("replay").href = `/games/${GID}/replay` + (TOKEN ? `?token=${TOKEN}` : "");

async function refresh() {
  const v = await api(`/api/games/${GID}/view`);
  const view = v.view;
  document.getElementById("title").textContent = `${view.ruleset} — ${GID}`;
  document.getElementById("who").textContent =  // "seat 0" -> "Seat 1"
    (view.as || "referee").replace(/^seat (\d+)$/, (_, n) => seatName(+n));
  document.getElementById("version").textContent = v.version;
  fairness(view);
  document.getElementById("prompts").replaceChildren(...v.prompts.map(p =>
    el("div", {text: `${seatName(p.seat)} to act: ${p.kind} [rule ${p.rule}] ${p.detail || ""}`})));
  const cmds = Array.isArray(v.legal) ? v.legal : [];
  const previews = Array.isArray(v.previews) ? v.previews : [];
  const labels = Array.isArray(v.labels) ? v.labels : [];  // the game's words for each command
  document.getElementById("commands").replaceChildren(...cmds.map((c, i) => {
    const b = el("button", {class: "cmd", "data-command": JSON.stringify(c), text: labels[i] || cmdLabel(c)});
    if (previews[i]) {  // the game's words preview: a price, a battle's totals
      b.setAttribute("data-preview", previews[i]);
      b.append(el("small", {class: "preview", text: previews[i]}));
    }
    b.onclick = () => play(c, v.version);
    return b;
  }));
  const map = renderBoard(view, cmds, labels, c => play(c, v.version));  // a hex map, places
  document.getElementById("map").replaceChildren(...(map ? [map] : []));
  document.getElementById("board").replaceChildren(renderZones(view.zones || {}, CARDS, v.zone_labels || {}));
  document.getElementById("game").replaceChildren(renderValue(view.game, CARDS),
    el("details", {class: "raw"}, el("summary", {text: "as data"}),
      el("pre", {text: JSON.stringify(view.game, null, 1)})));
  const res = document.getElementById("result");
  if (view.over) {
    res.replaceChildren(el("h2", {"data-testid": "result",
      text: `Game over — winner(s): ${(view.winners || []).map(seatName).join(", ") || "none"}` +
            ` · scores ${JSON.stringify(view.scores)}`}));
  }
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
      .catch(e => { document.getElementById("error").textContent = e.message; });
  }
}

async function play(cmd, version) {
  document.getElementById("error").textContent = "";
  try {
    await api(`/api/games/${GID}/commands`, {method: "POST", body: JSON.stringify({command: cmd, expected_version: version})});
  } catch (e) { document.getElementById("error").textContent = e.message; }
  await refresh();
}

function live() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${GID}/live?since=${SINCE}` + (TOKEN ? `&token=${TOKEN}` : ""));
  ws.onmessage = async m => {
    const msg = JSON.parse(m.data);
    if (msg.event) {
      SINCE = msg.event.version;
      document.getElementById("log").prepend(eventEl(msg.event));
    } else { await refresh(); }
  };
  ws.onclose = () => setTimeout(live, 1000);  // reconnect from SINCE: nothing missed, nothing twice
}

(async () => {
  CARDS = (await api(`/api/games/${GID}/cards`)).cards;
  await refresh();
  live();
})();
