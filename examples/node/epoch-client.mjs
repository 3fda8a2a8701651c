// A client of `epoch serve` on a pipe, with nothing but Node's standard library.
// Usage: node epoch-client.mjs SCENARIO PLAYERS SEED [serve command...]
// (the serve command defaults to `epoch serve`). Plays a whole game: every seat asks as
// itself and picks with a seeded generator; prints the end as one JSON line.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export class EpochClient {
  constructor(command) {
    this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
    this.pending = new Map();
    this.nextId = 0;
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const answer = JSON.parse(line);
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
      else waiting.resolve(answer.result);
    });
  }

  call(method, params = {}) {
    const id = ++this.nextId;
    this.child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  close() {
    this.child.stdin.end();
  }
}

// A small seeded generator (mulberry32), so a game replays from its seed.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function playRandomGame(client, session, seed, players, maxSteps = 100000) {
  const random = generator(seed);
  let choices = 0;
  for (let step = 0; step < maxSteps; step++) {
    const decision = await client.call("decision", { session, seat: 0 });
    if (decision.kind === "end") return { ...decision, choices };
    if (decision.kind === "chance") {
      await client.call("apply", { session, roll: true });
      continue;
    }
    const own = await client.call("decision", { session, seat: decision.seat });
    const other = await client.call("decision", { session, seat: (decision.seat + 1) % players });
    if (other.actions !== null) throw new Error("a seat was shown another seat's actions");
    const action = own.actions[Math.floor(random() * own.actions.length)];
    await client.call("apply", { session, seat: decision.seat, move: action.id });
    choices++;
  }
  throw new Error(`no end after ${maxSteps} steps`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [scenario, players, seed, ...serve] = process.argv.slice(2);
  const client = new EpochClient(serve.length ? serve : ["epoch", "serve"]);
  try {
    const game = await client.call("open", { scenario, players: Number(players), seed: Number(seed) });
    const end = await playRandomGame(client, game.session, Number(seed), Number(players));
    console.log(JSON.stringify({ ruleset: game.ruleset, ...end }));
  } finally {
    client.close();
  }
}
