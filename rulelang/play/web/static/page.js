// What the table page's modules share: its state (the last message, the move being
// chosen or sent) and small helpers on the page.

export const $ = id => document.getElementById(id);

export const state = {
  message: null,      // the last state received
  logSeen: 0,         // log lines already shown (the rest are new: highlighted)
  selection: null,    // {moves: [...], index, label} chosen on the board, to confirm
  refusal: null,      // {move, reason, why}: the last move refused, said until the next state
  trying: null,       // a move asked about first: does it end the game?
  warning: null,      // {move, ending}: it does; played only if the player says so
  queued: null,       // {move, version}: clicked while the connection was down
  autoSent: null,     // the version whose only move was played for the player
  number: null,       // {version, value}: the number set on numberPicker's slider, kept
                      // while the page is drawn again at that decision (another seat answers)
  askedAgain: false,  // this page asked for a new game: it opens it
  sending: false,
  drawnAt: 0,         // when the page last drew what answers its own tap (performance.now)
  downAt: 0,          // when a pointer was last pressed
  socket: null,
  retry: 500,
};

export function connected() {
  return state.socket && state.socket.readyState === WebSocket.OPEN;
}

export function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => node.classList.remove("show"), 6000);
}

export function isMyMove(message) {
  const d = message.view.decision;
  return Boolean(d && d.moves && message.you && !message.view.over && !message.failure);
}

// What answers a tap (the next decision, a warning, a refusal) is drawn where the tap was:
// for TAP_GUARD_MS after it is drawn, its buttons are drawn disabled and a tap on it does
// nothing, and so does a press that began before it was drawn (a double tap plays once).
export const TAP_GUARD_MS = 400;

export function arming() {
  return state.drawnAt > 0 && performance.now() < state.drawnAt + TAP_GUARD_MS;
}

// A click too soon after the page changed under the pointer (a key's click, detail 0, never is).
export function tooSoon(event) {
  if (!event || event.detail === 0) return false;
  return arming() || (state.drawnAt > 0 && state.downAt < state.drawnAt);
}

// A click handler that ignores a click too soon.
export function tapped(action) {
  return event => { if (!tooSoon(event)) action(event); };
}

document.addEventListener("pointerdown", () => { state.downAt = performance.now(); }, true);
