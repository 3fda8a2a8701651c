// An example web client of `epoch serve --ws`: plain JavaScript, no build step.
// Query parameters: ws (the server's address), token (the one `epoch serve --ws` printed:
// the designer's or a player's), scenario (a path inside the server's folder), players, seed,
// seat (ask as this seat; omitted: the designer; a player's token needs it), autoplay (take
// this many steps by itself, first legal action and rolled chance, then set body[data-done]).
"use strict";

const query = new URLSearchParams(location.search);
const SVG = "http://www.w3.org/2000/svg";
const seat = query.has("seat") ? Number(query.get("seat")) : undefined;
let socket;
let nextId = 0;
const pending = new Map();
let session;
let seats = [];

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

function centre(space) {
  if (space.label) return space.label;
  const n = space.polygon.length || 1;
  return [space.polygon.reduce((s, p) => s + p[0], 0) / n, space.polygon.reduce((s, p) => s + p[1], 0) / n];
}

let anchors = {};

function drawBoard(board) {
  const svg = document.getElementById("board");
  svg.setAttribute("viewBox", `0 0 ${board.width} ${board.height}`);
  const colours = Object.fromEntries(board.regions.map((r) => [r.id, r.colour]));
  const land = element("g", { id: "spaces" }, svg);
  for (const space of board.spaces) {
    if (space.polygon.length < 3) continue;
    const fill = space.kind === "sea" || space.kind === "ocean" ? "#7fb2d8" : colours[space.region] || "#d8cfb0";
    const shape = element("polygon", {
      class: `space ${space.kind}`, points: space.polygon.map((p) => p.join(",")).join(" "), fill, "data-space": space.id,
    }, land);
    element("title", {}, shape).textContent = space.name;
  }
  const labels = element("g", { id: "labels" }, svg);
  for (const space of board.spaces) {
    anchors[space.id] = centre(space);
    const [x, y] = anchors[space.id];
    element("text", { class: "label", x, y: y - 8 }, labels).textContent = space.name;
  }
  element("g", { id: "pieces" }, svg);
}

function drawPieces(picture) {
  const layer = document.getElementById("pieces");
  layer.replaceChildren();
  const perSpace = {};
  for (const piece of picture.pieces) {
    const index = (perSpace[piece.space] = (perSpace[piece.space] || 0) + 1) - 1;
    const [x, y] = anchors[piece.space] || [0, 0];
    const group = element("g", {
      class: "piece", "data-space": piece.space, "data-kind": piece.kind,
      "data-owner": piece.owner === null ? "" : piece.owner, "data-count": piece.count,
    }, layer);
    const colour = piece.owner === null ? "#333" : seats[piece.owner].colour;
    const px = x + (index % 4) * 13 - 19;
    const py = y + Math.floor(index / 4) * 13 + 4;
    element("circle", { cx: px, cy: py, r: 6, fill: colour, stroke: "white" }, group);
    if (piece.count > 1) element("text", { x: px, y: py }, group).textContent = piece.count;
    element("title", {}, group).textContent = `${piece.kind}${piece.label ? ": " + piece.label : ""}`;
  }
}

function drawSide(picture, decision) {
  document.getElementById("status").textContent = picture.status || picture.round;
  const panels = document.getElementById("panels");
  panels.replaceChildren(...picture.panels.map((panel) => {
    const div = document.createElement("div");
    div.className = "panel";
    const hand = panel.hand === null ? `${panel.hand_size} cards` : panel.hand.join(", ");
    div.textContent = `${panel.name}: ${panel.score} · ${hand}`;
    return div;
  }));
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
  } else {
    prompt.textContent = `${seats[decision.seat].name}: ${decision.prompt}`;
    for (const action of decision.actions || []) moves.appendChild(button(action.label, () => play({ move: action.id })));
  }
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
  drawPieces(picture);
  drawSide(picture, decision);
  return decision;
}

async function play(move) {
  try {
    await rpc("apply", { session, ...move });
    return await refresh();
  } catch (error) {
    document.getElementById("error").textContent = error.message;
    throw error;
  }
}

async function autoplay(steps) {
  let decision = await refresh();
  for (let taken = 0; taken < steps && decision.kind !== "end"; taken++) {
    decision = await play(decision.kind === "chance" ? { roll: true } : { move: decision.actions[0].id });
  }
  document.body.dataset.step = String((await rpc("decision", { session, seat })).step);
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
  socket.addEventListener("open", async () => {
    const game = await rpc("open", {
      scenario: query.get("scenario") || "scenarios/history-of-the-world.json",
      players: Number(query.get("players") || 3), seed: Number(query.get("seed") || 1),
    });
    session = game.session;
    seats = game.seats;
    document.getElementById("title").textContent = game.title;
    drawBoard(await rpc("board", { session }));
    if (query.has("autoplay")) await autoplay(Number(query.get("autoplay")));
    else await refresh();
  });
}

start();
