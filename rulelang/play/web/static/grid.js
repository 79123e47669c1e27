// Grids: cards lying on cells, with the grids the rules lay under or over them. A card that
// covers several cells is drawn as one tinted piece (no lines between its own cells), its
// symbol on its first cell. Cells are named as in the moves: column letter, row number
// from 1 at the top (A1), or (x,y) outside A..Z.
import {el, tintColour, cardDetails, titleOf} from "./draw.js";

export function parseCell(text) {
  const t = String(text).trim();
  let m = /^([A-Za-z])(\d+)$/.exec(t);
  if (m) return [m[1].toUpperCase().charCodeAt(0) - 65, Number(m[2]) - 1];
  m = /^\((-?\d+),\s*(-?\d+)\)$/.exec(t);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

export function cellName(x, y) {
  return x >= 0 && x < 26 && y >= 0 ? String.fromCharCode(65 + x) + (y + 1) : `(${x},${y})`;
}

function columnName(x) {
  return x >= 0 && x < 26 ? String.fromCharCode(65 + x) : String(x);
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
  const top = new Map();    // "x,y" -> {card, piece, layer}: the card drawn on the cell
  const below = new Map();  // "x,y" -> the card of a layer under it, shown in an empty cell
  layers.forEach((layer, depth) => {
    layer.cards.forEach((card, i) => {
      const piece = `${depth}:${i}`;
      (card.cells || []).forEach((name, k) => {
        const p = parseCell(name);
        if (!p) return;
        const key = `${p[0]},${p[1]}`;
        const entry = {card, piece, first: k === 0, under: depth < part.under.length};
        if (entry.under && !top.has(key)) below.set(key, entry);
        else if (!entry.under) top.set(key, entry);
      });
    });
  });

  const grid = el("div", "grid");
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
}
