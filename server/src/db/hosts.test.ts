import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './hosts.js';

describe('DATABASE_URL with several hosts (decision 0036)', () => {
  it('splits the hosts and keeps the rest of the URL for each', () => {
    expect(
      parseDatabaseUrl(
        'postgres://app:p%40ss@10.0.0.1:5432,10.0.0.2:5433/fieldlot?sslmode=require&target_session_attrs=read-write',
      ),
    ).toEqual({
      hosts: ['10.0.0.1:5432', '10.0.0.2:5433'],
      hostUrls: [
        'postgres://app:p%40ss@10.0.0.1:5432/fieldlot?sslmode=require',
        'postgres://app:p%40ss@10.0.0.2:5433/fieldlot?sslmode=require',
      ],
      readWrite: true,
    });
  });

  it('reads one host as before', () => {
    expect(parseDatabaseUrl('postgresql://db/fieldlot')).toEqual({
      hosts: ['db'],
      hostUrls: ['postgresql://db/fieldlot'],
      readWrite: false,
    });
  });

  it('refuses what it cannot honour', () => {
    expect(() => parseDatabaseUrl('mysql://x')).toThrow(/postgres/);
    expect(() => parseDatabaseUrl('postgres://a,,b/db')).toThrow(/empty host/);
    expect(() => parseDatabaseUrl('postgres://a,b/db?target_session_attrs=standby')).toThrow(/not supported/);
  });
});
