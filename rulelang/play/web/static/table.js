// The table page: one seat's view of a game (or the spectator's), live over a WebSocket.
// The page's address holds the seat's token; everything it shows comes from the server's
// messages: {"type": "state", version, answered, you, players, team, failure, view, result,
// campaign},
// {"type": "refused", reason} and {"type": "why", move, reason} (a tap on no move). Moves go back as {"move": NOTATION, "version": N}.
import {el, sortView, drawTable, zoneBlock, drawValue, plainText, seatColour, seatIndex,
        tintColour, titleOf, redraw} from "./draw.js";
import {drawGrid} from "./grid.js";
import {addRuleWhy, addWhy, closeRules, openRules} from "./teach.js";
import {deciding, drawDecision} from "./decide.js";
import {drawCampaign} from "./campaign.js";
import {$, TAP_GUARD_MS, connected, isMyMove, state, toast} from "./page.js";

// ------------------------------------------------------------------ the connection
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${location.pathname.replace(/\/$/, "")}/ws`);
  state.socket = socket;
  socket.addEventListener("open", () => { state.retry = 500; setStatus("live"); });
  socket.addEventListener("message", event => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    setStatus("reconnecting");
    state.sending = false;
    setTimeout(connect, state.retry);
    state.retry = Math.min(state.retry * 2, 8000);
  });
}

function setStatus(text) {
  const node = $("status");
  node.textContent = text === "live" ? "● live" : "○ reconnecting…";
  node.className = `status ${text}`;
}

// What answers the page's own tap is drawn with its taps held off a moment (page.js):
// the moment starts now, and the page is drawn again when it is over.
function armed() {
  state.drawnAt = performance.now();
  document.body.dataset.arming = "yes";  // (for scripts driving the page: tests wait)
  clearTimeout(armed.timer);
  armed.timer = setTimeout(() => {
    delete document.body.dataset.arming;
    if (state.message) { drawDecision(state.message); drawCampaign(state.message); }
  }, TAP_GUARD_MS);
}

function receive(message) {
  const answer = state.sending;  // an answer to this page's own move (or a state after it)
  if (message.type === "ending") {
    if (message.move !== state.trying || !state.message || message.version !== state.message.version) return;
    state.trying = null;
    if (message.ending || message.confirm) {  // the move ends the game, or the rules ask
      state.sending = false;                   // to confirm it: said before it is played
      state.warning = {move: message.move, ending: message.ending, confirm: message.confirm};
      armed();
      drawDecision(state.message);
    } else {
      play(message.move);
    }
    return;
  }
  if (message.type === "why") {  // a card or cell tapped that no move names: why not
    if (!message.reason || !state.message || message.version !== state.message.version) return;
    state.refusal = {move: message.move, reason: message.reason, why: message.why};
    armed();
    drawDecision(state.message);
    return;
  }
  if (message.type === "refused") {
    state.sending = false;
    state.refusal = {move: message.move, reason: message.reason, why: message.why};
    toast(message.reason);
    if (answer) armed();
    if (state.message) drawDecision(state.message);
    return;
  }
  if (message.type !== "state") return;
  const first = state.message === null;
  const moved = !first && (message.version !== state.message.version ||
    answeredKey(message) !== answeredKey(state.message));  // (an answer in a simultaneous choice)
  state.message = message;
  state.sending = false;
  if (moved || first) { state.selection = null; state.refusal = null; state.warning = null; }
  if (moved && answer) armed();
  if (message.again && state.askedAgain) { location.href = message.again; return; }
  if (first) state.logSeen = message.view.log.length;
  draw(message);
  document.body.dataset.version = message.version;  // for scripts driving the page (tests)
  if (state.queued) {  // clicked while the connection was down
    const queued = state.queued;
    state.queued = null;
    if (queued.version === message.version) send(queued.move);
    else toast(`The game moved on while the connection was down: '${queued.move}' was not played.`);
  }
}

function answeredKey(message) {
  return (message.answered || []).join(" ");
}

// A move chosen: first asked about (does it end the game?), then played.
function send(move) {
  if (state.sending) return;
  if (!connected()) {
    state.queued = {move, version: state.message.version};
    toast(`Reconnecting: '${move}' is played as soon as the connection is back.`);
    return;
  }
  state.sending = true;
  state.trying = move;
  state.socket.send(JSON.stringify({try: move, version: state.message.version}));
  drawDecision(state.message);
}

// Why a card or cell that no move names is not one (answered by a "why" message).
function ask(move) {
  if (!connected() || state.sending) return;
  state.socket.send(JSON.stringify({why: move, version: state.message.version}));
}

function play(move) {
  if (!connected()) { state.sending = false; send(move); return; }
  const shown = state.sending && !state.warning;  // (asked about first: drawn as sending)
  state.sending = true;
  state.warning = null;
  state.socket.send(JSON.stringify({move, version: state.message.version}));
  if (!shown) drawDecision(state.message);
}

// ------------------------------------------------------------------ drawing everything
function kindText(kind) {
  if (!kind) return "";
  return kind === "human" ? "person" : `${kind} bot`;
}

function draw(message) {
  const view = message.view;
  const parts = sortView(view);
  drawHeader(message);
  drawOutcome(message);
  drawCampaign(message);
  drawBoard(message, parts);
  drawPlayers(message, parts);
  drawFacts(parts);
  drawLegend(view);
  const grew = drawLog(message);
  drawDecision(message);
  // scrolled once all is drawn: reading the list's height lays the page out, once
  if (grew) $("loglines").scrollTop = $("loglines").scrollHeight;
}

function drawHeader(message) {
  const view = message.view;
  $("title").textContent = view.game;
  // the options that apply, by their labels (view.option_labels)
  const labels = view.option_labels || Object.fromEntries(Object.keys(view.options).map(k => [k, k.replace(/_/g, " ")]));
  const options = Object.entries(labels).map(([k, label]) => `${label} ${plainText(view.options[k])}`);
  $("options").textContent = options.join(" · ");
  const who = document.createDocumentFragment();
  if (message.you) {
    const chip = el("span", "chip", message.you);
    chip.style.setProperty("--seat", seatColour(view.seat));  // (a seat's view says its number)
    who.append("You are ", chip);
  } else {
    who.append(el("span", "chip spectator", "spectator"), " public information only");
  }
  redraw($("whoami"), who);
  $("record-link").hidden = !message.you;
  const mine = isMyMove(message);
  document.title = `${mine ? "(your move) " : ""}${view.game}${message.you ? " · " + message.you : ""}`;
}

function drawOutcome(message) {
  const view = message.view;
  const box = $("outcome");
  box.replaceChildren();
  if (message.failure) {
    box.hidden = false;
    box.className = "banner failure";
    box.append(el("strong", null, "The game stopped: the rules failed."), el("p", null, message.failure));
    return;
  }
  if (!view.over || !view.outcome) { box.hidden = true; return; }
  box.hidden = false;
  const again = el("p", "again");
  if (message.campaign) {
    // a campaign goes on at this table: its panel offers the next game
  } else if (message.again) {
    const link = el("a", null, "open the new game");
    link.href = message.again;
    again.append("A new game with these settings is ready: ", link);
  } else if (message.you) {
    const button = el("button", "againbutton", "Play again with these settings");
    button.type = "button";
    button.addEventListener("click", () => {
      if (!connected()) { toast("Reconnecting: try again in a moment."); return; }
      state.askedAgain = true;
      button.disabled = true;
      state.socket.send(JSON.stringify({again: true}));
    });
    again.append(button);
  }
  const outcome = view.outcome;
  const me = message.you ? Number(view.seat) : null;
  const winners = (outcome.winners || []).map(Number);
  let headline = "Game over";
  let mood = "neutral";
  if (outcome.result === "draw") headline = "A draw";
  else if (me !== null && winners.includes(me)) { headline = outcome.result === "win" && winners.length > 1 ? "You win, together!" : "You win!"; mood = "won"; }
  else if (me !== null) { headline = outcome.result === "loss" ? "Lost" : "You lose"; mood = "lost"; }
  box.className = `banner ${mood}`;
  box.append(el("strong", "headline", headline));
  if (message.result) box.append(el("p", "result", message.result));
  const scores = el("div", "scores");
  const entries = Object.entries(outcome.scores || {});
  const scoreWhy = data => data && data.ending ? data.ending.score : null;
  if (message.team && entries.length) {  // a cooperative game: one score, the team's
    scores.append(scoreItem(el("span", "chip", "the team"), entries[0][1], outcome.result === "win", scoreWhy));
  }
  else for (const [seat, score] of entries) {
    const chip = el("span", "chip", view.seats[seat] || seat);
    chip.style.setProperty("--seat", seatColour(seat));
    scores.append(scoreItem(chip, score, winners.includes(Number(seat)), scoreWhy));
  }
  box.append(scores);
  const reports = Object.entries(outcome).filter(([key]) => !OUTCOME_KEYS.has(key));
  if (reports.length) {  // each `report "NAME" = VALUE` of the rules, by its name
    const list = el("ul", "reports");
    for (const [name, value] of reports) {
      const item = el("li", null, `${name}: ${plainText(value, view.seats)}`);
      addRuleWhy(item, data => data && data.ending ? data.ending.reports[name] : null,
                 `how the rules work out ${name}`);
      list.append(item);
    }
    box.append(list);
  }
  if (again.childNodes.length) box.append(again);
}

const OUTCOME_KEYS = new Set(["scores", "winners", "result", "reason", "tiebreak"]);

// A seat's (or the team's) score: "score N", the word "winner" for a winner (no symbol a
// game could use for something of its own), and the rule that counts it.
function scoreItem(chip, score, won, scoreWhy) {
  const item = el("span", `score${won ? " winner" : ""}`);
  item.append(chip, ` score ${plainText(score)}`);
  if (won) item.append(" ", el("span", "tag won", "winner"));
  addRuleWhy(item, scoreWhy, "how the rules count the score");
  return item;
}

function decisionCells(view) {
  const d = view.decision;
  return d && d.cells ? Object.values(d.cells).flat() : [];
}

function drawBoard(message, parts) {
  const board = document.createDocumentFragment();
  const view = message.view;
  for (const part of parts.grids) {
    const block = drawGrid(part, decisionCells(view));
    block.dataset.zone = part.zone.id;
    board.append(block);
  }
  for (const part of parts.tables) {
    const table = drawTable(part);
    if (table) board.append(table);
  }
  const loose = el("div", "loose");
  // an empty pile or row of its own says nothing (as at the terminal): left out
  for (const zone of parts.loose) if (zone.cards.length) loose.append(zoneBlock(titleOf(zone), zone));
  if (loose.children.length) board.append(loose);
  redraw($("board"), board);
}

function drawPlayers(message, parts) {
  const view = message.view;
  const box = document.createDocumentFragment();
  const me = message.you;
  const order = Object.entries(view.seats).sort(([, a], [, b]) => (b === me) - (a === me));
  const deciding = view.decision ? Number(view.decision.seat) : null;
  for (const [index, name] of order) {
    const panel = el("section", "seat");
    panel.style.setProperty("--seat", seatColour(index));
    if (name === me) panel.classList.add("me");
    if (deciding === Number(index) && !view.over) panel.classList.add("deciding");
    const head = el("h3");
    head.append(el("span", "chip", name));
    const kind = kindText(message.players[name]);
    if (name === me) head.append(el("span", "tag", "you"));
    else if (kind) head.append(el("span", "tag", kind));
    if (deciding === Number(index) && !view.over) head.append(el("span", "tag turn", "to move"));
    else if ((message.answered || []).includes(name)) head.append(el("span", "tag chosen", "has chosen"));
    if (view.outcome && view.outcome.scores && view.outcome.scores[index] !== undefined) {
      head.append(el("span", "tag score", `score ${view.outcome.scores[index]}`));
    }
    panel.append(head);
    const facts = el("dl", "facts");
    for (const fact of parts.seatFacts) {
      if (!(name in fact.values) || fact.values[name] === null) continue;
      facts.append(el("dt", null, fact.label));
      const dd = el("dd");
      dd.append(drawValue(fact.values[name], fact.seatNames));
      facts.append(dd);
    }
    if (facts.children.length) panel.append(facts);
    for (const family of parts.perSeat) {
      const zone = family.zones[name];
      if (zone) panel.append(zoneBlock(family.title, zone, {size: name === me ? "" : "small"}));
    }
    if (panel.children.length > 1 || name in message.players) box.append(panel);
  }
  redraw($("players"), box);
}

function drawFacts(parts) {
  const shown = $("facts");
  shown.hidden = !parts.facts.length;
  if (!parts.facts.length) { shown.replaceChildren(); return; }
  const box = document.createDocumentFragment();
  box.append(el("h2", null, "On the table"));
  const list = el("dl", "facts");
  for (const fact of parts.facts) {
    list.append(el("dt", null, fact.label));
    const dd = el("dd");
    dd.append(drawValue(fact.value, fact.seatNames));
    list.append(dd);
  }
  box.append(list);
  redraw(shown, box);
}

// What the symbols and tints mean, when the rules say (symbol ... means "...").
function drawLegend(view) {
  const meanings = new Map();
  for (const zone of Object.values(view.zones)) {
    for (const card of zone.cards) {
      for (const [key, hint] of [["symbol_means", "symbol"], ["tint_means", "tint"],
                                 ["edges_means", "edges"]]) {
        if (!card[key]) continue;
        if (!meanings.has(card[key])) meanings.set(card[key], {symbols: new Set(), tints: new Set()});
        const entry = meanings.get(card[key]);
        if (hint === "symbol" && card.symbol) entry.symbols.add(card.symbol);
        if (hint === "edges") entry.symbols.add("edges");
        else if (card.tint) entry.tints.add(card.tint);
      }
    }
  }
  const shown = $("legend");
  shown.hidden = meanings.size === 0;
  if (!meanings.size) { shown.replaceChildren(); return; }
  const box = document.createDocumentFragment();
  box.append(el("h2", null, "Legend"));
  const list = el("ul");
  for (const [meaning, entry] of meanings) {
    const item = el("li");
    for (const tint of [...entry.tints].slice(0, 6)) {
      const swatch = el("span", "swatch");
      swatch.style.setProperty("--tint", tintColour(tint));
      item.append(swatch);
    }
    const symbols = [...entry.symbols].slice(0, 4).join(" ");
    if (symbols) item.append(el("code", null, symbols + (entry.symbols.size > 4 ? " …" : "")));
    item.append(" ", meaning);
    list.append(item);
  }
  box.append(list);
  redraw(shown, box);
}

// The transcript grows line by line, but a line may also change (a move that named a
// hidden card can be shown once the card is out): only lines that differ are redrawn.
// True if the list is to be scrolled to its end (it grew, or is drawn the first time).
function drawLog(message) {
  const view = message.view;
  const list = $("loglines");
  const shown = list.children;
  const grew = view.log.length !== state.logSeen;
  const origins = view.log_at || [];
  view.log.forEach((line, i) => {
    if (i < shown.length && shown[i].dataset.line === line) return;
    const item = logLine(view, line);
    addWhy(item, origins[i]);
    if (i >= state.logSeen) item.classList.add("new");
    if (i < shown.length) list.replaceChild(item, shown[i]);
    else list.append(item);
  });
  while (shown.length > view.log.length) list.lastChild.remove();
  // a decision the rules' next line says better ("P1 > observe a card: G5", then "P1 observes
  // G5: a fox") is left out, as at the terminal: the line after it names the move
  view.log.forEach((line, i) => shown[i].classList.toggle("restated", restated(view, line,
    view.log[i + 1] || "")));
  state.logSeen = view.log.length;
  const scroll = grew || !list.dataset.drawn;
  list.dataset.drawn = "yes";
  return scroll;
}

function restated(view, line, after) {
  const choice = /^(\S+) > (.*)$/.exec(line);
  if (!choice || seatIndex(view, choice[1]) === null) return false;
  const move = choice[2].slice(choice[2].lastIndexOf(": ") + 2);
  return Boolean(move) && choice[2].includes(": ") && after.startsWith(`${choice[1]} `) &&
    !after.startsWith(`${choice[1]} > `) && after.includes(`${move}: `);
}

function logLine(view, line) {
  const item = el("li");
  item.dataset.line = line;
  if (line.startsWith("-- ")) item.className = "header";
  else if (line.startsWith("== ")) item.className = "end";
  const choice = /^(\S+) > (.*)$/.exec(line);
  const seat = choice ? seatIndex(view, choice[1]) : null;
  if (seat !== null) {
    const chip = el("span", "chip", choice[1]);
    chip.style.setProperty("--seat", seatColour(seat));
    item.append(chip, " ", choice[2]);
    item.classList.add("choice");
  } else {
    item.textContent = line.replace(/^-- (.*) --$/, "$1");
  }
  return item;
}

function links() {
  const here = location.pathname.replace(/\/$/, "");
  $("transcript-link").href = `${here}/transcript.txt`;
  $("record-link").href = `${here}/record.json`;
}

links();
$("rules-open").addEventListener("click", openRules);
$("rules-close").addEventListener("click", closeRules);
$("rulesbox").addEventListener("click", event => { if (event.target.id === "rulesbox") closeRules(); });
document.addEventListener("keydown", event => { if (event.key === "Escape") closeRules(); });
deciding({send, play, ask});
connect();
