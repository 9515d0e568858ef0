import pg from 'pg';

/** Databases of the cluster test are named fieldlot_cluster_<pid>_<random>; nothing else is touched. */
const PREFIX = 'fieldlot_cluster_';

export function serverUrl(): string {
  return (
    process.env.CLUSTER_PG_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Creates a fresh database; first drops those a killed earlier run left behind (their process is gone). */
export async function createClusterDatabase(): Promise<string> {
  const name = `${PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'fieldlot\\_cluster\\_%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(PREFIX.length).split('_')[0]);
      if (Number.isInteger(pid) && pid > 0 && !pidAlive(pid))
        await client.query(`drop database if exists "${datname}" with (force)`);
    }
    await client.query(`create database "${name}"`);
  });
  return name;
}

export async function dropClusterDatabase(name: string) {
  if (!name.startsWith(PREFIX)) throw new Error(`Refusing to drop ${name}`);
  await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
}
