// The throughput baseline: a bare node:http server answering every request with the same bytes and
// headers the API sent for the first inventory page (same size, same encoding). Its own process.
//   node bench/baseline-server.mjs <body file> '<headers as JSON>'   (prints the port it listens on)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, headersArg] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = { ...JSON.parse(headersArg ?? '{}'), 'content-length': String(body.length) };
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
