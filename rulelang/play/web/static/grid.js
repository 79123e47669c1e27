// Grids: cards lying on cells, with the grids the rules lay under or over them. A card that
// covers several cells is drawn as one tinted piece (no lines between its own cells), its
// symbol on its first cell. Cells are named as in the moves: column letter, row number
// from 1 at the top (A1); past Z the columns go on AA, AB..., and a grid with no edges names
// the columns left of A -A, -B... and the rows above row 1 -1, -2... (the rules' cell_name).
import {el, tintColour, cardDetails, titleOf, drawEdges} from "./draw.js";

export function parseCell(text) {
  const t = String(text).trim().toUpperCase();
  let m = /^(-?)([A-Z]{1,6})(-?)(\d{1,9})$/.exec(t);
  if (m) {
    let place = 0;
    for (const ch of m[2]) place = place * 26 + ch.charCodeAt(0) - 64;
    const row = Number(m[4]);
    if (row === 0) return null;
    return [m[1] ? -place : place - 1, m[3] ? -row : row - 1];
  }
  m = /^\((-?\d+),\s*(-?\d+)\)$/.exec(t);  // as older saves wrote a cell outside A..Z
  return m ? [Number(m[1]), Number(m[2])] : null;
}

export function cellName(x, y) {
  return columnName(x) + (y >= 0 ? String(y + 1) : String(y));
}

function columnName(x) {
  let count = x >= 0 ? x + 1 : -x, letters = "";
  while (count) {
    const rest = (count - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    count = (count - 1 - rest) / 26;
  }
  return x >= 0 ? letters : "-" + letters;
}

function bounds(zone, layers, extraCells) {
  if (zone.width && zone.height) return {x0: 0, y0: 0, x1: zone.width - 1, y1: zone.height - 1};
  const points = [];
  for (const layer of layers) for (const card of layer.cards) for (const c of card.cells || []) {
    const p = parseCell(c);
    if (p) points.push(p);
  }
  for (const c of extraCells) {
    const p = parseCell(c);
    if (p) points.push(p);
  }
  if (!points.length) return {x0: -1, y0: -1, x1: 1, y1: 1};
  const xs = points.map(p => p[0]), ys = points.map(p => p[1]);
  return {x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1};
}

// part: {zone, under: [zones], over: [zones]}; extraCells: cells the moves may reach (an
// edgeless grid grows to show them). Returns the grid's block; its cells carry data-cell.
export function drawGrid(part, extraCells = []) {
  const zone = part.zone;
  const layers = [...part.under, zone, ...part.over];
  const b = bounds(zone, layers, extraCells);
  const cols = b.x1 - b.x0 + 1, rows = b.y1 - b.y0 + 1;
  const stacks = new Map();  // "x,y" -> [{card, piece, first}]: the cards on the cell, the top last
  const below = new Map();  // "x,y" -> the card of a layer under it, shown in an empty cell
  layers.forEach((layer, depth) => {
    layer.cards.forEach((card, i) => {
      const piece = `${depth}:${i}`;
      (card.cells || []).forEach((name, k) => {
        const p = parseCell(name);
        if (!p) return;
        const key = `${p[0]},${p[1]}`;
        const entry = {card, piece, first: k === 0, size: card.cells.length};
        if (depth < part.under.length) { if (!below.has(key)) below.set(key, entry); }
        else if (stacks.has(key)) stacks.get(key).push(entry);
        else stacks.set(key, [entry]);
      });
    });
  });
  const top = new Map();  // "x,y" -> the card drawn as the cell's piece (see drawnOf)
  for (const [key, stack] of stacks) top.set(key, drawnOf(stack));

  const grid = el("div", "grid");
  // cards with edges: larger cells, room for a text on each side
  if (layers.some(layer => layer.cards.some(c => Array.isArray(c.edges)))) grid.classList.add("edged");
  grid.style.setProperty("--cols", cols);
  grid.style.setProperty("--rows", rows);
  grid.append(el("div", "corner"));
  for (let x = b.x0; x <= b.x1; x++) grid.append(el("div", "label col", columnName(x)));
  for (let y = b.y0; y <= b.y1; y++) {
    grid.append(el("div", "label row", String(y >= 0 ? y + 1 : y)));
    for (let x = b.x0; x <= b.x1; x++) {
      const key = `${x},${y}`;
      const cell = el("div", "cell");
      const name = cellName(x, y);
      cell.dataset.cell = name;
      const here = top.get(key);
      if (here) {
        drawPiece(cell, here, top, x, y);
        const stack = stacks.get(key);
        if (stack.length > 1) drawStack(cell, stack, here);
        // a tile laid over a card with none (a badge on it): its edges on the cell all the same
        const edged = cell.classList.contains("edged") ? null : stack.find(
          e => e.size === 1 && !e.card.hidden && Array.isArray(e.card.edges));
        if (edged) drawEdges(cell, edged.card);
      } else if (below.has(key)) {
        const under = below.get(key);
        cell.classList.add("under");
        cell.style.setProperty("--tint", tintColour(under.card.tint) || "#888");
        cell.title = `${name}: ${cardDetails(under.card)}`;
        if (under.card.symbol) cell.append(symbolOf(under.card));
      } else {
        cell.title = name;
      }
      grid.append(cell);
    }
  }
  const block = el("section", "zone gridzone");
  const keys = zone.keys ? ` ${zone.keys.join(" ")}` : "";
  block.append(el("h3", null, titleOf(zone) + keys));
  const scroller = el("div", "gridscroll");
  scroller.append(grid);
  block.append(scroller);
  return block;
}

// A card's symbol in its cell, smaller as it is longer (a six-letter symbol stays inside its cell,
// not over the next one).
function symbolOf(card) {
  const text = String(card.symbol);
  const size = text.length >= 6 ? " longer" : text.length >= 4 ? " long" : "";
  return el("span", `sym${size}`, text);
}

// Of the cards stacked on a cell (the top last), the one drawn as the cell's piece: the
// bottom one, with those over it as badges on it, when each of those lies on this cell
// alone (a hint on a card: both are seen, and a face-down one hides nothing known under
// it); else the top one (a tile over several cells stays one piece).
function drawnOf(stack) {
  const over = stack.slice(1);
  return over.every(e => e.size === 1) ? stack[0] : stack[stack.length - 1];
}

// A cell with several cards: the others than the piece drawn, as badges (those over it) or
// a mark that cards lie under it, and every card of the stack in the cell's title.
function drawStack(cell, stack, here) {
  cell.classList.add("stacked");
  cell.dataset.stack = String(stack.length);
  const badges = el("span", "badges");
  for (const entry of stack.slice(stack.indexOf(here) + 1)) {
    const badge = el("span", "badge", entry.card.hidden ? "" : String(entry.card.symbol ?? entry.card.name ?? ""));
    if (entry.card.hidden) badge.classList.add("back");
    else {  // a long symbol is drawn smaller, in its tint all the same
      if (badge.textContent.length > 4) badge.classList.add(badge.textContent.length > 5 ? "longer" : "long");
      badge.style.setProperty("--tint", tintColour(entry.card.tint) || "#6b7280");
    }
    badges.append(badge);
  }
  if (badges.children.length) cell.append(badges);
  const beneath = stack.slice(0, stack.indexOf(here));
  if (beneath.length) cell.append(el("span", "beneath", `+${beneath.length}`));
  const lines = [...stack].reverse().map((e, i) =>
    `${i === 0 ? "on top" : "under it"}: ${cardDetails(e.card).replace(/\n/g, ", ")}`);
  cell.title = `${cell.dataset.cell}\n${lines.join("\n")}`;
}

function drawPiece(cell, here, top, x, y) {
  const card = here.card;
  cell.classList.add("filled");
  cell.title = `${cell.dataset.cell}: ${cardDetails(card)}`;
  if (card.hidden) {
    cell.classList.add("back");
  } else {
    cell.style.setProperty("--tint", tintColour(card.tint) || "#6b7280");
    if (card.name) cell.dataset.name = card.name;
  }
  const same = (dx, dy) => (top.get(`${x + dx},${y + dy}`) || {}).piece === here.piece;
  if (same(-1, 0)) cell.classList.add("join-l");
  if (same(1, 0)) cell.classList.add("join-r");
  if (same(0, -1)) cell.classList.add("join-t");
  if (same(0, 1)) cell.classList.add("join-b");
  if (here.first && card.symbol) cell.append(symbolOf(card));
  if (here.size === 1 && !card.hidden) drawEdges(cell, card);
}
