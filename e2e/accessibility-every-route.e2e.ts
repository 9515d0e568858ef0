import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_ROUTES, type SpaRoute } from '../domain/routes';
import { type SmallTarget, smallTargets } from './support/accessibility';
import {
  type AxeFinding,
  axeFindings,
  baseUrl,
  DESK,
  hasBrowser,
  journeyShots,
  launchChromium,
  PHONE,
  toast,
  waitForHydration,
} from './support/browser';
import { serverClockOffsetMs } from './support/clock';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiPost, DEMO_DEALER, DEMO_PASSWORD, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * WCAG 2.2 AA on every route for every role (docs/accessibility.md): axe (WCAG 2.0-2.2 A/AA and best practice) and
 * our own target-size check (2.5.8) on each route of domain/routes.ts, at 1280 and 390 px, for a visitor, a pending
 * applicant, a dealer (the dealership's owner), a team member, an inspector and an admin, and with each role's main
 * dialogs open. Prints the count of findings per route × role × width; the budget is 0.
 */
const shot = journeyShots('a11y');

type Role = 'visitor' | 'pending' | 'dealer' | 'member' | 'inspector' | 'admin';
interface Ids {
  listingId: string;
  make: string;
  family: string;
  saleId: string;
}

/** Routes with a parameter: a real page for each (a new one fails typecheck until it is given one here). */
type ParamRoute = Extract<SpaRoute, `${string}:${string}`>;
const PARAMS: Record<ParamRoute, (ids: Ids) => string> = {
  '/my-listings/:id': () => '/my-listings/new',
  '/farmer-offer/:token': () => '/farmer-offer/not-a-real-offer-link-token',
  '/tractor/:id': ({ listingId }) => `/tractor/${listingId}`,
  '/tractor/:id/report': ({ listingId }) => `/tractor/${listingId}/report`,
  '/inspect/:listingId': ({ listingId }) => `/inspect/${listingId}`,
  '/market/:make/:family': ({ make, family }) =>
    `/market/${encodeURIComponent(make)}/${encodeURIComponent(family)}`,
  '/sales/:id': ({ saleId }) => `/sales/${saleId}`,
};
const isParamRoute = (route: SpaRoute): route is ParamRoute => route.includes(':');
const urlOf = (route: SpaRoute, ids: Ids) => (isParamRoute(route) ? PARAMS[route](ids) : route);

/** One checked screen: its axe findings and small targets at one width. */
interface Row {
  screen: string;
  role: Role;
  width: number;
  axe: AxeFinding[];
  targets: SmallTarget[];
}
const rows: Row[] = [];
const FINDINGS_FILE = path.resolve(import.meta.dirname, 'artifacts', 'a11y-findings.log');

/** How long each role took, and each route for each role (route load, both widths checked), in ms. */
const roleMs: Partial<Record<Role, number>> = {};
const routeMs: Array<{ role: Role; route: string; ms: number }> = [];

async function checkAt(page: Page, role: Role, screen: string, width: number, include: string[] = []) {
  const axe = await axeFindings(page, include, { inPage: true });
  const targets = await smallTargets(page, include[0] ?? 'body');
  const row = { screen, role, width, axe, targets };
  rows.push(row);
  // Written as found: a long run can be read (and its fixes started) before it ends.
  if (axe.length + targets.length > 0) appendFileSync(FINDINGS_FILE, `${linesOf(row).join('\n')}\n`);
  return axe.length + targets.length;
}

/** The requests each page is waiting on, but the live events' stream (it stays open for as long as the page). */
const pending = new WeakMap<Page, Set<Request>>();
function trackRequests(page: Page) {
  const open = new Set<Request>();
  pending.set(page, open);
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/events')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  // A request still open when its page is left is aborted: Chromium reports it failed.
}

/** Until no request of the page (but the live events) has been open for 250 ms, 5 s at most. */
async function requestsSettled(page: Page) {
  const open = pending.get(page) ?? new Set();
  const until = Date.now() + 5_000;
  let quietSince = 0;
  while (Date.now() < until) {
    if (open.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) return;
    await new Promise((r) => setTimeout(r, 40));
  }
}

/**
 * The page as its user reads it, not its loading state: the app has taken over the server's HTML, the h1 is
 * there, its requests (lazily loaded code, data) are answered and no loading spinner is left. Waits for each, never
 * a fixed time (a loaded machine may take seconds where a quiet one takes milliseconds).
 */
async function settle(page: Page) {
  await waitForHydration(page);
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await requestsSettled(page);
  await page
    .waitForFunction(() => !document.querySelector('[role="status"] .animate-spin'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

/** Opens `url` and waits until it is ready to read (settle). */
async function visit(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await settle(page);
}

/** Resizes the viewport and waits until the page has laid itself out again (two frames drawn). */
async function resize(page: Page, size: { width: number; height: number }) {
  const now = page.viewportSize();
  if (now?.width === size.width && now.height === size.height) return;
  await page.setViewportSize(size);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        setTimeout(resolve, 1_000);
      }),
  );
}

const other = (size: { width: number }) => (size.width === DESK.width ? PHONE : DESK);

/**
 * The screen as it is now at both widths, without reloading it: first at `first` (1280 px unless told), then at
 * the other, then back at 1280 px for what the test does next, unless `stay` (walking the routes alternates the
 * width a route is opened at instead, so no route pays for a resize back).
 */
async function checkBothWidths(
  page: Page,
  role: Role,
  screen: string,
  { include = [] as string[], first = DESK, stay = false } = {},
) {
  for (const size of [first, other(first)]) {
    await resize(page, size);
    await checkAt(page, role, screen, size.width, include);
  }
  if (!stay) await resize(page, DESK);
}

/** A screenshot at the width its name says, then back at 1280 px. */
async function shotAt(page: Page, size: { width: number; height: number }, name: string) {
  await resize(page, size);
  await shot(page, name);
  await resize(page, DESK);
}

/** Closes the toasts, so the page under them is what is checked (each toast has its own check in its journey). */
async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  if ((await toasts.count()) === 0) return;
  for (const button of await page.locator('[data-sonner-toast] [data-close-button]').all())
    await button.click({ timeout: 1000 }).catch(() => {});
  await toasts
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => {});
}

/** Routes after which a signed-in role had lost its session (printed; the role signs in again to go on). */
const signedOutBy: string[] = [];

async function everyRoute(page: Page, role: Role, ids: Ids, signIn?: () => Promise<void>) {
  const started = Date.now();
  let first = DESK;
  for (const route of SPA_ROUTES) {
    const t = Date.now();
    // Opened at the width the previous route was left at: half the routes load at 1280 px, half at 390 px.
    await visit(page, urlOf(route, ids));
    await closeToasts(page);
    titles.push({ role, route, title: await page.title() });
    await checkBothWidths(page, role, route, { first, stay: true });
    first = other(first);
    if (signIn) {
      const session = await (await page.request.get(`${baseUrl()}/api/auth/session`)).json();
      if (!session.user) {
        signedOutBy.push(`${role} after ${route}`);
        await signIn();
      }
    }
    routeMs.push({ role, route, ms: Date.now() - t });
  }
  await resize(page, DESK);
  roleMs[role] = Date.now() - started;
}

/** One checked screen's findings, as lines a person can act on. */
const linesOf = (r: Row) => [
  ...r.axe.map((v) => `${r.role} ${r.screen} @${r.width}: ${v.id}: ${v.help} (${v.targets.join(', ')})`),
  ...r.targets.map(
    (t) =>
      `${r.role} ${r.screen} @${r.width}: target ${t.width}×${t.height} px ${t.selector} "${t.name}" meets ${t.near}`,
  ),
];

/**
 * Each route's title in the browser's tab, for each role (2.4.2 Page Titled): every page names itself; the shell's
 * own title (web/index.html) is what a page that forgot to shows.
 */
const titles: Array<{ role: Role; route: string; title: string }> = [];
const SHELL_TITLE = readFileSync(path.resolve(import.meta.dirname, '../web/index.html'), 'utf8').match(
  /<title>([^<]*)<\/title>/,
)?.[1];
const untitled = (role: Role) =>
  titles
    .filter((t) => t.role === role && (t.title.trim() === '' || t.title === SHELL_TITLE))
    .map((t) => `${t.role} ${t.route}: the page has no title of its own ("${t.title}")`);

/** The findings of one role. */
const problemsOf = (role: Role) => [
  ...rows.filter((r) => r.role === role).flatMap(linesOf),
  ...untitled(role),
];

const ROLES = ['visitor', 'pending', 'dealer', 'member', 'inspector', 'admin'] as const;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// The roles run side by side, each a browser of its own (a context: its own cookies) in one Chromium: most of a
// page's time is waiting for its requests, and one Chromium for six browsers spares the machine five.
describe.runIf(hasBrowser()).concurrent('accessibility on every route for every role', () => {
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  const pages = {} as Record<Role, Page>;
  const run = Date.now().toString(36);
  const ids: Ids = { listingId: '', make: 'John Deere', family: '6R', saleId: '' };
  let counterListingId = '';
  let started = 0;
  let loadAtStart = '';

  beforeAll(async () => {
    started = Date.now();
    loadAtStart = existsSync('/proc/loadavg') ? loadAverage() : '?';
    mkdirSync(path.dirname(FINDINGS_FILE), { recursive: true });
    writeFileSync(FINDINGS_FILE, '');
    chromium = await launchChromium();
    for (const role of ROLES) {
      const context = await chromium.newContext(DESK);
      pages[role] = await context.newPage();
      trackRequests(pages[role]);
    }
    const admin = pages.admin;
    await signInViaApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(pages.dealer, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(pages.inspector, 'inspector@fieldlot.example', DEMO_PASSWORD);
    // Two live tractors of our own: one to offer on, one with a counter offer waiting for the dealer.
    const listing = async (model: string) => {
      const { id } = await apiPost(admin, '/api/listings', {
        ...E2E_YARD,
        make: 'John Deere',
        model,
        year: 2021,
        hours: 1800,
        priceCents: 61_000_00,
        location: 'Iowa',
        condition: 'Good',
        description: 'Accessibility journey tractor',
      });
      await apiPost(admin, `/api/admin/listings/${id}/as-is`, { reason: 'Accessibility journey tractor' });
      return id as string;
    };
    ids.listingId = await listing(`A11y-${run}`);
    counterListingId = await listing(`A11y-Counter-${run}`);
    // A Timed Sale two days ahead (on the server's clock), so /sales/:id shows a sale's run list.
    const at = Date.now() + serverClockOffsetMs() + 2 * 24 * 3600_000;
    const sale = await apiPost(admin, '/api/sales', {
      name: `Accessibility Sale ${run}`,
      startsAt: new Date(at).toISOString(),
      firstCloseAt: new Date(at + 3600_000).toISOString(),
    });
    ids.saleId = sale.id;
    expect(ids.saleId).toBeTruthy();
  }, 240_000);

  afterAll(async () => {
    // The count of findings per route × role × width (axe + small targets); the budget is 0 everywhere.
    const screens = [...new Set(rows.map((r) => r.screen))];
    const cell = (screen: string, role: Role, width: number) => {
      const r = rows.find((x) => x.screen === screen && x.role === role && x.width === width);
      return r ? String(r.axe.length + r.targets.length) : '-';
    };
    const header = ['screen', ...ROLES.flatMap((r) => [`${r}@1280`, `${r}@390`])];
    const lines = screens.map((s) => [s, ...ROLES.flatMap((r) => [cell(s, r, 1280), cell(s, r, 390)])]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const fmt = (l: string[]) => l.map((c, i) => c.padEnd(widths[i])).join('  ');
    const axeCount = rows.reduce((n, r) => n + r.axe.length, 0);
    const targetCount = rows.reduce((n, r) => n + r.targets.length, 0);
    const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(0)} s`);
    const slowest = [...routeMs].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      [
        `Accessibility findings (axe WCAG 2.2 AA + best practice, and targets under 24 px not spaced), ${rows.length} checks:`,
        `axe violations: ${axeCount}; small targets not spaced: ${targetCount}; findings in all: ${axeCount + targetCount}`,
        `Pages without a title of their own: ${titles.filter((t) => t.title.trim() === '' || t.title === SHELL_TITLE).length} of ${titles.length}; titles: ${new Set(titles.map((t) => t.title)).size}`,
        fmt(header),
        ...lines.map(fmt),
        `Signed out while walking the routes (signed in again): ${signedOutBy.join('; ') || 'never'}`,
        `Sweep took ${seconds(Date.now() - started)} (load average ${loadAtStart} at its start, ${existsSync('/proc/loadavg') ? loadAverage() : '?'} at its end); every route: ${ROLES.map((r) => `${r} ${seconds(roleMs[r])}`).join(', ')}; slowest routes: ${slowest.map((x) => `${x.role} ${x.route} ${seconds(x.ms)}`).join(', ')}`,
      ].join('\n'),
    );
    await chromium?.close();
  }, 240_000);

  it('the target-size check finds small targets too close together, and only those', async () => {
    const page = await pages.visitor.context().newPage();
    try {
      const small = 'width:16px;height:16px;padding:0;border:0';
      await page.setContent(`<body style="margin:0">
        <div style="position:absolute;left:10px;top:10px"><button id="a" style="${small}">a</button><button id="b" style="${small};margin-left:4px">b</button></div>
        <button id="spaced" style="position:absolute;left:300px;top:300px;${small}">c</button>
        <button id="big" style="position:absolute;left:500px;top:300px;width:44px;height:44px">d</button>
        <p style="position:absolute;top:400px">Read the <a href="#t">terms</a> first.</p>
        <label style="position:absolute;top:200px;left:10px"><input type="checkbox"> Send me e-mails</label>
      </body>`);
      const found = await smallTargets(page);
      expect(found.map((t) => [t.selector, t.width, t.height])).toEqual([
        ['button#a', 16, 16],
        ['button#b', 16, 16],
      ]);
    } finally {
      await page.close();
    }
  });

  it('a visitor: every route, the sign-in dialog and its reset view', async () => {
    const page = pages.visitor;
    await everyRoute(page, 'visitor', ids);
    await visit(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').waitFor();
    await checkBothWidths(page, 'visitor', 'dialog: sign in');
    await shotAt(page, PHONE, 'visitor-sign-in-390');
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await checkBothWidths(page, 'visitor', 'dialog: reset password');
    expect(problemsOf('visitor')).toEqual([]);
  }, 900_000);

  it('a pending applicant: refused at sign-in, then the pages an applicant is sent to', async () => {
    const page = pages.pending;
    // An applicant cannot hold a session until approved (docs/product/accounts.md): the pending role is a
    // signed-out browser whose sign-in was refused.
    await visit(page, '/pending-approval');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('pending@fieldlot.example');
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(
      page,
      'Your application is still pending approval. Please wait for admin confirmation.',
    ).waitFor();
    await checkBothWidths(page, 'pending', 'dialog: sign in refused');
    await page.keyboard.press('Escape');
    // Without a session every other route is the visitor's page, checked above.
    for (const route of ['/pending-approval', '/apply', '/'] as const) {
      await visit(page, route);
      await closeToasts(page);
      await checkBothWidths(page, 'pending', route);
    }
    expect(problemsOf('pending')).toEqual([]);
  }, 900_000);

  it("a dealer (the dealership's owner): every route, the offer dialog, Buy Now's and a counter's confirmations", async () => {
    const page = pages.dealer;
    const admin = pages.admin;
    // A counter offer waits on the second tractor.
    const { offer } = await apiPost(page, '/api/offers', {
      listingId: counterListingId,
      offerType: 'offer',
      amount: '52000',
    });
    await apiPost(admin, `/api/admin/offers/${offer.id}/counter`, {
      amount: '57000',
      message: 'Meet me at 57',
    });
    await everyRoute(page, 'dealer', ids, () => signInViaApi(page, DEMO_DEALER.email, DEMO_DEALER.password));

    await visit(page, `/tractor/${ids.listingId}`);
    await page.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByLabel('Offer amount (USD)').fill('50000');
    await checkBothWidths(page, 'dealer', 'dialog: make an offer');
    await shotAt(page, DESK, 'dealer-offer-1280');
    await dialog.getByText('Buy Now ($61,000)').click();
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await page.getByRole('dialog', { name: 'Confirm Buy Now' }).waitFor();
    await checkBothWidths(page, 'dealer', 'dialog: confirm Buy Now');
    await page.keyboard.press('Escape');

    await visit(page, `/tractor/${counterListingId}`);
    await page.getByRole('heading', { name: 'You have received a counter offer!' }).waitFor();
    await checkBothWidths(page, 'dealer', 'tractor with a counter offer');
    await page.getByRole('button', { name: 'Accept Counter Offer' }).click();
    await page.getByRole('alertdialog').waitFor();
    await checkBothWidths(page, 'dealer', 'dialog: accept the counter offer');
    await shotAt(page, DESK, 'dealer-accept-counter-1280');
    await page.keyboard.press('Escape');
    expect(problemsOf('dealer')).toEqual([]);
  }, 900_000);

  it('a team member: joins by invitation, every route and the offer dialog', async () => {
    const owner = pages.dealer;
    const email = `a11y-member-${run}@example.com`;
    await apiPost(owner, '/api/team/invites', { email, role: 'buyer' });
    const mail = await waitForMail({ template: 'team-invite', to: email, contains: '/team/join' }, 60_000);
    const token = /\/team\/join\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    const page = pages.member;
    await visit(page, `/team/join?token=${token}`);
    await page.getByRole('heading', { name: 'Join Your Dealership' }).waitFor();
    await checkBothWidths(page, 'member', '/team/join with an invitation');
    await page.getByLabel('Full Name').fill('Robin Accessible');
    await page.getByLabel('Password', { exact: true }).fill('Combine-Harvest#2032');
    await page.getByLabel('Confirm Password').fill('Combine-Harvest#2032');
    await page.getByRole('button', { name: 'Join the Team' }).click();
    await toast(page, 'Welcome to your dealership.').waitFor();
    await everyRoute(page, 'member', ids, () => signInViaApi(page, email, 'Combine-Harvest#2032'));
    await visit(page, `/tractor/${ids.listingId}`);
    await page.getByRole('button', { name: 'Make Offer' }).click();
    await page.getByRole('dialog', { name: 'Make an Offer' }).getByLabel('Offer amount (USD)').fill('49000');
    await checkBothWidths(page, 'member', 'dialog: make an offer');
    await page.keyboard.press('Escape');
    expect(problemsOf('member')).toEqual([]);
  }, 900_000);

  it('an inspector: every route', async () => {
    const page = pages.inspector;
    await everyRoute(page, 'inspector', ids, () =>
      signInViaApi(page, 'inspector@fieldlot.example', DEMO_PASSWORD),
    );
    expect(problemsOf('inspector')).toEqual([]);
  }, 900_000);

  it("an admin: every route, each tab of the Admin Panel, a counter's and a rejection's confirmations", async () => {
    const page = pages.admin;
    await everyRoute(page, 'admin', ids, () => signInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password));
    await visit(page, '/admin');
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    const names = (await tabs.allInnerTexts()).map((t) => t.trim().replace(/\s*\d+$/, ''));
    expect(names.length).toBeGreaterThan(5);
    for (let i = 0; i < names.length; i++) {
      await tabs.nth(i).click();
      await requestsSettled(page);
      await checkBothWidths(page, 'admin', `/admin tab: ${names[i]}`);
    }

    await page.getByRole('tab', { name: /^Offer Management/ }).click();
    const row = page.getByTestId('admin-offer-row').first();
    await row.waitFor();
    if ((await row.getByLabel('Counter amount').count()) > 0) {
      await row.getByLabel('Counter amount').fill('58000');
      await row.getByRole('button', { name: /^Counter/ }).click();
      await page.getByRole('alertdialog').waitFor();
      await checkBothWidths(page, 'admin', 'dialog: send a counter offer');
      await page.keyboard.press('Escape');
    }
    await page.getByRole('tab', { name: 'User Management' }).click();
    // Rejecting an approved dealer asks first (an applicant's rejection does not): opened, then closed unanswered.
    await page.getByRole('button', { name: 'Reject Marcus Ortega' }).click();
    await page.getByRole('alertdialog').waitFor();
    await checkBothWidths(page, 'admin', 'dialog: reject an application');
    await shotAt(page, PHONE, 'admin-reject-390');
    await page.keyboard.press('Escape');
    expect(problemsOf('admin')).toEqual([]);
  }, 900_000);
});
