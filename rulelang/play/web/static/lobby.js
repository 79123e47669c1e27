// The lobby: the host's folder of rules, each with a form to open a table (players, options,
// who plays each seat). Opening one shows its links: one per person, one to watch. The
// links opened from this browser are remembered here (in this browser only).
import {el} from "./draw.js";

const $ = id => document.getElementById(id);
const base = location.pathname.replace(/\/$/, "");
const KINDS = [["human", "a person"], ["random", "random bot"], ["greedy", "greedy bot"],
               ["mcts", "tree-search bot"], ["advice", "advice bot (plays the rules' advice)"],
               ["first", "first-move bot"]];
const REMEMBERED = `rulelang-lobby-${base}`;

async function start() {
  const response = await fetch(`${base}/rules`);
  const data = await response.json();
  const box = $("files");
  box.replaceChildren();
  if (!data.files.length) box.append(el("p", "waiting", "This folder has no .rules files."));
  data.files.forEach(file => box.append(fileForm(file)));
  drawRemembered();
}

function fileForm(file) {
  const form = el("form", "panel rulesfile");
  const head = el("h2", null, file.title || file.file);
  form.append(head, el("p", "filename", file.file));
  if (file.error) {
    form.classList.add("broken");
    form.append(el("pre", "error", file.error));
    return form;
  }
  const [least, most] = file.players;
  // what the game is: players, how long, cooperative or not, and its overview
  const facts = [least === most ? `${least} players` : `${least} to ${most} players`, file.duration,
                 file.cooperative ? "cooperative" : null].filter(Boolean).join(" · ");
  form.append(el("p", "gamefacts", facts));
  if (file.about && file.about.length) {
    const about = el("details", "about");
    about.append(el("summary", null, file.about[0]));
    file.about.slice(1).forEach(p => about.append(el("p", null, p)));
    form.append(about);
  }
  const fields = el("div", "fields");
  const players = el("select");
  players.name = "players";
  for (let n = least; n <= most; n++) {
    const o = el("option", null, `${n} players`);
    o.value = n;
    players.append(o);
  }
  fields.append(field("Players", players));
  for (const option of file.options) {
    let input;
    // an option the rules apply only under a condition says so (given otherwise, it does nothing)
    const doc = [option.doc, option.when && `(applies only if ${option.when})`].filter(Boolean).join(" ");
    if (option.several && option.choices) {  // a list option: any of its values, combined
      input = severalChoices(option);
      fields.append(field(option.label || option.name.replace(/_/g, " "), input, doc));
      continue;
    }
    if (option.choices) {
      input = el("select");
      option.choices.forEach(c => { const o = el("option", null, c); o.value = c; o.selected = c === option.default; input.append(o); });
    } else {
      input = el("input");
      input.value = option.default ?? "";
    }
    input.name = `option:${option.name}`;
    fields.append(field(option.label || option.name.replace(/_/g, " "), input, doc));
  }
  if (file.campaign) {  // rules with a campaign: its games one after another at one table
    const box = el("input");
    box.type = "checkbox";
    box.name = "campaign";
    const offered = file.campaign.replace(/_/g, " ");
    fields.append(field("Campaign", box, `Play the campaign: its games one after another at this table, ` +
      `the same links, what each game leaves kept for the next; the ${offered} above is the first game, ` +
      `and the players choose each next one among those offered.`));
  }
  const seats = el("div", "seats");
  const drawSeats = () => {
    seats.replaceChildren();
    for (let n = 1; n <= Number(players.value); n++) {
      const select = el("select");
      select.name = `seat:P${n}`;
      // a cooperative game's other seats start as partners worth playing with (file.partner)
      const preset = n > 1 && file.partner ? file.partner : "human";
      KINDS.forEach(([value, label]) => { const o = el("option", null, label); o.value = value; o.selected = value === preset; select.append(o); });
      seats.append(field(`P${n}`, select));
    }
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const go = el("button", "go", "Open the table");
  go.type = "submit";
  form.append(fields, el("h3", null, "Who plays"), seats, go);
  form.addEventListener("submit", event => { event.preventDefault(); open(file, form, go); });
  return form;
}

// Checkboxes for a list option's values (levels 2, 3 and 5 played together); what is
// sent is them joined with +, as --option levels=2+3+5 is written.
function severalChoices(option) {
  const box = el("span", "several");
  const chosen = new Set(String(option.default || "").replace(/[[\]\s]/g, "").split(/[+,]/).filter(Boolean));
  const hidden = el("input");
  hidden.type = "hidden";
  hidden.name = `option:${option.name}`;
  const update = () => {
    hidden.value = [...box.querySelectorAll("input[type=checkbox]:checked")].map(c => c.value).join("+");
  };
  for (const choice of option.choices) {
    const label = el("label", "check");
    const box1 = el("input");
    box1.type = "checkbox";
    box1.value = choice;
    box1.checked = chosen.has(String(choice));
    box1.addEventListener("change", update);
    label.append(box1, ` ${choice}`);
    box.append(label);
  }
  box.append(hidden);
  update();
  return box;
}

function field(label, input, doc) {
  const wrap = el("label", "field");
  wrap.append(el("span", "label", label), input);
  if (doc) wrap.append(el("span", "doc", doc));
  return wrap;
}

async function open(file, form, button) {
  const wish = {rules: file.file, players: Number(form.elements.players.value), options: {}, seats: {},
                campaign: Boolean(form.elements.campaign && form.elements.campaign.checked)};
  for (const input of form.elements) {
    if (input.name.startsWith("option:")) wish.options[input.name.slice(7)] = input.value;
    if (input.name.startsWith("seat:")) wish.seats[input.name.slice(5)] = input.value;
  }
  button.disabled = true;
  try {
    const response = await fetch(`${base}/tables`, {method: "POST", headers: {"content-type": "application/json"},
                                                    body: JSON.stringify(wish)});
    const answer = await response.json();
    if (!response.ok) { toast(answer.error); return; }
    const table = {title: answer.title, file: file.file, links: answer.links, when: new Date().toLocaleString()};
    remember(table);
    drawOpened(table);
  } finally {
    button.disabled = false;
  }
}

function drawOpened(table) {
  const box = $("opened");
  box.hidden = false;
  box.replaceChildren(el("h2", null, `${table.title}: the table is open`),
    el("p", "hint", "Send each person their own link (whoever holds a link plays that seat). " +
                    "The last one shows what every player may see."));
  box.append(linkList(table.links));
  box.scrollIntoView({behavior: "smooth"});
}

function linkList(links) {
  const list = el("ul", "links");
  for (const [who, path] of Object.entries(links)) {
    const item = el("li");
    const url = `${location.origin}${path}`;
    const a = el("a", null, url);
    a.href = path;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    const copy = el("button", "copy", "copy");
    copy.type = "button";
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(url); toast(`${who}'s link copied`); }
      catch { toast("select the link and copy it"); }
    });
    item.append(el("span", "who", who === "spectator" ? "watch" : who), a, copy);
    list.append(item);
  }
  return list;
}

function remembered() {
  try { return JSON.parse(localStorage.getItem(REMEMBERED)) || []; } catch { return []; }
}

function remember(table) {
  const tables = [table, ...remembered()].slice(0, 30);
  try { localStorage.setItem(REMEMBERED, JSON.stringify(tables)); } catch { /* private mode */ }
  drawRemembered();
}

function drawRemembered() {
  const tables = remembered();
  const box = $("mine");
  box.hidden = !tables.length;
  box.replaceChildren(el("h2", null, "Tables opened from this browser"));
  for (const table of tables) {
    const item = el("details");
    item.append(el("summary", null, `${table.title} (${table.file}), ${table.when}`), linkList(table.links));
    box.append(item);
  }
}

function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => node.classList.remove("show"), 5000);
}

start();
