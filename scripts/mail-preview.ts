// `npm run mail:preview`: renders every registered e-mail template with a sample payload into
// .tmp/mail-preview/<template>.html (+ .txt) and an index.html, to look at them in a browser.
// The samples are the admin panel's previews' (server/src/modules/admin/mail-preview.ts): one place for both.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { testConfig } from '../server/src/config.js';
import { previewTemplates, renderPreview } from '../server/src/modules/admin/index.js';
import { escapeHtml } from '../server/src/modules/mail/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'server/src/modules');
const out = path.join(root, '.tmp/mail-preview');

// Every module's templates registered (each *.mail.ts registers its own on import).
for (const dir of readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)) {
  for (const file of readdirSync(path.join(modulesDir, dir)).filter((f) => f.endsWith('.mail.ts')))
    await import(pathToFileURL(path.join(modulesDir, dir, file)).href);
}

const config = testConfig();
mkdirSync(out, { recursive: true });
const index: string[] = [];
let failed = 0;
for (const name of previewTemplates()) {
  try {
    const mail = renderPreview(config, name, {});
    if (!mail) continue;
    writeFileSync(path.join(out, `${name}.html`), mail.html);
    writeFileSync(path.join(out, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
    index.push(
      `<li><a href="${name}.html">${escapeHtml(name)}</a>: ${escapeHtml(mail.subject)} (<a href="${name}.txt">text</a>)</li>`,
    );
    console.log(`  ${name}: ${mail.subject}`);
  } catch (err) {
    failed++;
    console.error(
      `  ${name}: could not render with the sample payload (${(err as Error).message}); add a sample in admin/mail-preview.ts`,
    );
  }
}
writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Mail preview</title><ul>${index.join('')}</ul>`,
);
console.log(`\n${index.length} templates rendered into ${path.relative(root, out)}/ (open index.html)`);
process.exit(failed ? 1 : 0);
