// Web budgets (issue 2, item 9): builds the SPA, then prints the gzip size of
//  - the JavaScript a signed-out visitor's landing page (/) loads: the entry chunk, everything it imports
//    statically, and the lazily loaded chunks of `/` for a visitor (home route + landing page), found by
//    following web/dist's Vite manifest; budget 120 KB;
//  - all CSS; budget 30 KB;
//  - with a Chromium (CHROME_PATH or /usr/bin/chromium), what a real page load fetches until the network is
//    idle, including the chunks deferred to idle time (the toast UI).
// Prints figures only; never fails on a budget.
//   npm run bench:web            build into a temporary folder (leaves web/dist alone), then measure
//   npm run bench:web -- --dist web/dist   measure an existing build
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const JS_BUDGET = 120 * 1024;
const CSS_BUDGET = 30 * 1024;
// The modules that make up `/` for a signed-out visitor (web/src/app/routes/home.tsx switches by role).
const LANDING_MODULES = ['src/app/routes/home.tsx', 'src/features/marketing/components/landing-page.tsx'];

const distArg = process.argv.indexOf('--dist');
let dist;
let tmp;
if (distArg > 0) {
  dist = path.resolve(process.argv[distArg + 1]);
} else {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-bench-web-'));
  dist = tmp;
  console.log('Building the web app...');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (bytes, budget) =>
  bytes <= budget ? 'within budget' : `OVER budget by ${kb(bytes - budget)}`;

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const files = new Map(); // file -> why it is loaded
function collect(key, why) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, why);
  for (const dep of chunk.imports ?? []) collect(dep, why);
}
collect(entryKey, 'entry');
for (const mod of LANDING_MODULES) {
  const key = Object.keys(manifest).find((k) => k.endsWith(mod));
  if (!key) throw new Error(`${mod} is not in the Vite manifest; update LANDING_MODULES`);
  collect(key, `lazy: ${path.basename(mod)}`);
}

const rows = [...files].map(([file, why]) => ({ file, why, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip);
const jsTotal = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log('\nJavaScript loaded by the landing page (/ signed out), gzip:');
for (const r of rows) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file}  (${r.why})`);
console.log(`  ${kb(jsTotal).padStart(9)}  TOTAL, budget ${kb(JS_BUDGET)}: ${verdict(jsTotal, JS_BUDGET)}`);

const cssFiles = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
const cssTotal = cssFiles.reduce((sum, f) => sum + gz(`assets/${f}`), 0);
console.log(
  `\nCSS (all files), gzip: ${kb(cssTotal)}, budget ${kb(CSS_BUDGET)}: ${verdict(cssTotal, CSS_BUDGET)}`,
);

await measureInChromium();
if (tmp) rmSync(tmp, { recursive: true, force: true });

/** Loads / in headless Chromium against a static server of the build (the API answers 404: signed out). */
async function measureInChromium() {
  const chromium = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (c) => c && existsSync(c),
  );
  if (!chromium) {
    console.log('\n(No Chromium at CHROME_PATH or /usr/bin/chromium: skipped the real page-load count.)');
    return;
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"error":{"code":"NOT_FOUND","message":"Not found"}}');
    }
    let file = path.join(dist, path.normalize(url.pathname));
    if (!file.startsWith(dist) || !existsSync(file) || url.pathname === '/')
      file = path.join(dist, 'index.html');
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({ executablePath: chromium, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const js = new Map();
    page.on('response', async (r) => {
      if (r.url().endsWith('.js'))
        js.set(new URL(r.url()).pathname, gzipSync(await r.body(), { level: 9 }).length);
    });
    await page.goto(`http://127.0.0.1:${server.address().port}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'North American marketplace for tractor dealers' }).waitFor();
    await page.waitForTimeout(2500); // let the idle-time chunks (toast UI) arrive too
    const total = [...js.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nHeadless Chromium, / signed out, all JS fetched until idle (gzip): ${kb(total)} in ${js.size} files` +
        ` (includes chunks deferred to idle time; budget ${kb(JS_BUDGET)}: ${verdict(total, JS_BUDGET)})`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}
