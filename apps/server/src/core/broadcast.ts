import type { Redis } from 'ioredis';
import type { RedisConnection, RedisLog } from './redis.js';

/**
 * Messages to every instance of the site, this one included: how one instance tells the others
 * that something they keep in memory is stale (docs/decisions.md#session-cache).
 * Delivery is at most once. A keeper of such memory must therefore use it only while `listening`
 * and drop it all on `onGap`: between the two, messages may have been lost.
 */
export interface Broadcast {
  /** Whether a message any instance publishes now reaches this one. */
  readonly listening: boolean;
  /** Sends `message` on `topic` to every instance; this one's handlers run before it returns. */
  publish(topic: string, message: string): void;
  /** Handles each message on `topic` (once per topic). */
  subscribe(topic: string, handler: (message: string) => void): void;
  /** Called when this instance stops listening or starts again: whatever it keeps may be stale. */
  onGap(handler: () => void): void;
  close(): Promise<void>;
}

class Handlers {
  private readonly byTopic = new Map<string, (message: string) => void>();
  private readonly gapHandlers: (() => void)[] = [];

  add(topic: string, handler: (message: string) => void) {
    if (this.byTopic.has(topic)) throw new Error(`A handler for ${topic} is already subscribed`);
    this.byTopic.set(topic, handler);
  }
  deliver(topic: string, message: string) {
    this.byTopic.get(topic)?.(message);
  }
  addGap(handler: () => void) {
    this.gapHandlers.push(handler);
  }
  gap() {
    for (const handler of this.gapHandlers) handler();
  }
}

/** One instance alone (no REDIS_URL): a message reaches this instance's handlers only. */
export function localBroadcast(): Broadcast {
  const handlers = new Handlers();
  return {
    listening: true,
    publish: (topic, message) => handlers.deliver(topic, message),
    subscribe: (topic, handler) => handlers.add(topic, handler),
    onGap: (handler) => handlers.addGap(handler),
    close: async () => {},
  };
}

/**
 * Every instance on one Redis: one channel (`<prefix>broadcast`) carries `<topic> <message>`.
 * Redis pub/sub needs a connection of its own, made here beside the app's one. It listens only
 * once its SUBSCRIBE is answered, stops at any disconnection and subscribes again itself on
 * reconnection (ioredis's own resubscription is off, so the moment listening resumes is known).
 * A publish while Redis is away reaches only this instance; the others are not listening then.
 */
export function redisBroadcast(redis: RedisConnection, prefix: string, log: RedisLog): Broadcast {
  const channel = `${prefix}broadcast`;
  const handlers = new Handlers();
  const subscriber: Redis = redis.client.duplicate({ autoResubscribe: false, enableOfflineQueue: false });
  let listening = false;
  let closing = false;

  const stopListening = () => {
    if (!listening) return;
    listening = false;
    handlers.gap();
  };
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (closing || subscriber.status !== 'ready') return;
        listening = true;
        handlers.gap();
      },
      (error: Error) => log.warn({ err: error }, 'Could not subscribe to the broadcast channel'),
    );
  });
  subscriber.on('close', stopListening);
  // The app's connection logs the outage; this one only stops listening (and keeps ioredis quiet).
  subscriber.on('error', stopListening);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const space = text.indexOf(' ');
    if (space > 0) handlers.deliver(text.slice(0, space), text.slice(space + 1));
  });
  subscriber.connect().catch(() => {
    // Retried by ioredis; not listening until then.
  });

  return {
    get listening() {
      return listening;
    },
    publish(topic, message) {
      handlers.deliver(topic, message);
      // This instance's own copy comes back too; handlers are idempotent.
      void redis.run(
        (client) => client.publish(channel, `${topic} ${message}`),
        () => 0,
      );
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    onGap: (handler) => handlers.addGap(handler),
    async close() {
      closing = true;
      listening = false;
      if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
      else subscriber.disconnect();
    },
  };
}
