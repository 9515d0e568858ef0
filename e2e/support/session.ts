import type { APIResponse, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';

const CSRF_COOKIES = ['__Host-fieldlot_csrf', 'fieldlot_csrf'];

/** The demo dealers a DEMO=true start seeds (all with one password). */
export const DEMO_PASSWORD = 'Demo-Tractor#2025';
export const DEMO_DEALER = { email: 'dealer@fieldlot.example', password: DEMO_PASSWORD };
export const DEMO_DEALER2 = { email: 'dealer2@fieldlot.example', password: DEMO_PASSWORD };

/** The anti-forgery cookie of the page's browser context (fetched by a GET if there is none yet). */
export async function csrf(page: Page): Promise<string> {
  const find = async () =>
    (await page.context().cookies(baseUrl())).find((c) => CSRF_COOKIES.includes(c.name))?.value;
  let token = await find();
  if (!token) {
    await page.request.get(`${baseUrl()}/api/auth/session`);
    token = await find();
  }
  return token ?? '';
}

/** A write to the API from the page's browser context, with the anti-forgery header and Origin the SPA sends. */
export async function apiWrite(
  page: Page,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<APIResponse> {
  return page.request.fetch(`${baseUrl()}${path}`, {
    method,
    data,
    headers: { 'x-csrf-token': await csrf(page), origin: baseUrl() },
  });
}

/** A write that must succeed (the test fails with the method, path and answer otherwise); its JSON answer. */
export async function apiCall(
  page: Page,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await apiWrite(page, method, path, data);
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** A POST that must succeed; see apiCall. */
export const apiPost = (page: Page, path: string, data?: unknown) => apiCall(page, 'POST', path, data);

/**
 * Signs in through the API like the SPA does (anti-forgery cookie + header), so the browser context holds
 * the session cookie. Reload or navigate afterwards for the page to see it.
 */
export async function signInViaApi(page: Page, email: string, password: string) {
  const res = await apiWrite(page, 'POST', '/api/auth/sign-in', { email, password });
  expect(res.status(), await res.text()).toBe(200);
}

export async function signOutViaApi(page: Page) {
  await apiWrite(page, 'POST', '/api/auth/sign-out');
}

/** Signs in through the header's sign-in dialog, as a person would, and waits for the success toast. */
export async function signInViaUi(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog');
  if (!(await dialog.isVisible().catch(() => false))) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Sign In', exact: true })
      .or(page.getByRole('button', { name: 'Open menu' }))
      .first()
      .click();
    if (!(await dialog.isVisible().catch(() => false))) {
      // Narrow screens: the sign-in button lives in the mobile menu.
      const menuButton = page.locator('#mobile-menu').getByRole('button', { name: 'Sign In', exact: true });
      if (await menuButton.isVisible().catch(() => false)) await menuButton.click();
    }
  }
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Successfully signed in!').waitFor();
}

/**
 * A new dealer of its own, applied and approved, signed in on `page`: a journey whose mails or counts must not
 * depend on what earlier journeys left to the demo dealers (their open offers, their mail caps).
 */
export async function newDealer(page: Page, admin: Page, name: string, email: string) {
  const password = 'New-Dealer-Journey#2031';
  const applied = await apiWrite(page, 'POST', '/api/users/apply', {
    name,
    email,
    password,
    companyName: `${name} Farms`,
    brands: ['Kubota'],
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { users } = await (await admin.request.get(`${baseUrl()}/api/admin/users?status=pending`)).json();
  const user = (users as Array<{ id: string; email: string }>).find((u) => u.email === email);
  await apiCall(admin, 'PATCH', `/api/admin/users/${user?.id}/status`, { status: 'approved' });
  await signInViaApi(page, email, password);
}
