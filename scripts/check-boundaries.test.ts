import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkBoundaries,
  foreignWrites,
  importSpecifiers,
  moduleCycles,
  moduleGraph,
  staleAllowlist,
  unexpected,
  WRITES_ALLOWLIST,
  writeKey,
} from './check-boundaries.js';

function writeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fieldlot-boundaries-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${source}\n`);
  }
  return dir;
}

const root = path.resolve(import.meta.dirname, '..');

describe('import boundaries', () => {
  it('hold in this repository (apart from the allowlisted violations the next changes remove)', () => {
    const all = checkBoundaries(root);
    expect(unexpected(all)).toEqual([]);
    expect(staleAllowlist(all)).toEqual([]);
  });

  describe('on a tree with one wrong import per rule', () => {
    const dir = writeTree({
      // allowed
      'domain/money.ts': "import { z } from 'zod';\nimport { a } from './fees.js';",
      'domain/money.test.ts': "import { it } from 'vitest';\nimport { z } from 'zod';",
      'web/src/features/offers/offer-panel.tsx':
        "import { useSession } from '@/features/auth';\nimport { fee } from '@domain/money';",
      'web/src/components/ui/button.tsx': "import { cn } from '@/lib/utils';",
      'server/src/modules/offers/offers.service.ts':
        "import { markSold } from '../listings/index.js';\nimport { AppError } from '../../lib/app-error.js';",
      'server/src/lib/audit.ts': "import { db } from '../db/client.js';",
      // wrong, one per rule
      'domain/users.ts': "import { readFileSync } from 'node:fs';",
      'domain/routes.ts': "import type { Actor } from '../server/src/lib/context.js';",
      'web/src/lib/api.ts': "import { AppError } from '../../../server/src/lib/app-error.js';",
      'server/src/plugins/csrf.ts': "import {\n  findSession,\n} from '../modules/auth/sessions.js';",
      'server/src/db/seed.ts': "export { createUser } from '../modules/users/users.repository.js';",
      'web/src/components/layout/header.tsx': "import { SignOut } from '@/features/auth/api/sign-out';",
      'server/src/modules/admin/admin.routes.ts': "const m = await import('../mail/outbox.repository.js');",
      'web/src/features/admin/dashboard.tsx':
        "import type { Tab } from '../offers/components/admin-offers-tab';",
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports exactly the wrong imports, each with its rule', () => {
      const found = checkBoundaries(dir)
        .map((v) => `${v.file} -> ${v.specifier}: ${v.rule}`)
        .sort();
      expect(found).toEqual(
        [
          'domain/routes.ts -> ../server/src/lib/context.js: domain imports only zod and domain/',
          'domain/users.ts -> node:fs: domain imports only zod and domain/',
          'server/src/db/seed.ts -> ../modules/users/users.repository.js: server/src/db, lib and plugins never import a feature module',
          'server/src/modules/admin/admin.routes.ts -> ../mail/outbox.repository.js: a feature imports another feature only through its index.ts',
          'server/src/plugins/csrf.ts -> ../modules/auth/sessions.js: server/src/db, lib and plugins never import a feature module',
          'web/src/components/layout/header.tsx -> @/features/auth/api/sign-out: web/src/components never imports a feature',
          'web/src/features/admin/dashboard.tsx -> ../offers/components/admin-offers-tab: a feature imports another feature only through its index.ts',
          'web/src/lib/api.ts -> ../../../server/src/lib/app-error.js: web never imports server/',
        ].sort(),
      );
    });

    it('fails the check for a wrong import that is not allowlisted', () => {
      expect(unexpected(checkBoundaries(dir))).toHaveLength(8);
    });
  });

  it('find no import cycle between server modules in this repository', () => {
    expect(moduleCycles(moduleGraph(root))).toEqual([]);
  });

  it("find no write to another module's table in this repository (apart from the allowlisted ones)", () => {
    const writes = foreignWrites(root).map(writeKey);
    expect(writes.filter((w) => !WRITES_ALLOWLIST.includes(w))).toEqual([]);
    expect(WRITES_ALLOWLIST.filter((w) => !writes.includes(w))).toEqual([]);
  });

  describe('on a tree of server modules with a cycle and foreign writes', () => {
    const dir = writeTree({
      // listings -> watchlist -> listings, through index files and a type-only import; offers -> listings is no cycle
      'server/src/modules/listings/listings.service.ts':
        "import { notifyWatchers } from '../watchlist/index.js';",
      'server/src/modules/watchlist/watchlist.service.ts':
        "import type { ListingCard } from '../listings/index.js';",
      'server/src/modules/offers/offers.service.ts': "import { markSold } from '../listings/index.js';",
      // a test importing back is no cycle
      'server/src/modules/offers/offers.test.ts':
        "import { offerRoutes } from '../offers/index.js';\nimport '../purchases/index.js';",
      'server/src/modules/purchases/purchases.service.ts':
        "import { returnOffer } from '../offers/index.js';",
      // writes: its own tables (allowed), a foreign table by Drizzle and by raw SQL (wrong)
      'server/src/modules/purchases/purchases.repository.ts': [
        'await tx.insert(purchases).values(row);',
        "await tx.update(listings).set({ status: 'sold' });",
        "await tx.execute(sql`insert into tractor_offers (id) values (1) on conflict (id) do update set status = 'x'`);",
        '// update tractor_listings in a comment is no write',
        "await tx.execute(sql`update purchases set status = 'cancelled'`);",
      ].join('\n'),
      'server/src/modules/watchlist/watchlist.repository.ts':
        'const seen = new Set();\nseen.delete(listingId);\nawait tx.execute(sql`DELETE FROM recent_views where id = 1`);',
      'server/src/modules/users/users.repository.ts': 'await exec.delete( sessions ).where(x);',
      'server/src/modules/demo/demo.seed.ts': 'await tx.insert(offers).values(rows);',
      'server/src/modules/listings/listings.test.ts': 'await tx.insert(users).values(rows);',
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('report the import cycle as a path', () => {
      expect(moduleCycles(moduleGraph(dir))).toEqual([['listings', 'watchlist', 'listings']]);
    });

    it('report each write to a table another module owns (tests and the demo seeder exempt)', () => {
      const found = foreignWrites(dir).map((w) => `${writeKey(w)} -> ${w.owner}`);
      expect(found.sort()).toEqual(
        [
          'server/src/modules/purchases/purchases.repository.ts: .update(listings) -> listings',
          'server/src/modules/purchases/purchases.repository.ts: insert into tractor_offers -> offers',
          'server/src/modules/users/users.repository.ts: .delete(sessions) -> lib',
        ].sort(),
      );
    });
  });

  it('report a cycle through three modules once, starting from its first module', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(moduleCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('reads every kind of import statement', () => {
    const source = [
      "import a from 'a';",
      "import type { B } from 'b';",
      "import {\n  c,\n  d,\n} from './c.js';",
      "export * from './e.js';",
      "export { f } from '@/f';",
      "import './g.css';",
      "const h = await import('../h.js');",
      "// import x from 'commented-out';",
      "/* import y from 'block-comment'; */",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      ['../h.js', './c.js', './e.js', './g.css', '@/f', 'a', 'b'].sort(),
    );
  });
});
