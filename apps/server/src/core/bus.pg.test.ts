import { describe, expect, it } from 'vitest';
import { createPostgresBus } from './bus';

// A *.pg.test.ts file runs only in the server-pg project (vitest.config.ts): LISTEN/NOTIFY needs a PostgreSQL server.
describe('PostgreSQL bus', () => {
  it('delivers a message published by one instance to another through LISTEN/NOTIFY', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const a = await createPostgresBus(url.toString(), () => {});
    const b = await createPostgresBus(url.toString(), () => {});
    try {
      const heard = new Promise<string>((resolve) => b.subscribe('cache:session', resolve));
      await a.publish('cache:session', 'abc123');
      expect(await heard).toBe('abc123');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
