// A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder, started
// with pg_ctl on a free loopback port, stopped and removed afterwards. Debian's `postgresql`
// package provides the binaries (.ci/run installs it); as root, they run as the `postgres` user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#/http/free-port';

const BIN_DIRS = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
];

export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  return BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

export interface PostgresCluster {
  url: string;
  stop(): void;
  /** Shuts the server down (fast), keeping its data: an outage. */
  pause(): void;
  /** Starts it again after `pause`. */
  resume(): void;
  /** Stops every process of the cluster (SIGSTOP): a server that hangs without refusing. */
  freeze(): void;
  /** Lets them run again (SIGCONT). */
  thaw(): void;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      "PostgreSQL is not installed: the dashboard store tests need it. Install Debian's package (apt-get install -y postgresql) or set POSTGRES_BIN_DIR.",
    );
  }
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  const data = path.join(dir, 'data');
  // initdb refuses to run as root: the cluster belongs to the postgres user.
  if (root) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (command: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
    '-w',
    'start',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  /** The postmaster and every process it started. */
  const processes = () => {
    const postmaster = Number(
      fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      // pgrep exits 1 when the postmaster has no children at that moment.
    }
    return [postmaster, ...children];
  };
  /** Signals every process of the cluster; one that has exited since it was listed is skipped. */
  const signal = (name: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  };
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume() {
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
    },
    freeze() {
      signal('SIGSTOP');
    },
    thaw() {
      signal('SIGCONT');
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh database in the cluster, for one test file. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name.replace(/[^a-z0-9_]/g, '_')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name.replace(/[^a-z0-9_]/g, '_')}`;
  return url.href;
}
