// The benchmark's load generator: runs in its own process, so the server's event loop serves requests
// and nothing else. Keeps `connections` keep-alive connections busy for `seconds` and prints one JSON line:
// { requests, rps, bytes, errors, p50, p95, p99 } (latencies in ms; bytes as received on the wire).
//   node bench/load-generator.mjs <url> <connections> <seconds> '<headers as JSON>'
import http from 'node:http';

const [url, connectionsArg, secondsArg, headersArg] = process.argv.slice(2);
const connections = Number(connectionsArg ?? 32);
const seconds = Number(secondsArg ?? 5);
const headers = JSON.parse(headersArg ?? '{}');
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

let requests = 0;
let errors = 0;
let bytes = 0;
const latencies = [];
const until = performance.now() + seconds * 1000;

function one() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
      (res) => {
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode === 200) {
            requests += 1;
            latencies.push(performance.now() - started);
          } else errors += 1;
          resolve();
        });
      },
    );
    req.on('error', () => {
      errors += 1;
      resolve();
    });
    req.end();
  });
}

async function worker() {
  while (performance.now() < until) await one();
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, worker));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
agent.destroy();
process.stdout.write(
  `${JSON.stringify({ requests, rps: requests / elapsed, bytes, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99) })}\n`,
);
