// The embedded database keeps its data in DATA_DIR: what was saved survives a restart.
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL, client, login, startServer } from './harness.ts';

describe('data survives a restart', () => {
  it('an application created before a restart is there after it', async () => {
    const first = await startServer({}, { persistent: true });
    const c = await login(first, '126000001');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    await first.close();
    const second = await startServer(POSTGRES_URL ? { databaseUrl: first.config.databaseUrl } : {}, { dataDir: first.dataDir, persistent: true });
    // The session is stored server-side too: the same cookie still logs in.
    const again = client(second);
    again.cookie = c.cookie;
    expect((await again.post('/kh/account/apply/check')).body.data.applyId).toBe(applyId);
    await second.close();
  });
});
