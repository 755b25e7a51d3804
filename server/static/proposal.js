// Set-up at human speed (GET/POST /api/games/{id}/proposal, engine/proposal.py): beside placing
// one by one, the seat may "place the rest as suggested". The bot's proposal is listed in words
// and drawn on the map of places (a dashed gold ring per proposed place, its step numbers on
// it); a step picked in the list and then a place clicked on the map changes that step; accepting
// stores the steps as the seat's ordinary commands, "Dismiss" goes on one by one. Needs
// common.js (el, api), board.js (svg) and table.js (GID, refresh, showError) loaded first.
"use strict";
let PROPOSAL = null;  // {version, steps, changes: Map(step -> command), picked: step index | null}
let PROPOSAL_DISMISSED = null;  // the version at which the seat dismissed it

async function proposalBox(v) {
  let box = document.getElementById("proposal");
  if (!box) {
    box = el("div", {id: "proposal", "data-testid": "proposal", role: "region", "aria-label": "Suggested set-up"});
    document.getElementById("choices").after(box);
  }
  if (v.planned && !v.proposal) {  // accepted: its steps wait for the seat's next turns
    box.hidden = false;
    box.replaceChildren(el("div", {"data-testid": "planned",
      text: `Set-up as suggested: ${v.planned} step${v.planned === 1 ? "" : "s"} to be placed on your next turns.`}));
    return;
  }
  if (v.proposal && PROPOSAL_DISMISSED !== null) {  // dismissed: one line to ask for it again
    const again = el("button", {class: "cmd", "data-testid": "proposal-again", text: "Suggest the rest of my set-up"});
    again.onclick = () => { PROPOSAL_DISMISSED = null; refresh(); };
    box.hidden = false;
    box.replaceChildren(again);
    return;
  }
  if (!v.proposal) { box.replaceChildren(); box.hidden = true; return; }
  if (!PROPOSAL || PROPOSAL.version !== v.version) {
    const got = await api(`/api/games/${GID}/proposal`);
    if (got.version !== v.version) return;  // the game moved on meanwhile: the next refresh asks again
    PROPOSAL = {...got, changes: new Map(), picked: null};
  }
  if (!PROPOSAL.steps.length) { box.replaceChildren(); box.hidden = true; return; }
  box.hidden = false;
  drawProposal(box);
}

const stepCommand = i => PROPOSAL.changes.get(i) || PROPOSAL.steps[i].command;
const placesOf = cmd => Object.entries(cmd).filter(([k, x]) => k !== "kind" && typeof x === "string").map(([, x]) => x);

function drawProposal(box) {
  const n = PROPOSAL.steps.length;
  const accept = el("button", {class: "cmd", "data-testid": "proposal-accept",
    text: `Place the rest as suggested (${n} step${n === 1 ? "" : "s"})`});
  accept.onclick = acceptProposal;
  const dismiss = el("button", {class: "cmd", "data-testid": "proposal-dismiss", text: "Dismiss: place one by one"});
  dismiss.onclick = () => { PROPOSAL_DISMISSED = PROPOSAL.version; refresh(); };
  const list = el("ol", {"data-testid": "proposal-steps", class: "proposal-steps"});
  PROPOSAL.steps.forEach((s, i) => {
    const changed = PROPOSAL.changes.has(i);
    const words = changed ? `${s.label} → changed: ${placesOf(stepCommand(i)).join(", ")}` : s.label;
    const li = el("li", {"data-step": i, tabindex: "0", role: "button",
      "aria-pressed": String(PROPOSAL.picked === i), class: changed ? "changed" : "", text: words});
    if (!s.now) li.title = "played when your turn comes again";
    li.onclick = () => { PROPOSAL.picked = PROPOSAL.picked === i ? null : i; drawProposal(box); };
    li.onkeydown = ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); li.onclick(); } };
    list.append(li);
  });
  const hint = PROPOSAL.picked === null
    ? "Pick a step to change it, then click its new place on the map."
    : `Click the new place of step ${PROPOSAL.picked + 1} on the map.`;
  box.replaceChildren(el("div", {class: "question", text: "Suggested set-up"}),
    el("div", {class: "pick-hint", text: hint}), accept, dismiss, list);
  markMap();
}

// The proposed places on the map: a dashed ring, the step numbers beside it.
function markMap() {
  const map = document.querySelector("#map svg.placemap");
  if (!map) return;
  map.querySelectorAll(".proposed").forEach(m => m.remove());
  const at = new Map();
  PROPOSAL.steps.forEach((s, i) => {
    for (const p of placesOf(stepCommand(i))) at.set(p, [...(at.get(p) || []), i + 1]);
  });
  for (const [place, steps] of at) {
    const g = map.querySelector(`g.place[data-place="${CSS.escape(place)}"]`);
    if (!g) continue;
    const b = g.getBBox();
    const [cx, cy] = [b.x + b.width - 6, b.y + 6];
    g.append(svg("g", {class: "proposed", "data-testid": "proposed", "data-steps": steps.join(" ")},
      svg("title", {}, `suggested: step${steps.length > 1 ? "s" : ""} ${steps.join(", ")}`),
      svg("circle", {cx, cy, r: 10, fill: "#fff8d6", stroke: "#b8860b", "stroke-width": 2.5, "stroke-dasharray": "3 2"}),
      svg("text", {x: cx, y: cy + 3.5, "text-anchor": "middle", "font-size": 9, "font-weight": "bold", fill: "#7a5a00"},
        steps.length > 1 ? `${steps.length}×` : String(steps[0]))));
  }
  if (!map.dataset.proposalClicks) {  // a picked step takes the place clicked next, before any play
    map.dataset.proposalClicks = "1";
    map.addEventListener("click", ev => {
      if (!PROPOSAL || PROPOSAL.picked === null) return;
      const g = ev.target.closest("g.place[data-place]");
      if (!g) return;
      ev.stopPropagation();
      ev.preventDefault();
      const i = PROPOSAL.picked, cmd = PROPOSAL.steps[i].command;
      const key = Object.keys(cmd).find(k => k !== "kind" && typeof cmd[k] === "string");
      if (key) PROPOSAL.changes.set(i, {...cmd, [key]: g.getAttribute("data-place")});
      PROPOSAL.picked = null;
      drawProposal(document.getElementById("proposal"));
    }, true);
  }
}

async function acceptProposal() {
  showError("");
  const changes = Object.fromEntries([...PROPOSAL.changes].map(([i, c]) => [String(i), c]));
  try {
    await api(`/api/games/${GID}/proposal`, {method: "POST",
      body: JSON.stringify({expected_version: PROPOSAL.version, changes})});
  } catch (e) { showError(e.message); }
  PROPOSAL = null;
  STACK = [];
  await refresh();
}
