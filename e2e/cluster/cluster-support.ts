import { appendFileSync, readFileSync } from 'node:fs';
import type { APIResponse, Page, Response } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { AckedWrite } from '../../scripts/cluster/writes';
import { type Browser, openBrowser } from '../support/browser';
import { apiWrite } from '../support/session';

export interface ClusterInfo {
  controlUrl: string;
  writesFile: string;
  databaseUrl: string;
  caFile: string;
  httpPort: number;
  admin: { email: string; password: string };
  instances: Array<{ name: string; url: string }>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterInfo;
  }
}

export const cluster = () => inject('cluster');
export const ca = () => readFileSync(cluster().caFile, 'utf8');

export interface InstanceState {
  name: string;
  port: number;
  up: boolean;
  starts: number;
  requests: number;
  eventStreams: number[];
}

/** Asks the orchestrator (scripts/cluster/run.ts) to act on the instances. */
export async function control<T>(command: string, params: Record<string, string | number> = {}): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${cluster().controlUrl}/${command}?${query}`, { method: 'POST' });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as T;
}

function record(write: AckedWrite) {
  appendFileSync(cluster().writesFile, `${JSON.stringify(write)}\n`);
}

const isApiWrite = (method: string, url: string) =>
  method !== 'GET' && new URL(url).pathname.startsWith('/api/');

/** Records every write the page's own requests got a 2xx for (the SPA's fetches). */
function recordPageWrites(browser: Browser, pending: Promise<void>[]) {
  browser.context.on('response', (res: Response) => {
    const req = res.request();
    if (!isApiWrite(req.method(), req.url()) || res.status() < 200 || res.status() >= 300) return;
    const at = Date.now();
    pending.push(
      (async () => {
        let request: Record<string, unknown> | null = null;
        let response: Record<string, unknown> | null = null;
        try {
          request = req.postDataJSON();
        } catch {}
        try {
          response = await res.json();
        } catch {}
        record({
          method: req.method(),
          path: new URL(req.url()).pathname,
          status: res.status(),
          request,
          response,
          at,
        });
      })(),
    );
  });
}

export interface ClusterBrowser extends Browser {
  /** A write through the API (as the SPA makes it), recorded when acknowledged. */
  write(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<APIResponse>;
  /** Waits until every recorded response body was read. */
  flush(): Promise<void>;
  /** Requests that failed at the network level (URL path and Chromium's error). */
  failedRequests: Array<{ path: string; error: string }>;
}

/** A browser on the https proxy (self-signed certificate) whose acknowledged writes are recorded. */
export async function openClusterBrowser(viewport = { width: 1280, height: 900 }): Promise<ClusterBrowser> {
  const browser = await openBrowser(viewport, { ignoreCertificateErrors: true });
  const pending: Promise<void>[] = [];
  recordPageWrites(browser, pending);
  const failedRequests: Array<{ path: string; error: string }> = [];
  browser.context.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    // A navigation or fetch the page itself abandoned (moving to another page) is no failure.
    if (error !== 'net::ERR_ABORTED') failedRequests.push({ path: new URL(req.url()).pathname, error });
  });
  return Object.assign(browser, {
    failedRequests,
    async write(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: unknown) {
      const res = await apiWrite(browser.page, method, path, data);
      if (res.ok()) {
        let response: Record<string, unknown> | null = null;
        try {
          response = await res.json();
        } catch {}
        record({
          method,
          path,
          status: res.status(),
          request: (data as Record<string, unknown>) ?? null,
          response,
          at: Date.now(),
        });
      }
      return res;
    },
    async flush() {
      await Promise.all(pending);
    },
  });
}

/** Records a write made outside a browser (multipart upload, raw HTTPS clients). */
export function recordWrite(write: Omit<AckedWrite, 'at'>) {
  record({ ...write, at: Date.now() });
}

export type { Page };
