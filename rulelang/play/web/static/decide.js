// The table page's deciding half: the prompt, the moves as buttons, the board's cards and
// cells that stand for moves, and the bars that confirm, warn and say why a move was
// refused. Moves go out through the page's send and play (given once: deciding()).
import {el, moveLabel, seatColour, seatIndex} from "./draw.js";
import {parseCell} from "./grid.js";
import {$, arming, isMyMove, state, tapped} from "./page.js";
import {whyBlock} from "./teach.js";

const MANY_MOVES = 60;   // more moves than this: pick from a filtered list, not buttons
const FEW_NUMBERS = 12;  // more whole numbers than this: a slider and a box (numberPicker)
const WHOLE = /^-?[0-9]+$/;  // a move that is a whole number
const TYPED_WHOLE = /^[-+]?[0-9]+$/;  // a whole number as typed (leading zeros, a sign)
let send = null, play = null, ask = null;  // the page's: a move asked about first, or
// played; a card or cell that no move names, asked why not

// The page's ways to send a move, given once before anything is drawn.
export function deciding(actions) {
  ({send, play, ask} = actions);
}

// Board targets: which moves a card or a cell on the board stands for.
function targets(view) {
  const d = view.decision;
  const moves = d && d.moves ? d.moves : [];
  const placements = d && d.cells ? d.cells : {};
  // moves that name cells among other things ("G8 90": a tile at G8 turned; "A2 A3": a
  // step): kept as buttons, and their cells marked, a tap choosing among them there
  const at = d && d.at ? d.at : {};
  const byCard = new Map(), byCell = new Map();
  const notCards = new Set(d && d.not_cards ? d.not_cards : []);  // a row 2, not the card "2"
  for (const move of moves) {
    if (notCards.has(move)) continue;  // a button only
    const covered = placements[move] || at[move];
    if (covered) {
      for (const cell of covered) {
        if (!byCell.has(cell)) byCell.set(cell, []);
        byCell.get(cell).push(move);
      }
    } else if (parseCell(move)) {
      byCell.set(move, [move]);
    } else {
      byCard.set(move, [move]);
    }
  }
  return {moves, placements, at, byCard, byCell};
}

export function drawDecision(message) {
  const view = message.view;
  const box = $("decision");
  box.replaceChildren();
  document.querySelectorAll(".target, .selected, .preview").forEach(n =>
    n.classList.remove("target", "selected", "preview"));
  // (the board keeps the nodes that did not change: what they stood for is set anew below)
  $("main").querySelectorAll(".card, .cell").forEach(n => { n.onclick = null; });
  const d = view.decision;
  if (view.over || message.failure) { box.hidden = true; return; }
  box.hidden = false;
  if (!d) { box.append(el("p", "waiting", "…")); return; }
  const who = view.seats[d.seat];
  const mine = isMyMove(message);
  if (!mine) {
    const kind = message.players[who];
    const line = el("p", "waiting");
    const chip = el("span", "chip", who);
    chip.style.setProperty("--seat", seatColour(d.seat));
    line.append(chip, ` ${kind && kind !== "human" ? "(bot) " : ""}is choosing: ${d.prompt}`);
    box.append(line);
  } else {
    box.classList.toggle("sending", state.sending);
    const prompt = el("p", "prompt");
    prompt.append(el("span", "yourmove", "Your move"), " ", d.prompt, " ", suggestButton(box));
    box.append(prompt);
    if (d.private) box.append(el("p", "hint", "Only you will see your answer."));
  }
  if (message.answered && message.answered.length) box.append(answeredLine(view, message.answered));
  if (!mine) return;
  if (d.moves.length === 1) {  // nothing to decide: said, with the rules' reasons
    const only = message.only || {};
    const because = (only.because || []).length ? ` (${only.because.join("; ")})` : "";
    const move = moveLabel(view, d.moves[0]);
    if (only.openly) {  // every seat can see it is forced: taken, as at the terminal
      box.append(el("p", "hint only", `Only one choice: ${move}${because}. It is played for you.`));
      if (state.autoSent !== message.version && !state.sending) {
        state.autoSent = message.version;
        setTimeout(() => { if (state.message === message) play(d.moves[0]); }, 700);
      }
      return;
    }
    // the others cannot know it is forced: played at the player's tap, as a move chosen
    // would be, so that how soon it comes tells no one (docs/serve.md)
    box.append(el("p", "hint only", `Only one choice: ${move}${because}. Tap it to play it ` +
      "(it is not played by itself: the others would learn that it was your only one)."));
  }
  if (state.refusal) box.append(refusalBox(state.refusal));
  if (state.warning) { box.append(warningBox(state.warning)); return; }
  const t = targets(view);
  const onBoard = markBoard(t);
  if (state.selection) box.append(confirmBar(t));
  const plain = t.moves.filter(m => !t.placements[m]);
  const placing = t.moves.length - plain.length;
  if (placing) box.append(placingHint(t, placing));
  else if (Object.keys(t.at).length) {  // moves such as "G8 90": said how the board offers them
    box.append(el("p", "hint at", "Or tap a marked cell on the board to see the moves there, " +
      "one at a time: tap again (or ◀ ▶) for the next."));
  }
  const numbers = numberPicker(view, plain, onBoard, message.version);
  if (numbers) box.append(numbers);
  else if (plain.length && plain.length <= MANY_MOVES) box.append(moveButtons(view, plain));
  if ((plain.length > MANY_MOVES && !numbers) || placing) box.append(typedMove(t.moves));
}

function moveButtons(view, moves) {
  const buttons = el("div", "moves");
  for (const move of moves) {
    const button = el("button", "move", moveLabel(view, move));
    if (button.textContent !== move) button.title = move;  // (as it is typed)
    button.dataset.move = move;
    button.type = "button";
    button.disabled = state.sending || arming();
    button.addEventListener("click", tapped(() => send(move)));
    buttons.append(button);
  }
  return buttons;
}

// A choice of many whole numbers (a bid of 0 to 194): a slider and a box from the least to
// the most, not a button each (nor, past MANY_MOVES, a bare box that says nothing of them);
// a word beside them (pass) keeps its button. None when the moves are not such numbers (or
// are cards named by numbers, on the board: bids made with cards).
function numberPicker(view, moves, onBoard, version) {
  const whole = moves.filter(m => WHOLE.test(m));
  const words = moves.filter(m => !WHOLE.test(m));
  if (whole.length <= FEW_NUMBERS || words.length > 3 || whole.some(m => onBoard.has(m))) return null;
  if (view.decision.shown) return null;  // each number shows what it gives: a button each
  const values = whole.map(Number);
  const low = Math.min(...values), high = Math.max(...values);
  const gaps = values.length < high - low + 1;
  const wrap = el("div", "numbers");
  const form = el("form", "typed number");
  const said = el("label", "hint", `A number from ${low} to ${high}` +
    (gaps ? " (not every one of them: a number not allowed is refused, with why)" : "") + ":");
  const slider = el("input");
  const typed = el("input");
  const kept = state.number && state.number.version === version ? state.number.value : low;
  for (const input of [slider, typed]) {
    Object.assign(input, {min: low, max: high, step: 1, value: kept});
    input.disabled = state.sending || arming();
  }
  slider.type = "range";
  slider.setAttribute("aria-label", "choose a number");
  typed.type = "number";
  typed.name = "number";
  const keep = value => { state.number = {version, value}; };  // (drawn again: still set)
  slider.addEventListener("input", () => { typed.value = slider.value; keep(slider.value); });
  typed.addEventListener("input", () => { slider.value = typed.value; keep(typed.value); });
  const go = el("button", "go", "Play");
  go.type = "submit";
  go.disabled = state.sending || arming();
  form.append(slider, typed, go);
  form.addEventListener("submit", event => {
    event.preventDefault();
    const move = typed.value.trim();  // as the number is written in the moves ("05": 5)
    if (move) send(TYPED_WHOLE.test(move) ? String(Number(move)) : move);
  });
  wrap.append(said, form);
  if (words.length) wrap.append(moveButtons(view, words));
  return wrap;
}

// How to place (once, above the board): how many ways there are in all, how to see those
// at a cell, and how a way is written, read from one of them ("G6 r90 f": at G6, turned
// 90 degrees, flipped).
function placingHint(t, placing) {
  const hint = el("p", "hint placing");
  hint.append(`${placing} ${placing === 1 ? "way" : "ways"} in all to place it. Tap a marked cell ` +
    "on the board to see the ways that cover it; tap again for the next one.");
  const placements = t.moves.filter(m => t.placements[m]);
  const example = placements.find(m => /^\S+ r\d+ f$/.test(m)) ||
    placements.find(m => /^\S+ r[1-9]\d*$/.test(m)) || placements[0];
  const words = placementWords(example);
  if (words) hint.append(" A way is written as where it lies, its turn and a flip: ", el("code", null, example), ` is ${words}.`);
  return hint;
}

// A placement's notation in words: "G6 r90 f" -> "at G6, turned 90°, flipped".
export function placementWords(move) {
  const parts = /^(\S+) r(\d+)( f)?$/.exec(move || "");
  if (!parts) return null;
  return `at ${parts[1]}, turned ${parts[2]}°${parts[3] ? ", flipped" : " (not flipped)"}`;
}

// The seats that have answered a simultaneous choice (what they chose is theirs until all have).
function answeredLine(view, answered) {
  const line = el("p", "answered");
  for (const name of answered) {
    const chip = el("span", "chip", name);
    chip.style.setProperty("--seat", seatColour(seatIndex(view, name)));
    line.append(chip, " ");
  }
  line.append(answered.length > 1 ? "have chosen." : "has chosen.");
  return line;
}

// A move that ends the game, or that the rules ask to confirm: said, and played only if the
// player says so.
function warningBox(warning) {
  const box = el("div", "confirm warning");
  const text = el("span", "what");
  if (warning.confirm) text.append("⚠ ", el("strong", null, warning.move), `: ${warning.confirm}`);
  else text.append("⚠ ", el("strong", null, warning.move), ` ends the game: ${warning.ending}`);
  box.append(text);
  const go = el("button", "go", "Play it");
  go.type = "button";
  go.disabled = arming();
  go.addEventListener("click", tapped(() => play(warning.move)));
  const cancel = el("button", "cancel", "Cancel");
  cancel.type = "button";
  cancel.addEventListener("click", () => { state.warning = null; state.selection = null; drawDecision(state.message); });
  box.append(go, cancel);
  return box;
}

// A move refused: why, in the players' words, and the rule behind the decision.
function refusalBox(refusal) {
  const box = el("div", "refusal");
  const line = el("p", null, refusal.reason);
  box.append(line);
  if (refusal.why) {
    const button = el("button", "whybutton", "why?");
    button.type = "button";
    button.addEventListener("click", () => {
      const open = box.querySelector(".why");
      if (open) open.remove(); else box.append(whyBlock(refusal.why));
    });
    line.append(" ", button);
  }
  return box;
}

// The board's cards and cells that stand for moves: marked, and chosen by a tap.
// (returns the moves that a card on the board stands for)
function markBoard(t) {
  const board = $("main");
  const onBoard = new Set();
  for (const node of board.querySelectorAll(".card[data-name], .card[data-position]")) {
    const move = [node.dataset.name, node.dataset.position].find(m => m && t.byCard.has(m));
    if (!move) {  // no move names it: tapped, the page says why not (the server knows)
      if (node.dataset.name) node.onclick = tapped(() => ask(node.dataset.name));
      continue;
    }
    onBoard.add(move);
    node.classList.add("target");
    node.onclick = tapped(() => choose([move], move));
  }
  for (const node of board.querySelectorAll(".cell[data-cell]")) {
    const zoneMoves = positionMove(node, t);
    const moves = t.byCell.get(node.dataset.cell) || zoneMoves;
    if (!moves) { node.onclick = tapped(() => whyNotCell(node, t)); continue; }
    node.classList.add("target");
    node.onclick = tapped(() => chooseCell(node.dataset.cell, moves));
  }
  const sel = state.selection;
  if (!sel) return onBoard;
  const move = sel.moves[sel.index];
  const cells = t.placements[move] || t.at[move] || (parseCell(move) ? [move] : []);
  for (const cell of cells) {
    board.querySelectorAll(`.cell[data-cell="${CSS.escape(cell)}"]`).forEach(n => n.classList.add("preview"));
  }
  for (const node of board.querySelectorAll(".card[data-name], .card[data-position]")) {
    if (node.dataset.name === move || node.dataset.position === move) node.classList.add("selected");
  }
  return onBoard;
}

// A cell that no move names, tapped: why not. Where moves are cells, the server says (the
// rules may: "F5 is locked under a hint"); a placement covers no such cell, nor does a move
// that names cells among other things name it (said here);
// else the card on it is asked about, if it shows one.
function whyNotCell(node, t) {
  const cell = node.dataset.cell;
  if (Object.keys(t.placements).length) {
    state.refusal = {move: cell, reason: `No way to place here covers ${cell}: tap a marked cell.`};
    drawDecision(state.message);
  } else if (Object.keys(t.at).length) {  // moves such as "G8 90": none names this cell
    state.refusal = {move: cell, reason: `No move names ${cell}: tap a marked cell.`};
    drawDecision(state.message);
  } else if (t.byCell.size || !node.dataset.name) {
    ask(cell);
  } else {
    ask(node.dataset.name);
  }
}

// A card on a grid chosen by where it lies ("zone@A1").
function positionMove(node, t) {
  const block = node.closest("[data-zone]");
  if (!block) return null;
  const move = `${block.dataset.zone}@${node.dataset.cell}`;
  return t.byCard.has(move) ? [move] : null;
}

function choose(moves, label) {
  const sel = state.selection;
  if (sel && sel.label === label && sel.moves.length === 1) { send(moves[0]); return; }
  state.selection = {moves, index: 0, label};
  drawDecision(state.message);
}

// Tapping a cell: the placements that cover it (or the moves that name it), those starting
// there first; tapping the same cell again shows the next.
function chooseCell(cell, moves) {
  const sel = state.selection;
  if (sel && sel.label === cell) {
    if (sel.moves.length === 1) { send(sel.moves[0]); return; }
    sel.index = (sel.index + 1) % sel.moves.length;
  } else {
    const starts = m => m.split(/\s+/)[0] === cell ? 0 : 1;
    state.selection = {moves: [...moves].sort((a, b) => starts(a) - starts(b)), index: 0, label: cell};
  }
  drawDecision(state.message);
}

function confirmBar(t) {
  const sel = state.selection;
  const move = sel.moves[sel.index];
  const bar = el("div", "confirm");
  const text = el("span", "what");
  const named = el("strong", null, moveLabel(state.message.view, move));
  named.dataset.move = move;
  text.append(t.placements[move] ? "Place " : "Play ", named);
  const words = t.placements[move] ? placementWords(move) : null;
  if (words) text.append(el("span", "words", ` (${words})`));
  if (sel.moves.length > 1) text.append(el("span", "count", ` ${sel.index + 1} of ${sel.moves.length}`));
  bar.append(text);
  const button = (label, cls, action) => {
    const b = el("button", cls, label);
    b.type = "button";
    b.disabled = state.sending || arming();
    b.addEventListener("click", tapped(action));
    bar.append(b);
  };
  if (sel.moves.length > 1) {
    button("◀", "step", () => { sel.index = (sel.index + sel.moves.length - 1) % sel.moves.length; drawDecision(state.message); });
    button("▶", "step", () => { sel.index = (sel.index + 1) % sel.moves.length; drawDecision(state.message); });
  }
  button(t.placements[move] ? "Place" : "Play", "go", () => send(move));
  button("Cancel", "cancel", () => { state.selection = null; drawDecision(state.message); });
  return bar;
}

// Any move by its notation, for long lists (with suggestions as you type).
function typedMove(moves) {
  const form = el("form", "typed");
  const input = el("input");
  input.name = "move";
  input.placeholder = "or type a move";
  input.autocomplete = "off";
  input.setAttribute("list", "movelist");
  const list = el("datalist");
  list.id = "movelist";
  moves.slice(0, 500).forEach(m => { const o = el("option"); o.value = m; list.append(o); });
  const go = el("button", "go", "Play");
  go.type = "submit";
  form.append(input, list, go);
  form.addEventListener("submit", event => {
    event.preventDefault();
    const move = input.value.trim();
    if (move) send(move);
  });
  return form;
}

// "suggest": the move the rules advise at this decision, worked out by the server from what
// this seat knows (as the advice bot plays it), said under the prompt; its button is marked
function suggestButton(box) {
  const button = el("button", "whybutton suggest", "suggest");
  button.type = "button";
  button.title = "the move the rules advise, from what you know";
  button.addEventListener("click", async () => {
    const here = location.pathname.replace(/\/$/, "");
    const asked = state.message && state.message.version;
    let said;
    try {
      const answer = await fetch(`${here}/suggest.json`);
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      said = await answer.json();
    } catch {  // the server is gone or refused: said, not an error in the console
      said = {text: "The suggestion could not be fetched: check the connection and ask again.",
              move: null};
    }
    // a move was made while the answer came (another prompt, or none): it is not for it
    const prompt = box.querySelector("p.prompt");
    if (!state.message || state.message.version !== asked || !prompt) return;
    box.querySelectorAll("p.suggestion").forEach(n => n.remove());
    prompt.after(el("p", "hint suggestion", said.text));
    box.querySelectorAll("button.move").forEach(b =>
      b.classList.toggle("suggested", b.dataset.move === said.move));
    if (said.move !== null && WHOLE.test(said.move)) {  // a number advised: set on the slider
      box.querySelectorAll("form.number input").forEach(input => { input.value = said.move; });
      state.number = {version: asked, value: said.move};
    }
  });
  return button;
}
