import pg from 'pg';
import { dropStaleDatabases, runDatabaseName, runPrefix } from '../test-databases.mjs';

/**
 * The cluster test's database is named like the other tests' (`fieldlot_<run id>_cluster_<pid>_<random>`,
 * scripts/test-databases.mjs): other runs share the server, and only this run's databases are touched.
 */

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

/**
 * Creates a fresh database; first drops those runs older than six hours left behind (decision 0030). A process
 * id says nothing about a run on another machine sharing the server, so that is no longer the test.
 */
export async function createClusterDatabase(): Promise<string> {
  const name = runDatabaseName('cluster');
  await withAdmin(async (client) => {
    await dropStaleDatabases(client);
    await client.query(`create database "${name}"`);
  });
  return name;
}

export async function dropClusterDatabase(name: string) {
  if (!name.startsWith(`${runPrefix()}cluster_`)) throw new Error(`Refusing to drop ${name}`);
  await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
}
