// Module boundaries (docs/ARCHITECTURE.md#boundaries), checked by scripts/check-boundaries.test.ts in every `npm test`:
// - domain/ imports only zod (its tests also vitest and fast-check) and itself;
// - web/ never imports server/;
// - server/src/db, lib and plugins never import a feature module (server/src/modules/<feature>);
// - web/src/components never imports a feature (web/src/features/<feature>);
// - a feature imports another feature only through its public file, `index.ts` (server modules, web features);
// - server modules import each other without a cycle (`moduleCycles`, decision 0026);
// - a server module writes only the tables it owns (TABLE_OWNERS in server/src/db/table-owners.ts, decision 0026).
// Run by hand: `npx tsx scripts/check-boundaries.ts`.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_OWNERS } from '../server/src/db/table-owners.js';

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
          : packageName(specifier) === 'zod' ||
            (isTest && ['vitest', 'fast-check'].includes(packageName(specifier)));
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

const MODULES = 'server/src/modules';
const isTestFile = (file: string) => /\.(test|e2e)\.tsx?$/.test(file) || file.startsWith('server/src/test/');

function moduleFiles(root: string): Array<{ file: string; abs: string; module: string }> {
  return sourceFiles(path.join(root, MODULES)).flatMap((abs) => {
    const file = path.relative(root, abs).split(path.sep).join('/');
    const at = featureOf(file, MODULES);
    return at && !isTestFile(file) ? [{ file, abs, module: at.feature }] : [];
  });
}

/** Module -> modules its source files (tests aside) import, type-only imports included: they couple the code too. */
export function moduleGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { abs, module } of moduleFiles(root)) {
    const edges = graph.get(module) ?? new Set<string>();
    graph.set(module, edges);
    for (const specifier of importSpecifiers(readFileSync(abs, 'utf8'))) {
      const to = target(root, abs, specifier);
      const into = to && featureOf(to, MODULES);
      if (into && into.feature !== module) edges.add(into.feature);
    }
  }
  return graph;
}

/**
 * One cycle per strongly connected group of modules (Tarjan), as a path that returns to its start:
 * `['listings', 'watchlist', 'listings']`. Empty when the module graph is acyclic.
 */
export function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  // A path inside the group from its first module back to itself (breadth-first: the shortest).
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0];
    const previous = new Map<string, string>([[start, start]]);
    const queue = [start];
    while (queue.length) {
      const v = queue.shift() as string;
      for (const w of [...(graph.get(v) ?? [])].sort()) {
        if (!members.has(w)) continue;
        if (w === start) {
          const back = [v];
          while (back[back.length - 1] !== start) back.push(previous.get(back[back.length - 1]) as string);
          return [...back.reverse(), start];
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [...group, group[0]];
  });
}

export interface ForeignWrite {
  file: string;
  module: string;
  /** The SQL table name. */
  table: string;
  owner: string;
  /** The statement as found: `.update(listings)` or `update tractor_listings`. */
  statement: string;
}

/** Modules exempt from the ownership rule: the demo seeder builds a whole fake market (decision 0026). */
export const WRITE_EXEMPT_MODULES = new Set(['demo']);

type Owners = Readonly<Record<string, { readonly table: string; readonly owner: string }>>;

/**
 * Writes to a table another module owns: Drizzle `.insert(t)`, `.update(t)`, `.delete(t)` of a schema table export,
 * raw SQL `insert into t` (its `on conflict ... do update` included), `update t`, `delete from t`.
 */
export function foreignWrites(root: string, owners: Owners = TABLE_OWNERS): ForeignWrite[] {
  const byExport = new Map(Object.entries(owners));
  const bySqlName = new Map(Object.values(owners).map((o) => [o.table, o]));
  const found: ForeignWrite[] = [];
  for (const { file, abs, module } of moduleFiles(root)) {
    if (WRITE_EXEMPT_MODULES.has(module)) continue;
    const code = readFileSync(abs, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|\s)\/\/.*$/gm, '$1');
    const add = (statement: string, o: { table: string; owner: string } | undefined) => {
      if (o && o.owner !== module) found.push({ file, module, table: o.table, owner: o.owner, statement });
    };
    for (const m of code.matchAll(/\.(insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g))
      add(`.${m[1]}(${m[2]})`, byExport.get(m[2]));
    for (const m of code.matchAll(/\b(insert\s+into|update|delete\s+from)\s+(?:public\.)?"?(\w+)"?/gi))
      add(`${m[1].toLowerCase().replace(/\s+/, ' ')} ${m[2]}`, bySqlName.get(m[2]));
  }
  return found;
}

/**
 * Known violations awaiting their fix: delete the entry with the fix. The test fails on any violation not listed here, and on any entry that no longer occurs.
 */
export const ALLOWLIST: ReadonlyArray<{ file: string; specifier: string; fixedBy: string }> = [];

/**
 * Foreign-table writes not moved to their owner yet (`file: statement`): the test fails on any other, and on an
 * entry that no longer occurs. Delete the entry with the move.
 */
export const WRITES_ALLOWLIST: ReadonlyArray<string> = [];

export const writeKey = (w: ForeignWrite) => `${w.file}: ${w.statement}`;

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
  const cycles = moduleCycles(moduleGraph(root));
  for (const cycle of cycles) console.log(`import cycle: ${cycle.join(' -> ')}`);
  const writes = foreignWrites(root);
  const newWrites = writes.filter((w) => !WRITES_ALLOWLIST.includes(writeKey(w)));
  for (const w of writes) console.log(`${writeKey(w)} writes ${w.table}, owned by ${w.owner}`);
  console.log(`${all.length} violations, ${all.length - bad.length} allowlisted, ${bad.length} new`);
  console.log(`${cycles.length} cycles, ${writes.length} foreign-table writes`);
  process.exit(bad.length || cycles.length || newWrites.length ? 1 : 0);
}
