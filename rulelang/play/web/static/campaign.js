// A campaign's panel: what the campaign keeps (its labelled variables, in words), what the
// last game changed, the game being played, and between games the games offered next: a
// player's page has a button for each (the first to choose starts it, for every seat); the
// spectator's says the players choose. The same records the terminal's campaign screen
// shows (rulelang/play/campaign_state.py), sent in each state as "campaign".
import {el} from "./draw.js";
import {$, arming, connected, state, tapped, toast} from "./page.js";

export function drawCampaign(message) {
  const box = $("campaign");
  const c = message.campaign;
  if (!c) { box.hidden = true; return; }
  box.hidden = false;
  const drawn = document.createDocumentFragment();
  drawn.append(el("h2", null, `${c.title}: the campaign`));
  if (c.over) drawn.append(el("p", "campaignnews", "The campaign is over."));
  else if (c.playing !== null) drawn.append(el("p", "campaignnews", `Game ${c.playing} is being played.`));
  if (c.kept.length) {
    const kept = el("ul", "kept");
    for (const k of c.kept) kept.append(el("li", null, `${k.label}: ${k.value}`));
    drawn.append(kept);
  }
  if (c.last) {
    const last = el("div", "lastgame");
    last.append(el("strong", null, `game ${c.last.number} (${c.offered.replace(/_/g, " ")} ${c.last.choice}):`),
                el("p", null, c.last.ending));
    for (const line of c.last.after) last.append(el("p", "after", line));
    drawn.append(last);
  }
  if (c.offers.length) drawn.append(offers(message, c));
  if (c.talk.length) {
    drawn.append(el("p", "talktitle", "What you may say to each other:"));
    for (const line of c.talk) drawn.append(el("p", "talk", `· ${line}`));
  }
  for (const button of drawn.querySelectorAll("button.nextgame")) {
    button.addEventListener("click", tapped(() => choose(button, message)));
  }
  box.replaceChildren(drawn);  // (small, and drawn anew: its buttons' listeners are new)
}

function offers(message, c) {
  const part = el("div", "offers");
  const name = c.offered.replace(/_/g, " ");
  if (!message.you) {
    part.append(el("p", null, `The players choose the next game: ${name} ${c.offers.join(" or ")}.`));
    return part;
  }
  part.append(el("p", null, `Choose the next game (${name} open now), for everyone at the table:`));
  for (const value of c.offers) {
    const button = el("button", "nextgame", `Play ${name} ${value}`);
    button.type = "button";
    button.dataset.value = value;
    button.disabled = arming();  // (greyed a moment after the last move is drawn: a double tap
                                 // on it does not choose the next game)
    part.append(button);
  }
  return part;
}

function choose(button, message) {
  if (!connected()) { toast("Reconnecting: try again in a moment."); return; }
  for (const b of $("campaign").querySelectorAll("button.nextgame")) b.disabled = true;
  state.socket.send(JSON.stringify({next: button.dataset.value, version: message.version}));
}
