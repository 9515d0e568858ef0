import https from 'node:https';

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTPS request that trusts only the given CA (the test's self-signed certificate) and can leave from a chosen
 * loopback address (127.0.0.x), so the proxy sees different clients.
 */
export function httpsRequest(
  url: string,
  options: {
    ca: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
    timeoutMs?: number;
  },
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ca: options.ca,
        servername: 'localhost',
        localAddress: options.localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
