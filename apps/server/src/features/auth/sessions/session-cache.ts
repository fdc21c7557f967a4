import type { Broadcast } from '../../../core/broadcast.js';
import { TtlCache } from '../../../core/ttl-cache.js';
import type { SessionWithUser } from './sessions.repository.js';

/** The broadcast topic on which instances say which sessions ended or changed. */
const TOPIC = 'sessions';
/** Unknown tokens remembered at most: a flood of made-up tokens cannot push out real sessions. */
const UNKNOWN_ENTRIES = 1_000;

export interface SessionCacheOptions {
  /** How long a looked-up session is reused; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  broadcast: Broadcast;
  now?: () => number;
}

/**
 * The live sessions this instance looked up lately, by token digest, so a signed-in request
 * usually costs no database read (docs/decisions.md#session-cache). What ends or changes a
 * session calls `forgetUser` or `forgetToken` after its change is committed; the broadcast
 * carries that to every instance, which drops its copies within the message's trip over Redis.
 *
 * Never stale past that trip:
 * - while the broadcast is not listening (Redis away) the cache is neither read nor filled, and
 *   everything kept is dropped when listening stops or resumes (`onGap`);
 * - a lookup that a forget overtook is not kept: `generation` counts forgets, and a load stores
 *   its row only if none happened while it ran (it may have read the row before the change).
 *
 * Tokens that name no live session are remembered too, apart, so a refused request costs no
 * more than a signed-in one: a token is random and its holder learns it only once its session is
 * stored, so an unknown token becomes a live one only when a disabled user whose session row
 * outlived the disabling is enabled again. Enabling forgets the user, and forgetting any user
 * empties the unknown tokens (rare: it is cheaper than tracking whose they were).
 */
export class SessionCache {
  private readonly sessions: TtlCache<SessionWithUser>;
  /** Token digests that named no live session. */
  private readonly unknown: TtlCache<true>;
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: SessionCacheOptions) {
    this.sessions = new TtlCache({ maxEntries: options.maxEntries, now: options.now });
    this.unknown = new TtlCache({ maxEntries: UNKNOWN_ENTRIES, now: options.now });
    options.broadcast.subscribe(TOPIC, (message) => this.received(message));
    options.broadcast.onGap(() => this.dropAll());
  }

  private get usable() {
    return this.options.ttlMs > 0 && this.options.broadcast.listening;
  }

  /** The session for `tokenHash`: the kept copy while it is fresh, else `load()`'s (then kept). */
  async resolve(
    tokenHash: string,
    load: () => Promise<SessionWithUser | undefined>,
  ): Promise<SessionWithUser | undefined> {
    if (!this.usable) return load();
    const kept = this.sessions.get(tokenHash);
    if (kept) return kept;
    if (this.unknown.get(tokenHash)) return undefined;
    const now = this.options.now?.() ?? Date.now();
    const generation = this.generation;
    const session = await load();
    if (generation === this.generation && this.usable) {
      const { ttlMs } = this.options;
      // Never past the session's own expiry.
      if (session) this.sessions.set(tokenHash, session, Math.min(ttlMs, Date.parse(session.expiresAt) - now));
      else this.unknown.set(tokenHash, true, ttlMs);
    }
    return session;
  }

  /** Every instance drops the user's sessions: they ended, or the user changed (email, password…). */
  forgetUser(userId: number): void {
    this.options.broadcast.publish(TOPIC, `u${userId}`);
  }

  /** Every instance drops the session with this token digest (it ended). */
  forgetToken(tokenHash: string): void {
    this.options.broadcast.publish(TOPIC, `t${tokenHash}`);
  }

  /** Test hook: `listener` runs after each forget this instance receives. */
  onForget(listener: () => void): () => boolean {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.sessions.size;
  }

  private received(message: string) {
    this.generation++;
    const kind = message[0];
    const value = message.slice(1);
    if (kind === 't') this.sessions.delete(value);
    else if (kind === 'u') {
      this.unknown.clear();
      const userId = Number(value);
      this.sessions.deleteWhere((session) => session.userId === userId);
    }
    for (const listener of this.listeners) listener();
  }

  private dropAll() {
    this.generation++;
    this.sessions.clear();
    this.unknown.clear();
  }
}
