// Teaching a game on its table page: the Rules panel (the players' rulebook, assembled from
// the rules' own text: rulelang.tools.rulebook) and "why?" (the rule behind a log line or a
// refused move). Everything comes from /t/TOKEN/rules.json: the rulebook with the table's
// options, and for each place of the rules a log line can come from, its explanation.
import {el} from "./draw.js";

let loaded = null;   // the promise of rules.json

export function rulesData() {
  if (!loaded) {
    const here = location.pathname.replace(/\/$/, "");
    loaded = fetch(`${here}/rules.json`).then(r => r.ok ? r.json() : null).catch(() => null);
  }
  return loaded;
}

// One place of the rules: its explanation's title and rule IDs, the line of the rules, and
// the explanation's words.
export function whyBlock(why) {
  const box = el("div", "why");
  if (!why) {
    box.append(el("p", "muted", "No rule says more about this."));
    return box;
  }
  const head = el("p", "whyhead");
  head.append(el("strong", null, why.title || "No explanation in the rules"));
  if (why.cites && why.cites.length) head.append(" ", el("span", "cites", why.cites.join(", ")));
  box.append(head);
  if (why.text) box.append(el("p", null, why.text));
  const code = el("p", "code");
  code.append(el("span", "where", `${why.file} line ${why.line}`), " ", el("code", null, why.code));
  box.append(code);
  return box;
}

// A log line's "why?": opens (and closes) the rule behind it under the line.
export function addWhy(item, at) {
  if (at === null || at === undefined) return;
  addRuleWhy(item, data => data && data.origins ? data.origins[at] : null);
}

// A "why?" opening the place of the rules that ``pick`` finds in rules.json (or none).
export function addRuleWhy(item, pick, title = "the rule behind this line") {
  const button = el("button", "whybutton", "why?");
  button.type = "button";
  button.title = title;
  button.setAttribute("aria-expanded", "false");
  button.addEventListener("click", async event => {
    event.stopPropagation();
    const open = item.querySelector(".why");
    if (open) { open.remove(); button.setAttribute("aria-expanded", "false"); return; }
    const data = await rulesData();
    item.append(whyBlock(pick(data)));
    button.setAttribute("aria-expanded", "true");
  });
  item.append(" ", button);
}

// ------------------------------------------------------------------ the Rules panel
export async function openRules() {
  const box = document.getElementById("rulesbox");
  const body = document.getElementById("rulestext");
  box.hidden = false;
  document.body.classList.add("reading");
  if (!body.dataset.drawn) {
    body.replaceChildren(el("p", "muted", "loading the rules…"));
    const data = await rulesData();
    body.replaceChildren(data ? drawRulebook(data.rulebook) : el("p", null, "The rules could not be read."));
    body.dataset.drawn = "yes";
  }
  document.getElementById("rules-close").focus();
}

export function closeRules() {
  document.getElementById("rulesbox").hidden = true;
  document.body.classList.remove("reading");
}

function paragraphs(texts) {
  return texts.map(t => el("p", null, t));
}

function heading(p) {
  const head = el("strong", null, p.title || "");
  const out = el("span");
  if (p.title) out.append(head);
  if (p.cites && p.cites.length) out.append(" ", el("span", "cites", p.cites.join(", ")));
  return out;
}

export function drawRulebook(book) {
  const out = el("article", "rulebook");
  out.append(el("h1", null, book.title));
  const facts = [book.players, book.duration, book.cooperative ? "cooperative: you win or lose together" : null]
    .filter(Boolean).join(" · ");
  out.append(el("p", "facts", facts));
  if (book.overview.length) {
    out.append(el("h2", null, "Overview"));
    out.append(...paragraphs(book.overview));
  }
  for (const chapter of book.chapters) {
    out.append(el("h2", null, chapter.title));
    // in the order the server gives (rulebook.placed): a table the rules explain just after
    // its explanation, the others last
    for (const at of chapter.placed) {
      if (at.table !== undefined) { out.append(drawTableText(chapter.tables[at.table])); continue; }
      const p = chapter.paragraphs[at.paragraph];
      const block = el("div", `rule${["statement", "block"].includes(p.target) ? " detail" : ""}`);
      const [first, ...rest] = p.texts;
      const lead = el("p");
      lead.append(heading(p), p.title || (p.cites && p.cites.length) ? ". " : "", first || "");
      block.append(lead, ...paragraphs(rest));
      out.append(block);
    }
  }
  if (book.talk.length) {
    out.append(el("h2", null, "What the players may say"));
    out.append(...paragraphs(book.talk));
  }
  if (book.options.length) {
    out.append(el("h2", null, "Options in force"));
    const list = el("dl", "options");
    for (const o of book.options) {
      list.append(el("dt", null, `${o.label}: ${o.value}` + (o.default !== o.value ? ` (default ${o.default})` : "")));
      const dd = el("dd");
      dd.append(...paragraphs([o.doc, ...o.texts].filter(Boolean)));
      if (o.allowed) dd.append(el("p", "muted", `may be ${o.allowed}`));
      list.append(dd);
    }
    out.append(list);
  }
  if (book.examples.length) {
    out.append(el("h2", null, "Worked examples"));
    for (const example of book.examples) {
      const block = el("details", "example");
      const summary = el("summary");
      summary.append(example.name);
      if (example.cites.length) summary.append(" ", el("span", "cites", example.cites.join(", ")));
      block.append(summary, el("pre", null, example.source.join("\n")));
      out.append(block);
    }
  }
  return out;
}

function drawTableText(table) {
  const wrap = el("figure", "ruletable");
  wrap.append(el("figcaption", null, table.title));
  const t = el("table");
  const head = el("tr");
  table.header.forEach(h => head.append(el("th", null, h)));
  t.append(head);
  for (const row of table.rows) {
    const tr = el("tr");
    row.forEach(cell => tr.append(el("td", null, cell)));
    t.append(tr);
  }
  wrap.append(t);
  if (table.note) wrap.append(el("p", "muted", table.note));
  return wrap;
}
