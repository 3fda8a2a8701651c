// An example web client of `epoch serve --ws`: plain JavaScript, no build step.
// It draws the board (`board`) and, over it, what the engine's Picture (`view`) says changed
// (marks: face-down tiles, terrain, rondel names) and the pieces, lists the moves, and travels
// with undo and redo. Query parameters (README.md): ws, token, scenario, players, seed, seat,
// bots, autoplay.
"use strict";

const query = new URLSearchParams(location.search);
const SVG = "http://www.w3.org/2000/svg";
// The shipped scenarios and the seats each opens with by default.
const SCENARIOS = [
  ["scenarios/history-of-the-world.json", "History of the World", 3],
  ["scenarios/a-brief-history-of-the-world.json", "A Brief History of the World", 2],
  ["scenarios/after-the-flood.json", "After the Flood", 3],
  ["scenarios/antike-duellum-carthage-rome.json", "Antike Duellum: Carthage against Rome", 2],
  ["scenarios/antike-duellum-greece-persia.json", "Antike Duellum: Greeks against Persians", 2],
  ["scenarios/civilization.json", "Civilization", 2],
];
const scenario = query.get("scenario") || SCENARIOS[0][0];
const shipped = SCENARIOS.find((s) => s[0] === scenario);
const players = Number(query.get("players") || (shipped ? shipped[2] : 2));
// With `seat` the page plays that seat only and the others are bots that play themselves;
// without it the page is the designer and plays every seat in turn (hot seat).
const seat = query.has("seat") ? Number(query.get("seat")) : undefined;
const bots = query.get("bots") || "greedy";
let socket;
let nextId = 0;
const pending = new Map();
let session;
let seats = [];
let base = 10; // the font size on this board, in its own units
const spaces = {}; // id -> {space, shape, box, anchor}
let log = [];

function rpc(method, params = {}) {
  const id = ++nextId;
  socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

function element(name, attributes = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function html(name, text, parent) {
  const node = document.createElement(name);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function bounds(polygon) {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  return { x0, y0, x1, y1, w: x1 - x0, h: y1 - y0, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2 };
}

// Text that fits its box: shrunk to the box's width, a track's "Culture 18" written "18"
// when the whole name would be too small to read, and left out (the tooltip has it) when
// even that does not fit.
function fitted(text, box, parent, attributes) {
  const size = (t) => Math.min(base, (0.92 * box.w) / (0.62 * t.length), 0.7 * box.h);
  let shown = text;
  if (size(shown) < 0.8 * base && /\d+$/.test(shown)) shown = shown.match(/\d+$/)[0];
  if (size(shown) < 0.45 * base) return null;
  const node = element("text", { ...attributes, "font-size": size(shown).toFixed(1) }, parent);
  node.textContent = shown;
  return node;
}

function drawBoard(board) {
  const svg = document.getElementById("board");
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${board.width} ${board.height}`);
  base = Math.max(board.width, board.height) / 110;
  const defs = element("defs", {}, svg);
  const hatch = element("pattern", { id: "facedown", width: 8, height: 8, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" }, defs);
  element("rect", { width: 8, height: 8, fill: "#4a4a4a" }, hatch);
  element("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#777", "stroke-width": 3 }, hatch);
  const colours = Object.fromEntries(board.regions.map((r) => [r.id, r.colour]));
  const land = element("g", { id: "spaces" }, svg);
  for (const space of board.spaces) {
    if (space.polygon.length < 3) continue;
    const shape = element("polygon", {
      class: `space ${space.kind}`, points: space.polygon.map((p) => p.join(",")).join(" "), "data-space": space.id,
    }, land);
    element("title", {}, shape).textContent = space.name;
    const box = bounds(space.polygon);
    spaces[space.id] = { space, shape, box, plain: plainFill(space, colours), anchor: space.label || [box.cx, box.cy] };
  }
  drawTiles(board, svg);
  element("g", { id: "names" }, svg);
  element("g", { id: "marks" }, svg);
  element("g", { id: "pieces" }, svg);
}

function plainFill(space, colours) {
  if (space.kind === "sea" || space.kind === "ocean") return space.kind === "ocean" ? "#6c9fcb" : "#8fbde0";
  if (colours[space.region]) return colours[space.region];
  return { track: "#f4eedb", box: "#ece7dc", wasteland: "#c9b891" }[space.kind] || "#d8cfb0";
}

// A region made of squares that fill its bounding box (Civilization's map tiles) gets an
// outline, so the tiles read as tiles and not as one grid.
function drawTiles(board, svg) {
  const layer = element("g", { id: "tiles" }, svg);
  for (const region of board.regions) {
    const members = board.spaces.filter((s) => s.region === region.id && s.polygon.length === 4);
    if (members.length < 2) continue;
    const box = bounds(members.flatMap((s) => s.polygon));
    const area = members.reduce((sum, s) => sum + bounds(s.polygon).w * bounds(s.polygon).h, 0);
    if (Math.abs(area - box.w * box.h) < 1) {
      element("rect", { class: "tile", x: box.x0, y: box.y0, width: box.w, height: box.h }, layer);
    }
  }
}

// Marks (hidden tiles, terrain fills, labels) change the spaces' look; names are written
// where no mark says otherwise.
function drawMarks(picture) {
  const marks = Object.fromEntries(picture.marks.map((m) => [m.space, m]));
  const names = document.getElementById("names");
  const written = document.getElementById("marks");
  names.replaceChildren();
  written.replaceChildren();
  for (const { space, shape, box, plain, anchor } of Object.values(spaces)) {
    const mark = marks[space.id];
    shape.setAttribute("fill", mark && mark.hidden ? "url(#facedown)" : (mark && mark.fill) || plain);
    shape.classList.toggle("facedown", Boolean(mark && mark.hidden));
    if (mark && mark.label) {
      // Over a named space, where the name would be; over a square, at its top, above the pieces.
      const y = space.label ? anchor[1] - 0.8 * base : box.y0 + Math.min(0.8 * base, 0.25 * box.h);
      fitted(mark.label, box, written, { class: "mark", x: anchor[0], y });
    } else if (space.label) {
      fitted(space.name, box, names, { class: "name", x: anchor[0], y: anchor[1] - 0.8 * base });
    } else if (space.kind === "track" || space.kind === "box") {
      fitted(space.name, box, names, { class: "name", x: box.cx, y: box.cy });
    }
  }
}

const SQUARE = /city|capital|village|wonder|monument|tile/;
const DIAMOND = /marker|disc|token|hut/;

function drawPieces(picture) {
  const layer = document.getElementById("pieces");
  layer.replaceChildren();
  const bySpace = {};
  for (const piece of picture.pieces) (bySpace[piece.space] = bySpace[piece.space] || []).push(piece);
  for (const [id, pieces] of Object.entries(bySpace)) {
    const place = spaces[id];
    if (!place) continue;
    const columns = Math.ceil(Math.sqrt(pieces.length));
    const rows = Math.ceil(pieces.length / columns);
    let cell = Math.min(1.6 * base, (0.9 * Math.min(place.box.w, place.box.h)) / Math.max(columns, rows));
    let [x, y] = place.anchor;
    if (place.space.label) { // under the name, as far down as the space goes
      const top = place.anchor[1] - 0.2 * base;
      cell = Math.min(cell, (0.95 * Math.max(place.box.y1 - top, base)) / rows);
      y = top + (rows * cell) / 2;
    }
    pieces.forEach((piece, index) => {
      const px = x + ((index % columns) - (columns - 1) / 2) * cell;
      const py = y + (Math.floor(index / columns) - (rows - 1) / 2) * cell;
      drawPiece(piece, px, py, 0.42 * cell, layer);
    });
  }
}

function drawPiece(piece, x, y, r, layer) {
  const group = element("g", {
    class: "piece", "data-space": piece.space, "data-kind": piece.kind,
    "data-owner": piece.owner === null ? "" : piece.owner, "data-count": piece.count,
  }, layer);
  const colour = piece.owner === null ? "#333" : seats[piece.owner].colour;
  const style = { fill: colour, stroke: "#222", "stroke-width": r / 5 };
  if (SQUARE.test(piece.kind)) element("rect", { ...style, x: x - r, y: y - r, width: 2 * r, height: 2 * r }, group);
  else if (DIAMOND.test(piece.kind)) {
    element("polygon", { ...style, points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}` }, group);
  } else element("circle", { ...style, cx: x, cy: y, r }, group);
  const text = piece.count > 1 ? String(piece.count)
    : piece.label && piece.label.length <= 2 ? piece.label : piece.kind[0].toUpperCase();
  const label = element("text", { x, y, "font-size": (1.1 * r).toFixed(1), fill: dark(colour) ? "white" : "black" }, group);
  label.textContent = text;
  const owner = piece.owner === null ? "" : `${seats[piece.owner].name}'s `;
  element("title", {}, group).textContent = `${owner}${piece.kind}${piece.count > 1 ? " ×" + piece.count : ""}`
    + `${piece.label ? ": " + piece.label : ""}`;
}

function dark(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

function drawSide(picture, decision) {
  document.getElementById("status").textContent = picture.status || picture.round;
  const panels = document.getElementById("panels");
  panels.replaceChildren();
  for (const panel of picture.panels) {
    const div = html("div", undefined, panels);
    div.className = "panel";
    html("b", undefined, div).style.background = seats[panel.seat].colour;
    const hand = panel.hand === null ? (panel.hand_size === null ? "" : ` · ${panel.hand_size} cards`)
      : panel.hand.length ? ` · ${panel.hand.join(", ")}` : "";
    div.append(`${panel.name}: ${panel.score}${hand}`);
    const resources = Object.entries(panel.resources).map(([name, amount]) => `${name} ${amount}`).join(", ");
    for (const line of [resources, ...panel.lines]) if (line) html("div", line, div);
  }
  const areas = document.getElementById("areas");
  areas.replaceChildren(...picture.areas.map((a) => html("div",
    `${a.name}: ${[...a.cards, ...(a.hidden ? [`${a.hidden} face down`] : [])].join(", ") || "empty"}`)));
  document.getElementById("log").replaceChildren(...log.slice(-12).map((text) => html("div", text)));
  drawDecision(decision);
}

function drawDecision(decision) {
  const moves = document.getElementById("moves");
  const prompt = document.getElementById("decision");
  moves.replaceChildren();
  if (decision.kind === "end") {
    const won = decision.winners.map((s) => seats[s].name).join(" and ");
    prompt.textContent = "game over: " + decision.ranking.map((s) => `${seats[s].name} ${decision.scores[s]}`).join(", ")
      + (won ? `; won by ${won}` : "");
  } else if (decision.kind === "chance") {
    prompt.textContent = `chance: ${decision.prompt}`;
    moves.appendChild(button("Roll", () => play({ roll: true })));
  } else if (decision.actions === null || seats[decision.seat].controller !== "human") {
    prompt.textContent = `${seats[decision.seat].name} (${seats[decision.seat].controller}): ${decision.prompt}`;
    moves.appendChild(button(`Let ${seats[decision.seat].name}'s bot move`, () => play(null)));
  } else {
    prompt.textContent = `${seats[decision.seat].name}: ${decision.prompt}`;
    for (const action of decision.actions) {
      const node = button(action.label, () => play({ move: action.id }));
      node.addEventListener("mouseenter", () => target(action.spaces, true));
      node.addEventListener("mouseleave", () => target(action.spaces, false));
      moves.appendChild(node);
    }
  }
}

function target(ids, on) {
  for (const id of ids) if (spaces[id]) spaces[id].shape.classList.toggle("target", on);
}

function button(text, onClick) {
  const node = document.createElement("button");
  node.textContent = text;
  node.addEventListener("click", onClick);
  return node;
}

async function refresh() {
  const picture = await rpc("view", { session, seat });
  const decision = await rpc("decision", { session, seat });
  drawMarks(picture);
  drawPieces(picture);
  drawSide(picture, decision);
  document.body.dataset.step = String(decision.step);
  return decision;
}

async function guarded(work) {
  document.getElementById("error").textContent = "";
  try {
    return await work();
  } catch (error) {
    document.getElementById("error").textContent = error.message;
    throw error;
  }
}

// A move (`{move}` or `{roll: true}`), or null: the acting seat's bot takes its step.
function play(move) {
  return guarded(async () => {
    const result = move === null ? await rpc("bot", { session, seat }) : await rpc("apply", { session, seat, ...move });
    log.push(...result.events.map((e) => e.text));
    return refresh();
  });
}

// The designer travels; a page playing one seat goes back (or on) to that seat's own choice,
// over the bots' steps, which would otherwise wait there for `bot`.
function travel(method) {
  return guarded(async () => {
    for (;;) {
      try {
        await rpc(method, { session });
      } catch {
        break; // nothing more to undo or redo
      }
      const decision = await rpc("decision", { session, seat });
      if (seat === undefined || decision.step === 0 || decision.kind !== "choice" || decision.seat === seat) break;
    }
    log = [];
    return refresh();
  });
}

function drawChooser() {
  const choose = document.getElementById("choose");
  const games = html("select", undefined, choose);
  for (const [path, title] of SCENARIOS) games.appendChild(new Option(title, path, false, path === scenario));
  const as = html("select", undefined, choose);
  as.appendChild(new Option("every seat (designer)", ""));
  seats.forEach((s) => as.appendChild(new Option(`${s.name} against bots`, s.seat, false, s.seat === seat)));
  choose.appendChild(button("New game", () => {
    const next = new URLSearchParams({ ws: query.get("ws") || "", token: query.get("token") || "", scenario: games.value });
    if (games.value === scenario && as.value !== "") next.set("seat", as.value);
    location.search = next.toString();
  }));
  const travelling = document.getElementById("travel");
  travelling.replaceChildren(button("Undo", () => travel("undo")), button("Redo", () => travel("redo")));
}

// autoplay=N: take N of this page's own moves (the first legal action; chance rolled, bots let
// move), then say so on <body> for a test: data-moves, data-step, data-done.
async function autoplay(wanted) {
  let decision = await refresh();
  let moves = 0;
  while (moves < wanted && decision.kind !== "end") {
    if (decision.kind === "chance") decision = await play({ roll: true });
    else if (decision.actions === null || seats[decision.seat].controller !== "human") decision = await play(null);
    else {
      decision = await play({ move: decision.actions[0].id });
      moves++;
    }
  }
  document.body.dataset.moves = String(moves);
  document.body.dataset.done = "1";
}

function start() {
  const address = new URL(query.get("ws") || "ws://127.0.0.1:8765");
  address.searchParams.set("token", query.get("token") || "");
  socket = new WebSocket(address);
  socket.addEventListener("message", (message) => {
    const answer = JSON.parse(message.data);
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiting.reject(new Error(answer.error.message));
    else waiting.resolve(answer.result);
  });
  socket.addEventListener("error", () => { document.getElementById("error").textContent = "cannot reach epoch serve"; });
  socket.addEventListener("open", () => guarded(async () => {
    const controllers = seat === undefined ? undefined
      : Array.from({ length: players }, (_, index) => (index === seat ? "human" : bots));
    const game = await rpc("open", { scenario, players, controllers, seed: Number(query.get("seed") || 1) });
    session = game.session;
    seats = game.seats;
    document.getElementById("title").textContent = game.title;
    drawChooser();
    drawBoard(await rpc("board", { session }));
    if (query.has("autoplay")) await autoplay(Number(query.get("autoplay")));
    else await refresh();
  }));
}

start();
