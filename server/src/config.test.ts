import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const problem = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a configuration error');
  };

  it('reads OFFER_TTL_HOURS (default 48) and refuses TEST_CLOCK_FILE in production', () => {
    expect(load({}).offerTtlHours).toBe(48);
    expect(load({ OFFER_TTL_HOURS: '12' }).offerTtlHours).toBe(12);
    expect(problem({ OFFER_TTL_HOURS: '0' })).toMatch(/^Invalid environment variable OFFER_TTL_HOURS/);
    expect(load({ TEST_CLOCK_FILE: '/tmp/x' }).testClockFile).toBe('/tmp/x');
    expect(
      problem({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://fieldlot.example',
        TEST_CLOCK_FILE: '/tmp/x',
      }),
    ).toBe('Invalid environment variable TEST_CLOCK_FILE: not allowed when NODE_ENV=production');
  });

  it('names the variable of a bad value in one line', () => {
    for (const [name, value] of [
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['DATABASE_URL', 'mysql://x'],
      ['DATABASE_OWNER_URL', 'mysql://x'],
      ['PUBLIC_URL', 'not a url'],
      ['SMTP_URL', 'http://mail'],
      ['ADMIN_EMAIL', 'nobody'],
      ['TRUST_PROXY', 'maybe'],
      ['LOG_LEVEL', 'loud'],
      ['DIGEST_HOUR', '25'],
      ['SESSION_SECRET', 'short'],
    ]) {
      const message = problem({ [name]: value });
      expect(message, name).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      expect(message).not.toContain('\n');
    }
  });

  it('requires a session secret and a public URL in production', () => {
    expect(problem({ NODE_ENV: 'production', PUBLIC_URL: 'https://fieldlot.example' })).toMatch(
      /SESSION_SECRET/,
    );
    expect(problem({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toMatch(/PUBLIC_URL/);
  });

  it('takes S3 settings only all together', () => {
    expect(problem({ S3_BUCKET: 'photos' })).toMatch(/^Invalid environment variable S3_ENDPOINT/);
  });

  it('defaults to the embedded database with demo data, port 3000 and a secret kept in the data folder', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.sessionSecret).toBe(readFileSync(path.join(dataDir, 'session-secret'), 'utf8'));
    expect(load({}).sessionSecret).toBe(config.sessionSecret); // same secret after a restart
    expect(config.brand.copyrightYear).toBeNull(); // the footer shows the current year
    expect(load({ COPYRIGHT_YEAR: '2025' }).brand.copyrightYear).toBe(2025);
  });

  it('runs the migrations as an owner role only beside DATABASE_URL', () => {
    const app = 'postgres://fieldlot_app@db/fieldlot';
    const owner = 'postgres://fieldlot_owner@db/fieldlot';
    expect(load({ DATABASE_URL: app, DATABASE_OWNER_URL: owner })).toMatchObject({
      databaseUrl: app,
      databaseOwnerUrl: owner,
    });
    expect(load({ DATABASE_URL: app }).databaseOwnerUrl).toBeUndefined();
    expect(problem({ DATABASE_OWNER_URL: owner })).toMatch(
      /^Invalid environment variable DATABASE_OWNER_URL: /,
    );
  });

  it('turns demo data off with an external database or in production unless asked for', () => {
    expect(load({ DATABASE_URL: 'postgres://db/fieldlot' }).demo).toBe(false);
    expect(load({ DATABASE_URL: 'postgres://db/fieldlot', DEMO: 'true' }).demo).toBe(true);
    expect(load({ PUBLIC_URL: 'https://fieldlot.example/', TRUST_PROXY: 'yes' })).toMatchObject({
      publicUrl: 'https://fieldlot.example',
      trustProxy: true,
    });
  });

  it("takes the proxies' addresses for TRUST_PROXY and refuses anything else", () => {
    expect(load({ TRUST_PROXY: '10.0.1.5, 10.0.2.0/24,::1' }).trustProxy).toEqual([
      '10.0.1.5',
      '10.0.2.0/24',
      '::1',
    ]);
    expect(load({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    for (const bad of ['10.0.1.300', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2'])
      expect(problem({ TRUST_PROXY: bad })).toMatch(
        /^Invalid environment variable TRUST_PROXY: must be true/,
      );
  });
});
