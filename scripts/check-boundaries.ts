// Import boundaries (issue 11, section 2), checked by scripts/check-boundaries.test.ts in every `npm test`:
// - domain/ imports only zod (its tests also vitest) and itself;
// - web/ never imports server/;
// - server/src/db, lib and plugins never import a feature module (server/src/modules/<feature>);
// - web/src/components never imports a feature (web/src/features/<feature>);
// - a feature imports another feature only through its public file, `index.ts` (server modules, web features).
// Run by hand: `npx tsx scripts/check-boundaries.ts`.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Violation {
  /** Importing file, relative to the root, with forward slashes. */
  file: string;
  /** The import specifier as written. */
  specifier: string;
  rule: string;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp', 'data', '.git']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out; // a folder this tree does not have (fixtures)
  }
  for (const entry of entries) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every module specifier of static imports and re-exports, `import 'x'` and `import('x')`. */
export function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.add(m[1]);
  return [...found];
}

/** The root-relative path an import points at (without extension), or null for a package. */
function target(root: string, fromFile: string, specifier: string): string | null {
  let abs: string;
  if (specifier.startsWith('.')) abs = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@/')) abs = path.join(root, 'web/src', specifier.slice(2));
  else if (specifier.startsWith('@domain/')) abs = path.join(root, 'domain', specifier.slice(8));
  else return null;
  return path
    .relative(root, abs)
    .split(path.sep)
    .join('/')
    .replace(/\.(js|ts|tsx|mjs)$/, '');
}

const packageName = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);

/** `{feature, rest}` when `p` lies in a feature folder under `base` (`base/<feature>/<rest>`). */
function featureOf(p: string, base: string): { feature: string; rest: string } | null {
  if (!p.startsWith(`${base}/`)) return null;
  const [feature, ...rest] = p.slice(base.length + 1).split('/');
  return rest.length ? { feature, rest: rest.join('/') } : null; // a file directly in base is no feature
}

const FEATURE_BASES = ['server/src/modules', 'web/src/features'];

export function checkBoundaries(root: string): Violation[] {
  const violations: Violation[] = [];
  const files = ['domain', 'web', 'server'].flatMap((d) => sourceFiles(path.join(root, d)));
  for (const abs of files) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    const isTest = /\.(test|e2e)\.tsx?$/.test(file);
    for (const specifier of importSpecifiers(readFileSync(abs, 'utf8'))) {
      const to = target(root, abs, specifier);
      const add = (rule: string) => violations.push({ file, specifier, rule });

      if (file.startsWith('domain/')) {
        const allowed = to
          ? to.startsWith('domain/')
          : packageName(specifier) === 'zod' || (isTest && packageName(specifier) === 'vitest');
        if (!allowed) add('domain imports only zod and domain/');
        continue;
      }
      if (!to) continue;
      if (file.startsWith('web/') && to.startsWith('server/')) add('web never imports server/');
      if (/^server\/src\/(db|lib|plugins)\//.test(file) && featureOf(to, 'server/src/modules')) {
        add('server/src/db, lib and plugins never import a feature module');
      }
      if (file.startsWith('web/src/components/') && featureOf(to, 'web/src/features')) {
        add('web/src/components never imports a feature');
      }
      for (const base of FEATURE_BASES) {
        const from = featureOf(file, base);
        const into = featureOf(to, base);
        if (from && into && from.feature !== into.feature && into.rest !== 'index') {
          add('a feature imports another feature only through its index.ts');
        }
      }
    }
  }
  return violations;
}

/**
 * Today's violations, each removed by a named part of issue 11 (section 2) in the next wave: delete the entry
 * with the fix. The test fails on any violation not listed here, and on any entry that no longer occurs.
 */
export const ALLOWLIST: ReadonlyArray<{ file: string; specifier: string; fixedBy: string }> = [];

const key = (v: { file: string; specifier: string }) => `${v.file} -> ${v.specifier}`;

export function unexpected(violations: Violation[]): Violation[] {
  const allowed = new Set(ALLOWLIST.map(key));
  return violations.filter((v) => !allowed.has(key(v)));
}

export function staleAllowlist(violations: Violation[]): string[] {
  const seen = new Set(violations.map(key));
  return ALLOWLIST.map(key).filter((k) => !seen.has(k));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const all = checkBoundaries(root);
  const bad = unexpected(all);
  for (const v of process.argv.includes('--all') ? all : bad)
    console.log(`${v.file} -> ${v.specifier}  (${v.rule})`);
  for (const k of staleAllowlist(all)) console.log(`allowlisted but gone (delete the entry): ${k}`);
  console.log(`${all.length} violations, ${all.length - bad.length} allowlisted, ${bad.length} new`);
  process.exit(bad.length ? 1 : 0);
}
