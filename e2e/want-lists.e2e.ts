import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  expectNoAxeViolations,
  hasBrowser,
  journeyShots,
  openBrowser,
  PHONE,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiWrite, DEMO_DEALER, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

// docs/product/want-lists.md: on a phone, a dealer adds a want-list; a matching tractor goes live and the alert
// shows (live and by e-mail); a farmer's matching tractor arrives and the dealer answers "I'd pay up to" after a
// confirmation naming the amount; the admin's inquiry shows the answer.
const shot = journeyShots('want-lists');

describe.runIf(hasBrowser())('want-lists', () => {
  let admin: Browser;
  let phone: Browser;
  const run = Date.now().toString(36).toUpperCase();
  const model = `WL${run}`;
  const tractor = `2021 Fendt ${model}`;

  beforeAll(async () => {
    admin = await openBrowser();
    phone = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(phone.page, DEMO_DEALER.email, DEMO_DEALER.password);
  });
  afterAll(async () => {
    for (const b of [admin, phone]) await b?.close();
  });

  it('the dealer adds a want-list on a phone, with field messages first', async () => {
    const p = phone.page;
    await p.goto('/want-lists');
    await p.getByRole('heading', { name: 'Want-Lists', exact: true }).waitFor();
    await p.getByRole('button', { name: 'New want-list' }).first().click();
    const dialog = p.getByRole('dialog', { name: 'New want-list' });
    await dialog.getByLabel('Year from').fill('2022');
    await dialog.getByLabel('Year to').fill('2018');
    await dialog.getByRole('button', { name: 'Save want-list' }).click();
    await dialog.getByText('Enter a make.').waitFor();
    await dialog.getByText('The first year must not be after the last.').waitFor();
    await expectNoAxeViolations(p, ['[role="dialog"]']);
    await shot(p, 'form-errors');
    await dialog.getByLabel('Make').fill('Fendt');
    await dialog.getByLabel('Model words').fill(model);
    await dialog.getByLabel('Year from').fill('2015');
    await dialog.getByLabel('Year to').fill('');
    await dialog.getByLabel('Max hours').fill('5000');
    await dialog.getByLabel('Max price ($)').fill('150,000');
    await dialog.getByLabel('Or states').fill('IA, MN');
    await dialog.getByRole('button', { name: 'Save want-list' }).click();
    await toast(p, 'Want-list saved').waitFor();
    const row = p.getByRole('listitem').filter({ hasText: `Fendt ${model}` });
    await row.getByText('Up to $150,000 · in IA, MN').waitFor();
    await expectNoAxeViolations(p);
    await shot(p, 'list');
    // Nothing wider than the phone.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a matching tractor goes live and the dealer is alerted live and by e-mail', async () => {
    const p = phone.page;
    const live = p.waitForResponse((r) => r.url().endsWith('/api/events'));
    await p.reload();
    await p.getByRole('heading', { name: 'Want-Lists', exact: true }).waitFor();
    await live;
    const created = await apiWrite(admin.page, 'POST', '/api/listings', {
      ...E2E_YARD,
      make: 'Fendt',
      model,
      year: 2021,
      hours: 1800,
      priceCents: 14_000_000,
      // The want-list is "in IA, MN": a location typed "Ames, IA" is in Iowa for it (decision 0072).
      location: 'Ames, IA',
      condition: 'Excellent',
      description: 'Want-list journey tractor',
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id: listingId } = await created.json();
    const asIs = await apiWrite(admin.page, 'POST', `/api/admin/listings/${listingId}/as-is`, {
      reason: 'E2E: sold as seen',
    });
    expect(asIs.ok(), await asIs.text()).toBe(true);
    await toast(p, `${tractor} matches your want-list`).waitFor();
    await shot(p, 'alert');
    const mail = await waitForMail({
      template: 'want-list-listing-alert',
      to: DEMO_DEALER.email,
      contains: `/tractor/${listingId}`,
    });
    expect(mail).toContain(`${tractor} was just listed and matches your want-list`);
  });

  it("a farmer's tractor matches: the dealer answers after a confirmation naming the amount", async () => {
    const p = phone.page;
    // The farmer's sell form, as the page posts it.
    const sent = await apiWrite(p, 'POST', '/api/inquiries', {
      make: 'Fendt',
      model,
      year: 2017,
      hours: 3900,
      location: 'Ames, IA',
      email: `farmer-${run.toLowerCase()}@example.com`,
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const notice = `A farmer near Ames, IA has a 2017 Fendt ${model}, 3,900 h. Interested?`;
    await p.goto('/want-lists/matches');
    const match = p.getByRole('listitem').filter({ hasText: notice });
    await match.waitFor();
    expect(await match.textContent()).not.toContain('farmer-');
    await match.getByLabel("I'd pay up to ($)").fill('30,000');
    await match.getByRole('button', { name: "I'd pay up to $…" }).click();
    const confirm = p.getByRole('alertdialog', { name: 'Pay up to $30,000?' });
    await confirm.waitFor();
    await expectNoAxeViolations(p, ['[role="alertdialog"]']);
    await shot(p, 'answer-confirm');
    await confirm.getByRole('button', { name: 'Yes, up to $30,000' }).click();
    await toast(p, 'Thanks, FieldLot has your answer.').waitFor();
    await match.getByText("You said you'd pay up to $30,000").waitFor();
    await expectNoAxeViolations(p);
    await shot(p, 'answered');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const a = admin.page;
    await a.goto('/admin?tab=inquiries');
    const inquiry = a.getByTestId('inquiry-row').filter({ hasText: model });
    await inquiry.getByTestId('inquiry-match').getByText('Would pay up to $30,000.00').waitFor();
    await shot(a, 'admin-dealers-who-want-it');
  });
});
