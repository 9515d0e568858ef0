// `npm run mail:preview`: renders every registered e-mail template with a sample payload into
// .tmp/mail-preview/<template>.html (+ .txt) and an index.html, to look at them in a browser.
// A template module may export `samples: Record<templateName, payload>` to override the generic sample.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { testConfig } from '../server/src/config.js';
import { escapeHtml, renderTemplate, templateNames } from '../server/src/modules/mail/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'server/src/modules');
const out = path.join(root, '.tmp/mail-preview');

const listing = {
  id: '6a0e9a1c-4a3e-4a59-9d11-58b6b1a1f6a0',
  make: 'John Deere',
  model: '8R 410',
  year: 2022,
  hours: 1250,
  priceCents: 48_500_000,
  location: 'Iowa',
  condition: 'Excellent',
};
const generic: Record<string, unknown> = {
  name: 'Dana Whitfield',
  email: 'dealer@fieldlot.example',
  companyName: 'Whitfield Ag Equipment',
  brands: ['John Deere', 'Case IH'],
  brand: 'John Deere',
  status: 'approved',
  token: 'sample-token-0123456789abcdef',
  url: 'http://localhost:3000/auth-redirect?token=sample&email=dealer%40fieldlot.example',
  unsubscribeToken: 'sample-unsubscribe-token',
  ...listing,
  listingId: listing.id,
  listings: [
    listing,
    { ...listing, id: 'b1', make: 'Kubota', model: 'M7-172', priceCents: 12_950_000, location: 'Ohio' },
  ],
  tractor: '2022 John Deere 8R 410',
  offerId: 'c5f1d7c2-0000-4000-8000-000000000001',
  offerType: 'offer',
  amountCents: 45_000_000,
  askingCents: 48_500_000,
  counterAmountCents: 47_000_000,
  counterMessage: 'Rear tires were replaced last season; we can meet you here.',
  message: 'We have a customer waiting for this one.',
  buyerName: 'Dana Whitfield',
  buyerCompany: 'Whitfield Ag Equipment',
  buyerEmail: 'dealer@fieldlot.example',
  transmission: 'e23 PowerShift',
  soldToAnother: false,
};

const samples: Record<string, Record<string, unknown>> = {};
for (const dir of readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)) {
  for (const file of readdirSync(path.join(modulesDir, dir)).filter((f) => f.endsWith('.mail.ts'))) {
    const mod = await import(pathToFileURL(path.join(modulesDir, dir, file)).href);
    Object.assign(samples, mod.samples ?? {});
  }
}

const config = testConfig();
const env = { publicUrl: 'http://localhost:3000', brand: config.brand };
mkdirSync(out, { recursive: true });
const index: string[] = [];
let failed = 0;
for (const name of templateNames()) {
  try {
    const mail = renderTemplate(name, { ...generic, ...samples[name] }, env);
    writeFileSync(path.join(out, `${name}.html`), mail.html);
    writeFileSync(path.join(out, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
    index.push(
      `<li><a href="${name}.html">${escapeHtml(name)}</a>: ${escapeHtml(mail.subject)} (<a href="${name}.txt">text</a>)</li>`,
    );
    console.log(`  ${name}: ${mail.subject}`);
  } catch (err) {
    failed++;
    console.error(
      `  ${name}: could not render with the sample payload (${(err as Error).message}); export a sample`,
    );
  }
}
writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Mail preview</title><ul>${index.join('')}</ul>`,
);
console.log(`\n${index.length} templates rendered into ${path.relative(root, out)}/ (open index.html)`);
process.exit(failed ? 1 : 0);
