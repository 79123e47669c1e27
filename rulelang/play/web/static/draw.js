// Drawing any game from a seat's view: zones as piles, hands, rows, tables and grids; cards
// with their names, symbols and tints. Nothing here knows a game: it reads the view
// (see docs/language.md, "The transcript, views and outcome") and the rules' display hints:
//   - a zone's label is its title; layout "none" keeps it off the page;
//   - layout "beside X" puts a family's zones in the rows of X's table, "under X" / "over X"
//     draws a grid beneath or on top of grid X;
//   - zones kept per player go in each player's panel; other keyed zones make a table;
//   - variables with a label (view.var_labels) are shown; without any labels, all are; one
//     kept per two keys is a table, a row per first key and a column per second.

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// ------------------------------------------------------------------ redrawing
// A part of the page redrawn from a new view: ``box``'s children made like those of
// ``drawn`` (a fragment just drawn, not in the page), keeping every node already drawn alike. The browser then
// restyles, lays out and paints only what changed, not the whole table on every move (a class
// of old laptops plays on these pages). The nodes kept keep no listener of ``fresh``: use it
// for parts whose listeners are set after drawing (the board's targets) or that have none.
export function redraw(box, drawn) {
  redrawChildren(box, [...drawn.childNodes]);
}

function redrawChildren(box, fresh) {
  const shown = [...box.childNodes];
  fresh.forEach((node, i) => {
    if (i >= shown.length) box.append(node);
    else if (!morph(shown[i], node)) box.replaceChild(node, shown[i]);
  });
  for (let i = fresh.length; i < shown.length; i++) shown[i].remove();
}

// ``here`` made like ``node`` in place if they are the same kind of node (false if not).
function morph(here, node) {
  if (here.isEqualNode(node)) return true;
  if (here.nodeType !== node.nodeType || here.nodeName !== node.nodeName) return false;
  if (here.nodeType === Node.TEXT_NODE) { here.nodeValue = node.nodeValue; return true; }
  if (here.nodeType !== Node.ELEMENT_NODE) return false;
  for (const {name} of [...here.attributes]) if (!node.hasAttribute(name)) here.removeAttribute(name);
  for (const {name, value} of node.attributes) {
    if (here.getAttribute(name) === value) continue;
    // (the page's policy refuses a style attribute set as text, not one set through CSSOM)
    if (name === "style") here.style.cssText = node.style.cssText;
    else here.setAttribute(name, value);
  }
  redrawChildren(here, [...node.childNodes]);
  return true;
}

// ------------------------------------------------------------------ colours
const PALETTE = {
  red: "#d64545", blue: "#3b7dd8", green: "#35965a", yellow: "#d4a106", purple: "#8e5bd0",
  orange: "#e07b28", grey: "#8a8f98", gray: "#8a8f98", black: "#2f3237", white: "#b9bcc2",
  pink: "#dd5f98", brown: "#8b5a2b", teal: "#23938f", cyan: "#1f9fc0", gold: "#c89b12",
  silver: "#9aa1aa",
};
const SEAT_COLOURS = ["#3b6fd8", "#d6534a", "#2f9a5c", "#9a5bd0", "#d88a1f", "#1f9fc0",
                      "#c0487e", "#6b7280"];

export function tintColour(name) {
  if (!name) return null;
  const key = String(name).toLowerCase().trim();
  if (PALETTE[key]) return PALETTE[key];
  if (window.CSS && CSS.supports("color", key)) return key;
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 55% 45%)`;
}

export function seatColour(index) {
  return SEAT_COLOURS[Number(index) % SEAT_COLOURS.length];
}

// A seat's number from its name (as a log line or the seats that have chosen name it).
export function seatIndex(view, name) {
  const found = Object.entries(view.seats).find(([, n]) => n === name);
  return found ? Number(found[0]) : null;
}

function applyTint(node, tint) {
  const colour = tintColour(tint);
  if (colour) {
    node.classList.add("tinted");
    node.style.setProperty("--tint", colour);
  }
}

// ------------------------------------------------------------------ cards
const SHOWN_ELSEWHERE = new Set(["name", "kind", "symbol", "tint", "symbol_means", "tint_means",
                                 "cells", "hidden", "note", "drawing", "edges", "edges_means"]);

export function isCard(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) &&
    ("hidden" in value || ("kind" in value && "name" in value));
}

export function cardDetails(card) {
  if (card.hidden) return `a face-down ${card.kind}`;
  // a field with no value ("by: none" on a card nobody has played) says nothing: left out
  const fields = Object.entries(card).filter(([k, v]) => !SHOWN_ELSEWHERE.has(k) && !isBlank(v))
    .map(([k, v]) => `${k}: ${plainText(v)}`);
  return [card.name, ...fields].join("\n");
}

// A card: its symbol large when it has one, its name always; a hidden card shows its back.
export function drawCard(card, size = "") {
  const node = el("div", `card ${size}`.trim());
  node.title = cardDetails(card);
  if (card.hidden) {
    node.classList.add("back");
    node.append(el("span", "kind", card.kind));
    return node;
  }
  applyTint(node, card.tint);
  if (card.symbol !== undefined && card.symbol !== null && card.symbol !== "") {
    const symbol = String(card.symbol);
    node.append(el("span", `sym${symbol.length > 5 ? " longer" : symbol.length > 3 ? " long" : ""}`, symbol));
  }
  // a long name may break after a slash or a hyphen rather than inside a word
  node.append(el("span", "name", String(card.name).replace(/([/-])/g, "$1\u200b")));
  if (card.drawing) node.append(drawShape(card.drawing));
  drawEdges(node, card);
  if (card.note) node.append(el("span", "note", card.note));  // who played it, and so on
  node.dataset.name = card.name;
  return node;
}

// A card's edges (the rules' edges hint: top, right, bottom, left, as it lies now), each a
// short text on its side of the card or cell, so that two laid side by side show the edges
// that meet next to each other. False when it has none.
export function drawEdges(node, card) {
  if (!Array.isArray(card.edges) || card.edges.length !== 4) return false;
  node.classList.add("edged");
  ["top", "right", "bottom", "left"].forEach((side, i) =>
    node.append(el("span", `edge ${side}`, String(card.edges[i]))));
  node.title += `\nedges: ${card.edges.join(" ")} (top, right, bottom, left)` +
    (card.edges_means ? `: ${card.edges_means}` : "");
  return true;
}

// A card's drawing (rows of # split by /): small squares, as its shape lies.
export function drawShape(pattern) {
  const rows = String(pattern).split("/");
  const box = el("span", "shape");
  box.style.setProperty("--cols", Math.max(...rows.map(r => r.length)));
  for (const row of rows) {
    for (const ch of row) box.append(el("i", ch === "#" ? "on" : "off"));
    for (let i = row.length; i < Math.max(...rows.map(r => r.length)); i++) box.append(el("i", "off"));
  }
  box.title = `its shape: ${pattern}`;
  return box;
}

// ------------------------------------------------------------------ values
// A name as players read it: face_down -> face down.
export function words(text) {
  return String(text).replace(/_/g, " ");
}

// [3, 3] -> "3 and 3"; [a, b, c] -> "a, b and c"; [] -> "none".
export function listed(items) {
  if (!items.length) return "none";
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function plainText(value, seatNames) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {  // an item that is a list of several in brackets: one piece's cells
    return listed(value.map(v => Array.isArray(v) && v.length > 1 ? `(${plainText(v, seatNames)})`
      : plainText(v, seatNames)));
  }
  if (isCard(value)) return value.hidden ? `a ${value.kind}` : value.name;
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${words(k)} ${plainText(v, seatNames)}`).join(", ");
  }
  if (seatNames && typeof value === "number" && seatNames[value] !== undefined) return seatNames[value];
  return words(value);
}

// A value drawn: cards as small cards, the rest as text.
export function drawValue(value, seatNames) {
  if (isCard(value)) return drawCard(value, "mini");
  const keys = value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
  if (keys.length && keys.every(k => k.split(",").length === 2)) return drawTwoKeys(value, seatNames);
  if (keys.length >= ONE_KEY_TABLE[0] && keys.length <= ONE_KEY_TABLE[1]) {
    return drawOneKey(value, seatNames);
  }
  if (Array.isArray(value) && value.length && value.every(isCard)) {
    const row = el("div", "cards");
    value.forEach(c => row.append(drawCard(c, "mini")));
    return row;
  }
  return el("span", "value", plainText(value, seatNames));
}

// A table whose head row names its columns (the rows' own keys, first, unnamed).
function headedTable(kind, columns) {
  const table = el("table", kind);
  const head = el("tr");
  head.append(el("th", null, ""));
  columns.forEach(c => head.append(el("th", null, c)));
  table.append(el("thead"));
  table.tHead.append(head);
  return table;
}

// A variable kept per one key, 4 to 16 of them (var temp[2..12]), as at the terminal
// (rulelang/play/terminal/panels.py ONE_KEY_TABLE): a column a key, its value under it (a
// line of "2 0, 3 0, 4 0" pairs reads as one run of numbers).
const ONE_KEY_TABLE = [4, 16];

function drawOneKey(value, seatNames) {
  const table = el("table", "keyed onekey");
  const head = el("tr");
  const row = el("tr");
  for (const [key, v] of Object.entries(value)) {
    head.append(el("th", null, key.replace(/_/g, " ")));
    row.append(el("td", null, plainText(v, seatNames)));
  }
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  table.tBodies[0].append(row);
  return table;
}

// A variable kept per two keys (var pos[player, 2..12]; its keys read "P1,2"): a table, a
// row per first key, a column per second.
function drawTwoKeys(value, seatNames) {
  const rows = new Map();
  const columns = [];
  for (const [key, v] of Object.entries(value)) {
    const [row, column] = key.split(",");
    if (!columns.includes(column)) columns.push(column);
    if (!rows.has(row)) rows.set(row, {});
    rows.get(row)[column] = v;
  }
  const table = headedTable("keyed twokeys", columns);
  const body = el("tbody");
  for (const [row, cells] of rows) {
    const tr = el("tr");
    tr.append(el("th", "rowkey", row.replace(/_/g, " ")));
    columns.forEach(c => tr.append(el("td", null, c in cells ? plainText(cells[c], seatNames) : "")));
    body.append(tr);
  }
  table.append(body);
  return table;
}

export function isBlank(value) {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

// ------------------------------------------------------------------ sorting a view
function layoutTarget(zone, word) {
  const parts = (zone.layout || "").trim().split(/\s+/);
  return parts.length >= 2 && parts[0] === word ? parts[parts.length - 1] : null;
}

export function titleOf(zone) {
  return zone.label || zone.family.replace(/_/g, " ");
}

// The view sorted into the parts of a page.
export function sortView(view) {
  const seatNames = view.seats;
  const names = new Set(Object.values(seatNames));
  const families = new Map();
  for (const [id, zone] of Object.entries(view.zones)) {
    zone.id = id;
    if (!families.has(zone.family)) families.set(zone.family, []);
    families.get(zone.family).push(zone);
  }
  const attached = {beside: new Map(), under: new Map(), over: new Map()};
  const placed = new Set();
  for (const [family, zones] of families) {
    for (const word of Object.keys(attached)) {
      const target = layoutTarget(zones[0], word);
      if (target && target !== family && families.has(target)) {
        if (!attached[word].has(target)) attached[word].set(target, []);
        attached[word].get(target).push(family);
        placed.add(family);
      }
    }
  }
  const parts = {grids: [], tables: [], loose: [], perSeat: [], facts: [], seatFacts: []};
  // a kind of card this game has none of (nor will the rules make one): its zones do not apply
  const inPlay = new Set(Object.values(view.zones).flatMap(z => z.cards.map(c => c.kind)));
  for (const [family, zones] of families) {
    const first = zones[0];
    if (placed.has(family) || (first.layout || "").trim() === "none") continue;
    if (first.of && !inPlay.has(first.of) && !first.made_in_play) continue;
    if (first.kind === "grid") {
      const layers = word => (attached[word].get(family) || []).flatMap(f => families.get(f));
      zones.forEach(zone => parts.grids.push({zone, under: layers("under"), over: layers("over")}));
    } else if (!first.keys) {
      parts.loose.push(first);
    } else if (first.keys.length === 1 && zones.every(z => names.has(z.keys[0]))) {
      parts.perSeat.push({title: titleOf(first), zones: Object.fromEntries(zones.map(z => [z.keys[0], z]))});
    } else {
      const beside = (attached.beside.get(family) || []).map(f => families.get(f));
      parts.tables.push({family, zones, beside});
    }
  }
  const labels = view.var_labels;
  const seatVars = new Set(view.seat_vars || []);
  const shown = view.var_shown || {};
  for (const [name, value] of Object.entries(view.vars)) {
    const label = labels ? labels[name] : name.replace(/_/g, " ");
    if (!label) continue;
    if (name in shown) {  // the rules say how it reads (nothing: not shown)
      if (shown[name]) parts.facts.push({label, value: shown[name], seatNames: null});
      continue;
    }
    const numbered = seatVars.has(name) ? seatNames : null;
    const keyed = value && typeof value === "object" && !Array.isArray(value) && !isCard(value);
    if (keyed && Object.keys(value).length && Object.keys(value).every(k => names.has(k))) {
      parts.seatFacts.push({label, values: value, seatNames: numbered});
    } else if (!isBlank(value)) {
      parts.facts.push({label, value, seatNames: numbered});
    }
  }
  return parts;
}

// A move that names a card by its place, as a chooser who cannot see the faces names it
// ("hints#2"), in words: "the 2nd card of Hints drawn" (a pile's #1 is its top card).
// Any other move is its notation.
// A move as a button or a line says it, with what the rules show beside it (choose ...
// shown TEXT: what the option gives), as at the terminal.
export function moveLabel(view, move) {
  const shown = view.decision && view.decision.shown ? view.decision.shown[move] : undefined;
  const label = cardMoveLabel(view, move);
  return shown ? `${label} (${shown})` : label;
}

function cardMoveLabel(view, move) {
  const parts = /^(.+)#(\d+)$/.exec(move);
  const zone = parts && view.zones[parts[1]];
  if (!zone) {  // a card seen by name: with the note the rules give it (its cost), as at the terminal
    const noted = Object.values(view.zones).flatMap(z => z.cards).find(c => c.name === move && c.note);
    return noted ? `${move} (${noted.note})` : move;
  }
  const n = Number(parts[2]);
  const key = /\[(.*)\]$/.exec(parts[1]);
  const title = titleOf(zone) + (key ? ` ${key[1]}` : "");
  if (zone.kind === "pile") return n === 1 ? `the top card of ${title}` : `the ${ordinal(n)} card from the top of ${title}`;
  return `the ${ordinal(n)} card of ${title}`;
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({1: "st", 2: "nd", 3: "rd"}[n % 10] || "th");
  return `${n}${suffix}`;
}

// ------------------------------------------------------------------ zones
export function drawZone(zone, options = {}) {
  if (zone.kind === "pile") return drawPile(zone);
  const box = el("div", `cards ${zone.kind}`);
  if (!zone.cards.length) box.append(el("span", "empty", "empty"));
  // cards seen only from the back, drawn small: a fan (the heading has the count)
  if (options.size === "small" && zone.cards.length > 1 && zone.cards.every(c => c.hidden)) {
    box.classList.add("fanned");
  }
  zone.cards.forEach((card, i) => {
    const node = drawCard(card, options.size);
    node.dataset.position = `${zone.id}#${i + 1}`;
    box.append(node);
  });
  return box;
}

// A pile: its top card (face or back), with the count and a hint of depth.
function drawPile(zone) {
  const box = el("div", "pile");
  const count = zone.cards.length;
  if (!count) {
    box.classList.add("empty");
    box.append(el("div", "card placeholder", ""));
  } else {
    if (count > 1) box.classList.add(count > 4 ? "deep" : "some");
    const top = drawCard(zone.cards[count - 1]);
    top.dataset.position = `${zone.id}#1`;
    box.append(top);
  }
  box.append(el("span", "count", String(count)));
  box.title = `${titleOf(zone)}: ${count} card${count === 1 ? "" : "s"}`;
  // a face-up pile is public whole, not only its top: the cards seen, top first
  const seen = zone.cards.filter((card) => !card.hidden);
  if (seen.length > 1) box.title += `, top first: ${seen.reverse().map((card) => card.name).join(", ")}`;
  return box;
}

export function zoneBlock(title, zone, options) {
  const block = el("section", `zone ${zone.kind}`);
  const head = el("h3", null, title);
  if (zone.kind !== "pile") head.append(el("span", "size", ` ${zone.cards.length}`));
  block.append(head, drawZone(zone, options));
  return block;
}

// A table of one column and so many rows or more is laid as cells side by side, as many to a
// line as the page's width holds (a supply of sixteen piles: four lines, not sixteen rows).
const FLOW_ROWS = 6;

function flowTable(part, shown, column) {
  const cells = el("div", "keyed flow");
  for (const [key, zones] of shown) {
    const cell = el("div", "flowcell");
    cell.append(el("span", "rowkey", key.replace(/_/g, " ")), drawZone(zones[column], {size: "small"}));
    cells.append(cell);
  }
  const wrap = el("section", "zone table flow");
  wrap.append(el("h3", null, titleOf(part.zones[0])), cells);
  return wrap;
}

// A keyed family as a table: a row per first key; the zones of families laid out beside it
// add columns (one per remaining key). Rows with nothing in them are left out.
export function drawTable(part) {
  const rows = new Map();
  const columns = [];
  const addColumn = (zones, title) => {
    for (const zone of zones) {
      const rest = zone.keys.slice(1).join(" ");
      const column = rest ? `${title} ${rest}` : title;
      if (!columns.includes(column)) columns.push(column);
      const key = zone.keys[0];
      if (!rows.has(key)) rows.set(key, {});
      rows.get(key)[column] = zone;
    }
  };
  addColumn(part.zones, titleOf(part.zones[0]));
  part.beside.forEach(zones => addColumn(zones, titleOf(zones[0])));
  const shown = [...rows].filter(([, cells]) => Object.values(cells).some(z => z.cards.length));
  if (!shown.length) return null;
  if (columns.length === 1 && shown.length >= FLOW_ROWS) return flowTable(part, shown, columns[0]);
  // one column needs no heading: the table's title says it
  const table = columns.length > 1 ? headedTable("keyed", columns) : el("table", "keyed");
  const body = el("tbody");
  for (const [key, cells] of shown) {
    const tr = el("tr");
    tr.append(el("th", "rowkey", key.replace(/_/g, " ")));
    for (const column of columns) {
      const td = el("td");
      if (cells[column]) td.append(drawZone(cells[column], {size: "small"}));
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  const wrap = el("section", "zone table");
  wrap.append(el("h3", null, titleOf(part.zones[0])), table);
  return wrap;
}
