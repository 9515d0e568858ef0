import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
export const dataDir = () => inject('dataDir');
/** Browser tests run only where a Chromium exists (CI=true fails earlier when it does not). */
export const hasBrowser = () => inject('chromium') !== '';

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export interface BrowserOptions {
  /** Accept the server's self-signed certificate (the cluster test's https proxy). */
  ignoreCertificateErrors?: boolean;
  /** The browser's time zone (IANA), when a test needs one other than this machine's. */
  timezoneId?: string;
}

/** The two widths every journey checks: a phone and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 900 };

/**
 * A page the server rendered is on screen before the app has taken it over (decisions 0053, 0058): journeys act
 * as someone who waits for the page to be ready, so `goto` and `reload` resolve once the app has hydrated (any
 * page with the app's root). Only `waitUntil: 'commit'` returns at once: taps-before-hydration tests that window.
 */
/** The app has taken over the server's HTML (or the page has no app root); gives up quietly after 20 s. */
export async function waitForHydration(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.getElementById('root') ||
        (window as unknown as { __fieldlotHydrated?: boolean }).__fieldlotHydrated === true,
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
}

function waitForTheAppOnLoad(page: Page) {
  const ready = async () => {
    await waitForHydration(page);
    // Parts that hydrate after the rest (their code loaded lazily) are ready once the page's requests settle.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await ready();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await ready();
    return response;
  };
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Chromium for many browsers at once: each `newContext()` is a browser of its own (cookies, storage) in the
 * same process, far lighter than a process per browser. Its pages are not made to wait for the app on `goto`
 * (openBrowser's pages are): a journey using it waits for what it needs itself.
 */
export async function launchChromium() {
  const browser = await chromium.launch({
    executablePath: inject('chromium'),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    browser,
    newContext: (viewport = DESK) => browser.newContext({ viewport, baseURL: baseUrl() }),
    close: () => browser.close(),
  };
}

/** A fresh browser profile (persistent context on a new temporary folder), as DEVELOPERS.md describes. */
export async function openBrowser(viewport = DESK, options: BrowserOptions = {}): Promise<Browser> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-chrome-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: inject('chromium'),
    headless: true,
    viewport,
    baseURL: baseUrl(),
    ignoreHTTPSErrors: options.ignoreCertificateErrors ?? false,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    args: [...(options.ignoreCertificateErrors ? ['--ignore-certificate-errors'] : []), ...CHROMIUM_ARGS],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  waitForTheAppOnLoad(page);
  const errors: string[] = [];
  context.on('weberror', (e) => errors.push(String(e.error())));
  page.on('console', (msg) => {
    // A 4xx answered on purpose (e.g. the session probe of a 404 page) is logged by Chromium as a console error.
    if (
      msg.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of (401|404)/.test(msg.text())
    ) {
      errors.push(msg.text());
    }
  });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The axe rule sets every check runs: WCAG 2.0, 2.1 and 2.2 A/AA, and the best-practice rules that found real
 * problems here (docs/accessibility.md, docs/decisions/0089-wcag-2-2-aa.md). The best-practice rules left out
 * are named in AXE_RULES_LEFT_OUT with the reason.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** Best-practice rules we do not hold the app to (decision 0089 says why for each). */
export const AXE_RULES_LEFT_OUT: string[] = [];

/** One axe finding, short: rule, help text and the selectors of the elements. */
export interface AxeFinding {
  id: string;
  help: string;
  targets: string[];
}

/**
 * Waits until no toast is moving: none is fading in or out, and no stacked toast's content is fading (axe would
 * read a half-transparent toast's contrast mid-transition). Read from the toasts' running transitions and
 * animations, so a loaded machine that draws them slowly is waited for, 8 s at most.
 */
async function toastsSettled(page: Page) {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].every(
          (t) =>
            // A loading toast's spinner turns for ever; only what ends (a fade, a slide) is waited for.
            t.getAnimations({ subtree: true }).every((a) => a.effect?.getTiming().iterations === Infinity) &&
            ['0', '1'].includes(getComputedStyle(t).opacity),
        ),
      undefined,
      { timeout: 8_000 },
    )
    .catch(() => undefined);
}

/**
 * Holds the toasts still while axe reads the page, or lets them go on: a toast lives 4 s, and a check on a loaded
 * machine takes longer, so a toast read at its start was fading by its end (its contrast then read mid-fade).
 * Sonner pauses every toast while the pointer is over the toaster: the events React listens to for that are sent
 * to it directly, as a modal dialog's overlay keeps a real pointer away.
 */
export async function holdToasts(page: Page, hold: boolean) {
  await page
    .evaluate((over) => {
      const toaster = document.querySelector('[data-sonner-toaster]');
      if (!toaster) return;
      const type = over ? 'mouseover' : 'mouseout';
      toaster.dispatchEvent(
        new MouseEvent(type, { bubbles: true, relatedTarget: over ? document.body : null }),
      );
      if (over) toaster.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    }, hold)
    .catch(() => undefined);
}

/**
 * The axe violations (AXE_TAGS) on the current page, or only inside `include`. `inPage` runs axe in the page
 * itself (axe.run, same-origin frames only) and keeps only the violations' details: the default (axe.runPartial in
 * each frame, then axe.finishRun in a blank tab opened for it) opens and closes a tab for every check, which the
 * every-route sweep, with hundreds of checks, cannot afford. The app has no cross-origin frame on the screens the
 * sweep opens, so both find the same.
 */
export async function axeFindings(
  page: Page,
  include: string[] = [],
  { inPage = false } = {},
): Promise<AxeFinding[]> {
  await holdToasts(page, true);
  await toastsSettled(page);
  let builder = new AxeBuilder({ page });
  if (inPage) builder = builder.setLegacyMode(true).options({ resultTypes: ['violations'] });
  builder = builder.withTags(AXE_TAGS);
  if (AXE_RULES_LEFT_OUT.length > 0) builder = builder.disableRules(AXE_RULES_LEFT_OUT);
  for (const selector of include) builder = builder.include(selector);
  // axe takes a sticky element for one drawn where it is at the moment (docs/decisions/0089): on a page scrolled
  // down the site header's links, and at the top of a page the inspector's bottom bar, count as lying over the
  // targets they pass over, which then fail target-size as obscured. For the check each sticky element is put back
  // in its own place in the flow (position: relative, which keeps its box and its stacking; nothing else moves),
  // then restored. What a sticky bar really covers while a person scrolls and tabs is the keyboard journey's check
  // (2.4.11).
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).position !== 'sticky') continue;
      el.dataset.axeUnstuck = el.getAttribute('style') ?? '\u0000';
      el.style.setProperty('position', 'relative', 'important');
      el.style.setProperty('inset', 'auto', 'important');
    }
  });
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  try {
    results = await builder.analyze();
  } finally {
    await page
      .evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-axe-unstuck]')) {
          const style = el.dataset.axeUnstuck;
          if (style === '\u0000') el.removeAttribute('style');
          else el.setAttribute('style', style ?? '');
          delete el.dataset.axeUnstuck;
        }
      })
      .catch(() => undefined); // The page may have moved on (a failed check); nothing is left to restore then.
    await holdToasts(page, false);
  }
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** Fails with the list of axe violations (AXE_TAGS: WCAG 2.2 A/AA and best practice) on the page, or inside `include`. */
export async function expectNoAxeViolations(page: Page, include: string[] = []) {
  const summary = (await axeFindings(page, include)).map(
    (v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`,
  );
  expect(summary).toEqual([]);
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  await page.screenshot({
    path: path.resolve(import.meta.dirname, '../artifacts', `${name}.png`),
    fullPage,
  });
}

/** A journey's screenshots, `artifacts/<journey>-<name>.png`: `const shot = journeyShots('want-lists')`. */
export const journeyShots = (journey: string) => (page: Page, name: string) =>
  screenshot(page, `${journey}-${name}`);

/** The sonner toast showing `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
