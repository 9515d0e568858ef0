import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, S3Storage, type Storage } from './storage.js';

const s3 = {
  bucket: 'fieldlot-test',
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
};

/** The same contract for both implementations. */
function contract(name: string, make: () => Storage) {
  it(`${name}: put, get, delete (missing keys are fine), unsafe keys refused`, async () => {
    const storage = make();
    await storage.put('listings/abc-400.webp', Buffer.from('one'), 'image/webp');
    await storage.put('listings/abc-800.webp', Buffer.from('two'), 'image/webp');
    expect((await storage.get('listings/abc-400.webp'))?.toString()).toBe('one');
    expect(await storage.get('listings/missing.webp')).toBeNull();
    await storage.delete(['listings/abc-400.webp', 'listings/abc-800.webp', 'listings/never.webp']);
    expect(await storage.get('listings/abc-400.webp')).toBeNull();
    expect(await storage.get('listings/abc-800.webp')).toBeNull();
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Unsafe/);
  });
}

describe('storage', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fieldlot-storage-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3') });
    const { port } = (await server.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({
      endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  contract('local folder', () => new LocalStorage(path.join(dir, 'local')));
  contract('S3 (s3rver)', () => new S3Storage({ ...s3, endpoint }));
});
