import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  STARTING_CASH_CENTS,
  signupResponseSchema,
  todoSchema,
  tradeResponseSchema,
  walletResponseSchema,
} from '@site/contract';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openDatabase } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { serverRoot } from '../../server-root.js';
import { type CompiledScripts, compileScripts } from '../compiled-scripts.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { type TestDatabaseKind, testDatabaseKinds } from '../test-databases.js';

/**
 * Faults — durability. A child process runs the real app (durability-writer.ts); this
 * process drives writes over HTTP from several concurrent clients (to-dos created and completed,
 * wallets created, shares bought and sold at server prices) and counts a write as acknowledged
 * only when its 2xx answer arrived in full. After enough acknowledgements the child is killed
 * with SIGKILL at a random point while requests are in flight, restarted on the same database, and
 * the database is checked: SQLite's integrity and foreign-key checks pass, every acknowledged
 * write is there in its acknowledged state, nothing that was never attempted is there, and every
 * wallet's cash, holdings and history agree with its trade ledger (a trade only half applied by a
 * kill would break them).
 */

/**
 * Kills per database. Every third comes from this process at a random moment (requests in flight,
 * answers half sent); the others are the writer killing itself at a random write statement (see
 * durability-writer.ts), which on SQLite is the only way a kill reliably lands inside a trade.
 */
const ROUNDS = 6;
const isStatementKill = (round: number) => round % 3 !== 1;
/** Concurrent HTTP clients: the kill lands while several writes are in flight. */
const CLIENTS = 4;
/** Acknowledged writes each round needs before the kill, so no round is vacuous. */
const MIN_ACKS_PER_ROUND = 15;
/** External kills: once armed, the kill comes at a random moment within this window. */
const KILL_WINDOW_MS = 800;
/** Statement kills: the n-th write statement after start-up, n in this range (~3.5 writes per request). */
const KILL_STATEMENTS = [100, 340] as const;
const MAX_WALLETS = 6;
const SYMBOLS = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'NVDA', 'JPM'];
const TEST_PASSWORD = 'durability test password';

/** Seeded: DURABILITY_SEED repeats a run's kill points (operations interleave with timing). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const writerSource = path.join(import.meta.dirname, 'durability-writer.ts');
/** The writer, compiled once for all its starts in this file (../compiled-scripts.ts). */
let compiled: CompiledScripts | undefined;
beforeAll(async () => {
  compiled = await compileScripts([writerSource]);
});
afterAll(() => compiled?.remove());

/** Starts the app in its own process and resolves once it answers /api/health. */
function startWriter(env: Record<string, string>): Promise<ServerProcess> {
  if (!compiled) throw new Error('the writer is not compiled');
  const script = compiled.script(writerSource);
  return startServerProcess({ script, cwd: serverRoot, env: { PATH: process.env.PATH, ...env } });
}

interface AckedTodo {
  id: number;
  title: string;
  description: string;
  /** A PUT was sent (its outcome may be unknown). */
  completeSent: boolean;
  /** A PUT was acknowledged: the item must be completed. */
  completeAcked: boolean;
}
type AckedTrade = z.infer<typeof tradeResponseSchema>['trade'] & { walletId: number };

/** What the clients were told, and what they attempted. */
class Acknowledged {
  todos = new Map<number, AckedTodo>();
  todoTitlesSent = new Set<string>();
  wallets = new Map<number, string>();
  walletNamesSent = new Set<string>();
  trades = new Map<number, AckedTrade>();
  tradesSent = 0;

  /** Net shares per wallet and symbol from acknowledged trades (a guide for choosing sells). */
  held(): { walletId: number; symbol: string; quantity: number }[] {
    const net = new Map<string, { walletId: number; symbol: string; quantity: number }>();
    for (const t of this.trades.values()) {
      const key = `${t.walletId}:${t.symbol}`;
      const entry = net.get(key) ?? { walletId: t.walletId, symbol: t.symbol, quantity: 0 };
      entry.quantity += t.side === 'buy' ? t.quantity : -t.quantity;
      net.set(key, entry);
    }
    return [...net.values()].filter((e) => e.quantity > 0);
  }
}

type Outcome<T> = { kind: 'ack'; body: T } | { kind: 'refused'; status: number } | { kind: 'interrupted' };

interface RoundStats {
  mode: 'external' | 'statement';
  acks: number;
  refused: number;
  interrupted: number;
  inFlightAtKill: number;
  killedAfterMs: number;
  /** Statement kills: the writer's note of the statement it died at. */
  killedAt: string;
}

/** How a round ends: the writer kills itself at a statement, or this process kills it after a delay. */
type KillPlan = { selfKill: true; killAt: string } | { selfKill: false; delayMs: number };

/** One round of writes against a running writer, ended by SIGKILL as planned. */
async function writeUntilKilled(
  writer: ServerProcess,
  plan: KillPlan,
  token: string,
  acked: Acknowledged,
  round: number,
  random: () => number,
): Promise<RoundStats> {
  const { selfKill } = plan;
  const mode = selfKill ? 'statement' : 'external';
  const stats: RoundStats = {
    mode,
    acks: 0,
    refused: 0,
    interrupted: 0,
    inFlightAtKill: 0,
    killedAfterMs: 0,
    killedAt: '',
  };
  const started = Date.now();
  let killed = false;
  let inFlight = 0;
  /** Settles once the round has its acknowledgements (or the writer died first). */
  let enoughAcks!: () => void;
  const armed = new Promise<void>((resolve) => {
    enoughAcks = resolve;
  });
  const markKilled = () => {
    if (killed) return;
    killed = true;
    enoughAcks();
    stats.inFlightAtKill = inFlight;
    stats.killedAfterMs = Date.now() - started;
  };
  let seq = 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  async function send<T>(url: string, method: string, payload: object, schema: z.ZodType<T>): Promise<Outcome<T>> {
    inFlight++;
    try {
      let status: number;
      let text: string;
      try {
        const res = await fetch(`${writer.baseUrl}${url}`, {
          method,
          headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        status = res.status;
        // The acknowledgement is the whole answer: a body cut off by the kill is no acknowledgement.
        text = await res.text();
      } catch (error) {
        // A writer that kills itself is first noticed as a dropped connection; its exit status is checked below.
        if (selfKill) markKilled();
        if (killed) {
          stats.interrupted++;
          return { kind: 'interrupted' };
        }
        throw error;
      }
      if (status >= 200 && status < 300) {
        if (++stats.acks >= MIN_ACKS_PER_ROUND) enoughAcks();
        return { kind: 'ack', body: schema.parse(JSON.parse(text)) };
      }
      // 4xx are expected refusals (not enough cash or shares); anything else is a bug.
      if (status >= 500 || status === 401) throw new Error(`${method} ${url} answered ${status}: ${text}`);
      stats.refused++;
      return { kind: 'refused', status };
    } finally {
      inFlight--;
    }
  }

  const createTodo = async () => {
    const title = `todo ${round}.${++seq}`;
    const description = `written in round ${round}`;
    acked.todoTitlesSent.add(title);
    const out = await send('/api/todo', 'POST', { title, description }, todoSchema);
    if (out.kind === 'ack') {
      acked.todos.set(out.body.id, { id: out.body.id, title, description, completeSent: false, completeAcked: false });
    }
  };
  const completeTodo = async () => {
    const open = [...acked.todos.values()].filter((t) => !t.completeSent);
    if (open.length === 0) return createTodo();
    const todo = pick(open);
    todo.completeSent = true;
    const out = await send('/api/todo', 'PUT', { todo_id: todo.id }, todoSchema);
    // An acknowledged item can never be unknown to the server.
    if (out.kind === 'refused') throw new Error(`completing acknowledged todo ${todo.id} answered ${out.status}`);
    if (out.kind === 'ack') todo.completeAcked = true;
  };
  const createWallet = async () => {
    const name = `wallet ${round}.${++seq}`;
    acked.walletNamesSent.add(name);
    const out = await send('/api/finance/create_wallet', 'POST', { wallet_name: name }, walletResponseSchema);
    if (out.kind === 'ack') acked.wallets.set(out.body.wallet.wallet_id, name);
  };
  const trade = async (side: 'buy' | 'sell', walletId: number, symbol: string, quantity: number) => {
    acked.tradesSent++;
    const url = side === 'buy' ? '/api/finance/add_stock_to_wallet' : '/api/finance/sell_stock_from_wallet';
    const out = await send(url, 'POST', { wallet_id: walletId, symbol, quantity }, tradeResponseSchema);
    if (out.kind === 'ack') acked.trades.set(out.body.trade.id, { ...out.body.trade, walletId });
  };
  const buy = () => trade('buy', pick([...acked.wallets.keys()]), pick(SYMBOLS), 1 + Math.floor(random() * 5));
  const sell = () => {
    const held = acked.held();
    if (held.length === 0) return buy();
    const h = pick(held);
    return trade('sell', h.walletId, h.symbol, 1 + Math.floor(random() * Math.min(3, h.quantity)));
  };

  async function client() {
    while (!killed) {
      const r = random();
      if (acked.wallets.size === 0 || (r < 0.05 && acked.walletNamesSent.size < MAX_WALLETS)) await createWallet();
      else if (r < 0.35) await createTodo();
      else if (r < 0.5) await completeTodo();
      else if (r < 0.8) await buy();
      else await sell();
    }
  }

  const clients = Array.from({ length: CLIENTS }, client);
  // Settles only when a client fails (clients otherwise run until the kill).
  const failed = Promise.all(clients).then(() => new Promise<never>(() => {}));
  failed.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`round ${round} (${mode} kill): no kill in 30 s, ${stats.acks} acks`)),
      30_000,
    );
  });
  const kill = plan.selfKill
    ? writer.exited
    : // Once the round has its acknowledgements, after the planned random delay.
      (async () => {
        await armed;
        // The random moment itself: the fault injected, not a wait for something to happen.
        await new Promise((r) => setTimeout(r, plan.delayMs));
      })();
  try {
    await Promise.race([kill, failed, timeout]);
  } finally {
    clearTimeout(timer);
    markKilled();
    writer.child.kill('SIGKILL');
  }
  await Promise.all(clients);
  expect(await writer.exited, writer.output()).toBe('SIGKILL');
  if (selfKill) {
    stats.killedAt = /KILLED (.*)/.exec(writer.output())?.[1] ?? '';
    expect(stats.killedAt, writer.output()).not.toBe('');
  }
  return stats;
}

/** Every way the database can disagree with what the clients were told; empty when durable. */
async function problems(
  db: Kysely<Database>,
  kind: TestDatabaseKind,
  userId: number,
  acked: Acknowledged,
): Promise<{ problems: string[]; unackedCommitted: number }> {
  const found: string[] = [];
  let unackedCommitted = 0;
  if (kind === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    const verdict = integrity.rows.map((r) => r.integrity_check).join('; ');
    if (verdict !== 'ok') found.push(`integrity_check: ${verdict}`);
    const fk = await sql`pragma foreign_key_check`.execute(db);
    if (fk.rows.length > 0) found.push(`foreign_key_check: ${JSON.stringify(fk.rows)}`);
  }

  const todos = await db.selectFrom('todos').selectAll().where('user_id', '=', userId).execute();
  const todoById = new Map(todos.map((t) => [t.id, t]));
  for (const todo of acked.todos.values()) {
    const row = todoById.get(todo.id);
    if (!row) found.push(`acknowledged todo ${todo.id} "${todo.title}" is missing`);
    else if (row.title !== todo.title || row.description !== todo.description) {
      found.push(`todo ${todo.id} reads "${row.title}"/"${row.description}", acknowledged "${todo.title}"`);
    } else if (todo.completeAcked && row.completed !== 1) found.push(`acknowledged completion of todo ${todo.id} lost`);
    else if (!todo.completeSent && row.completed !== 0) found.push(`todo ${todo.id} completed though never asked`);
  }
  for (const row of todos) {
    if (!acked.todoTitlesSent.has(row.title)) found.push(`todo ${row.id} "${row.title}" was never sent`);
    else if (!acked.todos.has(row.id)) unackedCommitted++;
  }

  const wallets = await db.selectFrom('wallets').selectAll().where('user_id', '=', userId).execute();
  const walletIds = wallets.map((w) => w.id);
  for (const [id, name] of acked.wallets) {
    if (!wallets.some((w) => w.id === id && w.name === name))
      found.push(`acknowledged wallet ${id} "${name}" is missing`);
  }
  for (const w of wallets) {
    if (!acked.walletNamesSent.has(w.name)) found.push(`wallet ${w.id} "${w.name}" was never sent`);
    else if (!acked.wallets.has(w.id)) unackedCommitted++;
  }
  if (walletIds.length === 0) return { problems: [...found, 'no wallets at all'], unackedCommitted };

  const [trades, holdings, history] = await Promise.all([
    db.selectFrom('wallet_trades').selectAll().where('wallet_id', 'in', walletIds).orderBy('id').execute(),
    db.selectFrom('wallet_holdings').selectAll().where('wallet_id', 'in', walletIds).execute(),
    db.selectFrom('wallet_history').selectAll().where('wallet_id', 'in', walletIds).orderBy('id').execute(),
  ]);
  const tradeById = new Map(trades.map((t) => [t.id, t]));
  for (const t of acked.trades.values()) {
    const row = tradeById.get(t.id);
    if (!row) {
      found.push(`acknowledged ${t.side} ${t.id} (${t.quantity} ${t.symbol}) is missing from the ledger`);
      continue;
    }
    const fields = (x: unknown[]) => JSON.stringify(x);
    const expected = fields([
      t.walletId,
      t.side,
      t.symbol,
      t.quantity,
      Math.round(t.price * 10_000),
      t.cash_amount_cents,
      t.realized_gain_cents,
    ]);
    const actual = fields([
      row.wallet_id,
      row.side,
      row.symbol,
      row.quantity,
      row.price_e4,
      row.cash_cents,
      row.realized_gain_cents,
    ]);
    if (actual !== expected) found.push(`trade ${t.id} is ${actual}, acknowledged ${expected}`);
  }
  if (trades.length > acked.tradesSent) found.push(`${trades.length} trades in the ledger, ${acked.tradesSent} sent`);
  unackedCommitted += trades.filter((t) => !acked.trades.has(t.id)).length;

  // Replaying each wallet's ledger must give exactly its cash, holdings and history snapshots.
  for (const w of wallets) {
    let cash = STARTING_CASH_CENTS;
    const positions = new Map<string, { quantity: number; cost: number }>();
    const snapshots = history.filter((h) => h.wallet_id === w.id);
    const ledger = trades.filter((t) => t.wallet_id === w.id);
    if (snapshots.length !== ledger.length + 1) {
      found.push(`wallet ${w.id}: ${snapshots.length} history snapshots for ${ledger.length} trades`);
    }
    if (snapshots[0]?.balance_cents !== STARTING_CASH_CENTS) found.push(`wallet ${w.id}: no opening snapshot`);
    ledger.forEach((t, i) => {
      const p = positions.get(t.symbol) ?? { quantity: 0, cost: 0 };
      if (t.side === 'buy') {
        cash -= t.cash_cents;
        p.quantity += t.quantity;
        p.cost += t.cash_cents;
      } else {
        cash += t.cash_cents;
        p.quantity -= t.quantity;
        p.cost -= t.cash_cents - t.realized_gain_cents;
      }
      positions.set(t.symbol, p);
      if (cash < 0 || p.quantity < 0)
        found.push(`wallet ${w.id}: trade ${t.id} overdraws (cash ${cash}, ${p.quantity} ${t.symbol})`);
      const snapshot = snapshots[i + 1];
      if (snapshot && (snapshot.balance_cents !== cash || snapshot.created_at !== t.created_at)) {
        found.push(
          `wallet ${w.id}: snapshot after trade ${t.id} has balance ${snapshot.balance_cents}, ledger ${cash}`,
        );
      }
    });
    if (w.cash_cents !== cash) found.push(`wallet ${w.id}: cash ${w.cash_cents}, ledger says ${cash}`);
    if (w.cash_cents < 0) found.push(`wallet ${w.id}: negative cash ${w.cash_cents}`);
    const rows = holdings.filter((h) => h.wallet_id === w.id);
    for (const [symbol, p] of positions) {
      const row = rows.find((h) => h.symbol === symbol);
      if (p.quantity === 0 ? row : row?.quantity !== p.quantity || row.cost_cents !== p.cost) {
        found.push(
          `wallet ${w.id} ${symbol}: holding ${JSON.stringify(row && [row.quantity, row.cost_cents])}, ledger [${p.quantity},${p.cost}]`,
        );
      }
    }
    for (const row of rows) {
      if (!positions.has(row.symbol)) found.push(`wallet ${w.id}: holding of ${row.symbol} without trades`);
      if (row.quantity <= 0 || row.cost_cents < 0) found.push(`wallet ${w.id}: bad holding ${JSON.stringify(row)}`);
    }
  }
  return { problems: found, unackedCommitted };
}

interface Target {
  writerEnv: Record<string, string>;
  /** A fresh connection of this process to the same database, for checking. */
  open(): Kysely<Database>;
  drop(): Promise<void>;
}

function target(kind: TestDatabaseKind): Target {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-durability-'));
    // The writer opens DATA_DIR/site.sqlite the way production does.
    const file = path.join(dir, 'site.sqlite');
    return {
      writerEnv: { DURABILITY_DATA_DIR: dir },
      open: () => openDatabase({ sqliteFile: file }).db,
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `durability_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  return {
    writerEnv: { DURABILITY_DATABASE_URL: url, DURABILITY_PG_SCHEMA: schema },
    open: () => openDatabase({ databaseUrl: url, pgSchema: schema }).db,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

describe.each(testDatabaseKinds)('durability on %s', (kind) => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs at random points`, async () => {
    const seed = Number(process.env.DURABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const random = prng(seed);
    // Kill points come from their own sequence, so they do not depend on how the operations interleaved.
    const killRandom = prng(seed ^ 0x5bd1e995);
    const plans = Array.from({ length: ROUNDS }, (_, i): KillPlan => {
      if (!isStatementKill(i + 1)) return { selfKill: false, delayMs: killRandom() * KILL_WINDOW_MS };
      const [low, high] = KILL_STATEMENTS;
      const n = low + Math.floor(killRandom() * (high - low));
      return { selfKill: true, killAt: `${n}:${killRandom() < 0.5 ? 'before' : 'after'}` };
    });
    const db = target(kind);
    const acked = new Acknowledged();
    const rounds: (RoundStats & { unackedCommitted: number })[] = [];
    /** The next round's kill point, fixed when its writer starts. */
    /** The writer for `round`, armed to kill itself when that round's plan says so. */
    const start = (round: number) => {
      const plan = plans[round - 1];
      return startWriter(plan?.selfKill ? { ...db.writerEnv, DURABILITY_KILL_AT: plan.killAt } : db.writerEnv);
    };
    const started = Date.now();
    let writer = await start(1);
    try {
      const res = await fetch(`${writer.baseUrl}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'durable', email: 'durable@example.com', password: TEST_PASSWORD }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      // The bearer session itself must survive every kill (it is stored in the database).
      const { token, user_id: userId } = signupResponseSchema.parse(await res.json());

      for (let round = 1; round <= ROUNDS; round++) {
        const plan = plans[round - 1];
        if (!plan) throw new Error(`no plan for round ${round}`);
        const stats = await writeUntilKilled(writer, plan, token, acked, round, random);
        // Restart on the same database (armed for the next round's kill, if any), then check it
        // through a connection of our own while the restarted app is up and idle.
        writer = await start(round + 1);
        const check = db.open();
        try {
          const result = await problems(check, kind, userId, acked);
          expect(
            result.problems,
            `round ${round} (${stats.mode} kill ${stats.killedAt}), DURABILITY_SEED=${seed}`,
          ).toEqual([]);
          rounds.push({ ...stats, unackedCommitted: result.unackedCommitted });
        } finally {
          await check.destroy();
        }
        expect(stats.acks).toBeGreaterThanOrEqual(MIN_ACKS_PER_ROUND);
        // The kill came mid-stream: clients had requests on the wire.
        expect(stats.inFlightAtKill).toBeGreaterThan(0);
      }
      // Requests were cut off by kills (their outcome unknown to the client), and there was plenty to check.
      expect(rounds.reduce((n, r) => n + r.interrupted, 0)).toBeGreaterThan(0);
      expect(acked.trades.size).toBeGreaterThan(ROUNDS * 2);
      expect(acked.todos.size).toBeGreaterThan(ROUNDS * 2);
      console.info(
        `durability on ${kind} (DURABILITY_SEED=${seed}): ${rounds.length} kills in ${Date.now() - started} ms; ` +
          `acknowledged ${acked.todos.size} todos, ${acked.wallets.size} wallets, ${acked.trades.size} trades\n` +
          rounds
            .map(
              (r, i) =>
                `  round ${i + 1} ${r.mode} kill after ${r.killedAfterMs} ms${r.killedAt ? ` (${r.killedAt})` : ''}: ` +
                `${r.acks} acknowledged, ${r.refused} refused, ${r.interrupted} cut off ` +
                `(${r.inFlightAtKill} in flight), ${r.unackedCommitted} committed without acknowledgement so far`,
            )
            .join('\n'),
      );
    } finally {
      writer.child.kill('SIGKILL');
      await writer.exited;
      await db.drop();
    }
  }, 300_000);
});
