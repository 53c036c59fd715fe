// A LISTEN connection of its own that comes back by itself: the shared cache and the job
// wake-ups each hold one. While it is down notifications are missed, so `down` and `up` let the
// owner fall back (the cache stops answering from memory; workers keep their 1 s poll).
import pg from 'pg';
import type { Logger } from '../logger';
import { listen } from './notify.sql';

const RECONNECT_MS = 1_000;

export interface ListenerHandlers {
  notified: (payload: string) => void;
  /** Listening (again): notifications from now on arrive. */
  up?: () => void;
  /** The connection was lost: notifications until the next `up` are missed. */
  down?: () => void;
}

export interface Listener {
  /** Resolves once first listening (or stopped). */
  ready: Promise<void>;
  stop: () => Promise<void>;
}

/** Listens on `channel` until stopped, reconnecting a second after a lost connection. */
export function listenForever(
  databaseUrl: string,
  channel: string,
  handlers: ListenerHandlers,
  log: Logger,
): Listener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let firstUp: () => void = () => {};
  const ready = new Promise<void>((done) => (firstUp = done));

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      handlers.down?.();
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', (error) => {
      log.warn(`listener of ${channel} lost its connection`, { error: error.message });
      lost();
    });
    next.on('end', lost);
    next.on('notification', (message) => handlers.notified(message.payload ?? ''));
    client = next;
    try {
      await next.connect();
      await listen(next, channel);
      if (client !== next || stopped) return;
      handlers.up?.();
      firstUp();
    } catch {
      lost();
    }
  };
  void connect();

  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      firstUp();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
