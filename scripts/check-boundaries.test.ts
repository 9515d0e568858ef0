import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, importSpecifiers, staleAllowlist, unexpected } from './check-boundaries.js';

const root = path.resolve(import.meta.dirname, '..');

describe('import boundaries', () => {
  it('hold in this repository (apart from the allowlisted violations the next changes remove)', () => {
    const all = checkBoundaries(root);
    expect(unexpected(all)).toEqual([]);
    expect(staleAllowlist(all)).toEqual([]);
  });

  describe('on a tree with one wrong import per rule', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldlot-boundaries-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const files: Record<string, string> = {
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
    };
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), `${source}\n`);
    }

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
