// The built app under its Content Security Policy: the login page, the members list, a member
// form with a photo, a PDF download, the public form and the credential check all work with no
// CSP violation in the browser, and the page carries no inline script.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let memberId = 0;
let code = '';

/** A 1×1 PNG, shown as a data: image. */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  // Credentials are issued only once the church's data is complete.
  const church = await admin.request('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Antônio Conceição',
    city: 'São Paulo',
  });
  expect(church.status).toBe(200);
  const member = await admin.request('POST', '/members', {
    name: 'Marta Conceição Lima',
    status: 'active',
    photo: PHOTO,
  });
  memberId = (member.json as { id: number }).id;
  const card = await admin.request('POST', '/credentials', { member_id: memberId });
  expect(card.status).toBe(201);
  code = (card.json as { code: string }).code;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page that records every CSP violation: the DOM event and the console's report. */
async function watchedPage(): Promise<{
  context: BrowserContext;
  page: Page;
  violations: string[];
}> {
  const { context, page } = await newPage(browser, server);
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return { context, page, violations };
}

describe('Content Security Policy in the browser', () => {
  it('serves a page without inline scripts, with the policy on it', async () => {
    const response = await fetch(`${server.baseUrl}/login`);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('signs in, lists and edits members, downloads a PDF: no violation', async () => {
    const { context, page, violations } = await watchedPage();
    try {
      await page.goto('/login');
      await page.locator('input[name=email]').waitFor();
      await signIn(page, ADMIN.email, ADMIN.password);

      await page.goto('/membros');
      await page.locator('tbody tr').filter({ hasText: 'Marta Conceição Lima' }).waitFor();

      // A member form, with a photo the browser shrinks (blob: and data: images).
      await page.goto('/membros/cadastrar');
      await page.locator('input[name="photo-file"]').setInputFiles({
        name: 'foto.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PHOTO.split(',')[1], 'base64'),
      });
      await expect
        .poll(() => page.locator('img[src^="data:image/"]').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);

      // The member's page shows the photo; its card downloads as a PDF.
      await page.goto(`/membros/${memberId}`);
      await page.getByRole('heading', { name: 'Credencial de membro' }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .locator('section')
          .filter({ has: page.getByRole('heading', { name: 'Credencial de membro' }) })
          .getByRole('button', { name: 'Imprimir' })
          .first()
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^credencial-\d{6}\.pdf$/);
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the public form and the credential check: no violation', async () => {
    const { context, page, violations } = await watchedPage();
    try {
      await page.goto('/meu_cadastro');
      await page.getByRole('heading', { name: 'Faça seu cadastro', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');

      await page.goto(`/credencial/${code}`);
      await page.getByRole('status').waitFor();
      await page.getByText('Marta Conceição Lima').waitFor();
      await expect.poll(() => page.locator('.MuiCard-root img').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
