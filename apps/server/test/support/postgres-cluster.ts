// A PostgreSQL server of a test's own (Debian's binaries, a new data folder, its own port), which the
// test may stop and start as an operator's restart would, without touching the suite's shared one.
// As root (CI), it runs as the postgres user, which PostgreSQL requires.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = '/usr/lib/postgresql';
const binDir = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)).map((version) => join(root, version, 'bin')).findLast((dir) => existsSync(join(dir, 'pg_ctl'))) : undefined;
const asRoot = process.getuid?.() === 0;

/** Whether a cluster of a test's own can run here: Debian's PostgreSQL server is installed. */
export const ownClusterAvailable = Boolean(binDir);

function run(binary: string, args: string[]): string {
  const command = join(binDir!, binary);
  return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) : execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface PostgresCluster {
  url: string;
  port: number;
  start(): void;
  /** Stops at once, as `pg_ctlcluster … stop -m fast` does: connections are cut. */
  stop(): void;
  remove(): void;
}

export function startOwnCluster(port: number): PostgresCluster {
  const dir = mkdtempSync(join(tmpdir(), 'kh-pgcluster-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => void run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']),
    stop: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        cluster.stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
