import { expect, test } from '../fixtures';

/*
 * Issue 15, point 17: a page the app does not have answers HTTP 404, with the app's own
 * "404 Page Not Found" page; the app's pages (parameterised ones too) answer 200, and an unknown
 * API path stays a JSON 404.
 */

test.describe('unknown pages', () => {
  test.use({ allowProblems: [/404 GET .*\/(no-such-page|bookings\/x\/y\/z)|status of 404/] });

  test('answer 404 with the app, which shows its not-found page', async ({ request, page }) => {
    for (const path of ['/no-such-page', '/bookings/x/y/z', '/settings/general/more']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(await response.text(), path).toContain('<div id="root"');
    }
    for (const path of [
      '/',
      '/login',
      '/calendar',
      '/dashboard',
      '/bookings',
      '/bookings/3f2b1c9e-0000-4000-8000-000000000001',
      '/units/3f2b1c9e-0000-4000-8000-000000000001/edit',
      '/audit-logs',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
    }
    const api = await request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Route GET /api/no-such-endpoint not found' });

    const shown = await page.goto('/bookings/x/y/z');
    expect(shown?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByRole('button', { name: /go back/i })).toBeVisible();
  });
});
