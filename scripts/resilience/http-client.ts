import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** A signed-in visitor of one app instance: keeps its cookies and sends the anti-forgery header on writes. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Shares the cookies (the session) of another client, for a second instance on the same database. */
  copyCookiesFrom(other: ApiClient) {
    for (const [k, v] of other.cookies) this.cookies.set(k, v);
  }

  request(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 15_000,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const started = Date.now();
    const url = new URL(path, this.baseUrl);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const csrf = [...this.cookies].find(([k]) => k.toLowerCase().includes('csrf'))?.[1];
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, timeout: timeoutMs }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          this.keepCookies(res.headers['set-cookie']);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            ms: Date.now() - started,
          });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Opens a server-sent events stream; `onEvent` gets each event's name. Returns a function that closes it. */
  stream(path: string, onEvent: (name: string) => void): () => void {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const req = http.request(url, { method: 'GET', headers }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const name = block.split('\n').find((l) => l.startsWith('event: '));
          if (name) onEvent(name.slice('event: '.length));
        }
      });
      res.on('error', () => {});
    });
    req.on('error', () => {});
    req.end();
    return () => req.destroy();
  }

  private keepCookies(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}
