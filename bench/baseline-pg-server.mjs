// The computed page's baseline (decisions 0053, 0063 and 0065): a minimal node:http + pg server doing the database
// work it is given for the first inventory page with the cache off (the budget's three statements, or the app's
// current ones; all at once, each prepared when it has a name, else planned on every request as an unnamed
// statement), then the same JSON shape's size class and the same cheap
// brotli (quality 1, text mode) the app uses for dynamic answers. No framework, no session check, no validation.
// Its own process; prints the port it listens on.
//   node bench/baseline-pg-server.mjs <database url> <pool size> '<statements as JSON: [{ name?, text, values }]>'
import { createServer } from 'node:http';
import { brotliCompress, constants } from 'node:zlib';
import pg from 'pg';

const [url, poolArg, statementsArg] = process.argv.slice(2);
const statements = JSON.parse(statementsArg);
const pool = new pg.Pool({ connectionString: url, max: Number(poolArg ?? 10) });
const params = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 1,
};

const server = createServer(async (_req, res) => {
  try {
    const results = await Promise.all(statements.map((s) => pool.query(s)));
    const body = Buffer.from(
      JSON.stringify({ items: results[0].rows, brands: results.slice(1).map((r) => r.rows) }),
    );
    brotliCompress(body, { params }, (err, compressed) => {
      if (err) throw err;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br' });
      res.end(compressed);
    });
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
