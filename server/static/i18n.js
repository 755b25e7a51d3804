// The page's language (issue 28 item 11): ?lang=en|de, English by default, remembered in
// localStorage. The server makes its words in it (common.js's api() asks with lang=); the
// page's own words (headings, buttons, hints) are said here: exact texts from UI_DE, then
// the patterns of UI_DE_PATTERNS, on every text node and accessible name as it appears.
"use strict";
const LANGS = ["en", "de"];
const LANG = (() => {
  const asked = new URLSearchParams(location.search).get("lang");
  let lang = null;
  try { lang = localStorage.getItem("runeledger.lang"); } catch { /* private mode: not remembered */ }
  if (LANGS.includes(asked)) {
    lang = asked;
    try { localStorage.setItem("runeledger.lang", asked); } catch { /* not remembered */ }
  }
  return LANGS.includes(lang) ? lang : "en";
})();
document.documentElement.lang = LANG;

const UI_DE = {
  "Table": "Tisch", "Board": "Spielplan", "Your area": "Dein Bereich", "Your decision": "Deine Entscheidung",
  "Players": "Spieler", "Log": "Protokoll", "Full state": "Vollständiger Zustand", "Event": "Ereignis",
  "replay": "Wiederholung", "Replay": "Wiederholung", "lobby": "Lobby", "Confirm": "Bestätigen",
  "← Back": "← Zurück", "Back to the previous question": "Zurück zur vorigen Frage", "cancel": "abbrechen",
  "Your turn": "Du bist am Zug", "Your turn (and others')": "Du bist am Zug (und andere)",
  "Waiting…": "Warten…", "Game over": "Spielende", "You watch this game.": "Du schaust diesem Spiel zu.",
  "Runeledger table": "Runeledger-Tisch", "Runeledger lobby": "Runeledger-Lobby",
  "Runeledger replay": "Runeledger-Wiederholung", "New game": "Neues Spiel", "Game": "Spiel",
  "Seats": "Plätze", "Options": "Optionen", "Chance": "Zufall", "Seed": "Startwert", "random": "zufällig",
  "Fair deal": "Faires Mischen", "Analysis mode": "Analysemodus", "Create game": "Spiel erstellen",
  "Games": "Spiele", "State": "Stand", "Open": "Öffnen", "Spectate": "Zuschauen",
  "This game has no options.": "Dieses Spiel hat keine Optionen.", "a player": "ein Mensch",
  "Referee (replay, everything)": "Schiedsrichter (Wiederholung, alles)",
  "deal once every player added a secret": "erst mischen, wenn jeder ein Geheimnis beigesteuert hat",
  "the seed above decides all chance, shown to everyone": "der Startwert oben entscheidet allen Zufall, für alle sichtbar",
  "outside analysis mode only mixed into the server's own seed": "außerhalb des Analysemodus nur dem Startwert des Servers beigemischt",
  "What happened": "Was geschah", "Board at this event": "Spielplan bei diesem Ereignis",
  "State at this event": "Stand bei diesem Ereignis", "Audit of this event": "Prüfung dieses Ereignisses",
  "Decisions (undo points)": "Entscheidungen (Rücknahmepunkte)", "event": "Ereignis", "of": "von",
  "Sea zones": "Seezonen", "sea zone": "Seezone", "fleets": "Flotten", "gold": "Gold", "units": "Einheiten",
  "none": "keine", "places as a list": "Orte als Liste", "Territories": "Gebiete", "stand-in": "Platzhalter",
  "Nothing to decide now.": "Jetzt nichts zu entscheiden.", "Language": "Sprache",
  "Village": "Dorf", "diseases": "Krankheiten", "face down": "verdeckt", "empty": "leer",
  "to act": "am Zug", "thinking…": "überlegt…", "hidden": "verdeckt",
};
const UI_DE_PATTERNS = [
  [/\bSeat (\d+)/g, "Platz $1"],
  [/ to act$/, " am Zug"], [/ \(bot\) thinking…$/, " (Bot) überlegt…"], [/ thinking…$/, " überlegt…"],
  [/^rank (\d+)/, "Rang $1"], [/^light penalty: /, "Lichtmalus: "],
  [/ — (\d+) card\(s\), public$/, " — $1 Karte(n), offen"], [/ — (\d+) card\(s\), owner$/, " — $1 Karte(n), für den Besitzer"],
  [/ — (\d+) card\(s\), hidden$/, " — $1 Karte(n), verdeckt"], [/\b(\d+) card\(s\)/g, "$1 Karte(n)"],
  [/, the top one /, ", oben "], [/\b(\d+) face down$/, "$1 verdeckt"], [/\b(\d+) token\(s\) face down/, "$1 Plättchen verdeckt"],
  // a card's values, as common.js's cardEl writes them: "(cost 3, gold 2, light 1)"
  [/\blevel up xp (\d+)/g, "EP für Aufstieg $1"], [/\bmagic attack (\d+)/g, "magischer Angriff $1"],
  [/\bcost (\d+)/g, "Kosten $1"], [/\bstrength (\d+)/g, "Stärke $1"], [/\blevel (\d+)/g, "Stufe $1"],
  [/\battack (\d+)/g, "Angriff $1"], [/\blight (\d+)/g, "Licht $1"], [/\bweight (\d+)/g, "Gewicht $1"],
  [/\bhealth (\d+)/g, "Lebenspunkte $1"], [/\bgold (\d+)/g, "Gold $1"], [/\bxp (\d+)/g, "EP $1"], [/\bvp (\d+)/g, "SP $1"],
  [/\bstand-in\b/g, "Platzhalter"],
  [/^Join as (.+)$/, "Beitreten als $1"],
  [/^My seat: (.+)$/, "Mein Platz: $1"],
  [/^Choose (\d+)\.$/, "Wähle $1."],
  [/^(.+) is thinking…$/, "$1 überlegt…"],
  [/^Game over — winner\(s\): (.*)$/, "Spielende — gewonnen: $1"],
  [/\bbot: /, "Bot: "],
  [/^(\d+) face down$/, "$1 verdeckt"],
  [/^The deal waits for /, "Das Mischen wartet auf "],
  [/ \(you\)$/, " (du)"],
  [/: any of them$/, ": beliebig viele davon"],
  // a bot seat's strength (lobby.js strengthField; the words of bots/strength.py's levels)
  [/^quick: a quarter of the standard's thinking/, "schnell: ein Viertel der Standard-Bedenkzeit"],
  [/^standard: the strength the bot benchmarks measure/, "Standard: die Stärke, die die Bot-Messungen messen"],
  [/^deep: four times the standard's thinking/, "gründlich: viermal die Standard-Bedenkzeit"],
  [/^deepest: sixteen times the standard's thinking, for studies more than play/,
   "am gründlichsten: sechzehnmal die Standard-Bedenkzeit, eher für Studien als zum Spielen"],
  [/\((\d+) search iterations a decision\)$/, "($1 Suchdurchläufe je Entscheidung)"],
  [/\((\d+) candidate turns a plan\)$/, "($1 erwogene Züge je Plan)"],
  [/: how hard the bot thinks$/, ": wie gründlich der Bot nachdenkt"],
  [/ bot \((quick|deep|deepest)\)$/, (m, k) => ` Bot (${{quick: "schnell", deep: "gründlich", deepest: "am gründlichsten"}[k]})`],
];

function say(text) {
  if (LANG !== "de" || typeof text !== "string") return text;
  const core = text.trim();
  if (!core) return text;
  if (Object.prototype.hasOwnProperty.call(UI_DE, core)) return text.replace(core, UI_DE[core]);
  let out = text;
  for (const [re, to] of UI_DE_PATTERNS) out = out.replace(re, to);
  return out;
}

function sayTree(root) {
  if (LANG !== "de" || !root) return;
  if (root.nodeType === Node.TEXT_NODE) {
    const t = say(root.nodeValue);
    if (t !== root.nodeValue) root.nodeValue = t;
    return;
  }
  if (root.nodeType !== Node.ELEMENT_NODE) return;
  for (const a of ["aria-label", "title", "placeholder"]) {
    const v = root.getAttribute(a);
    if (v) { const t = say(v); if (t !== v) root.setAttribute(a, t); }
  }
  for (const kid of root.childNodes) sayTree(kid);
}

// A small switch in the page's corner (data-testid="lang"): the choice is remembered.
function langSwitch() {
  const box = document.createElement("nav");
  box.className = "lang";
  box.style.cssText = "font-size:.8em;margin-left:.8em";
  box.setAttribute("data-testid", "lang");
  box.setAttribute("aria-label", "Language");
  for (const l of LANGS) {
    const a = document.createElement("a");
    const q = new URLSearchParams(location.search);
    q.set("lang", l);
    a.href = `${location.pathname}?${q}`;
    a.textContent = l.toUpperCase();
    a.setAttribute("hreflang", l);
    if (l === LANG) a.setAttribute("aria-current", "true");
    box.append(a, " ");
  }
  return box;
}

document.addEventListener("DOMContentLoaded", () => {
  (document.querySelector("header") || document.body).append(langSwitch());
  document.title = say(document.title);
  sayTree(document.body);
  if (LANG !== "de") return;
  new MutationObserver(changes => {
    for (const c of changes) {
      if (c.type === "characterData") sayTree(c.target);
      else if (c.type === "attributes") sayTree(c.target.nodeType === Node.ELEMENT_NODE ? c.target : null);
      for (const n of c.addedNodes || []) sayTree(n);
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true,
    attributes: true, attributeFilter: ["aria-label", "title", "placeholder"]});
});
