import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Messages every instance must hear (a session revoked, a dictionary changed).
 * One process: in memory. Several instances on PostgreSQL: LISTEN/NOTIFY on a
 * dedicated connection, so no extra infrastructure is needed to scale out.
 */
export interface EventBus {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, handler: (payload: string) => void): void;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const PG_CHANNEL = 'dandelion_bus';

/** LISTEN/NOTIFY bus. The publishing instance hears its own messages too, like every other. */
export async function createPostgresBus(url: string, onError: (err: Error) => void): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  let client: pg.Client;

  const connect = async () => {
    client = new pg.Client({ connectionString: url, application_name: 'dandelion-bus' });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const sep = msg.payload.indexOf('\n');
      emitter.emit(msg.payload.slice(0, sep), msg.payload.slice(sep + 1));
    });
    client.on('error', (err) => {
      onError(err);
      if (!closed) setTimeout(() => void connect().catch(onError), 1000);
    });
    await client.connect();
    await client.query(`listen ${PG_CHANNEL}`);
  };
  await connect();
  const publisher = new pg.Pool({ connectionString: url, max: 2, application_name: 'dandelion-bus-pub' });
  publisher.on('error', onError);

  return {
    async publish(channel, payload) {
      await publisher.query('select pg_notify($1, $2)', [PG_CHANNEL, `${channel}\n${payload}`]);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
