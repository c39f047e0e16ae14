import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';

test.describe('public pages', () => {
  test('home page shows the resort, its cabins and the ways to book', async ({ page }) => {
    await atPhoneWidth(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Playa Serena');
    // The three seeded cabins come from the API.
    for (const name of [
      'Sunset Beachfront Cabin',
      'Bahay Kubo Garden Cabin',
      'Cove Family Villa',
    ]) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
    await expect(page.getByText(/₱2,500/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /book your stay/i }).first()).toHaveAttribute(
      'href',
      /\/guest-booking/,
    );
    await expect(page.getByRole('link', { name: /check booking/i }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /terms and conditions/i }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('every request stays on the app’s own origin', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) {
        foreign.push(request.url());
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Cove Family Villa' })).toBeVisible();
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(foreign).toEqual([]);
  });

  test('terms and conditions state the policies and link to the privacy notice', async ({
    page,
  }) => {
    await atPhoneWidth(page);
    await page.goto('/terms-and-conditions');
    await expect(
      page.getByRole('heading', { level: 1, name: /terms and conditions/i }),
    ).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('2:00 PM'); // check-in time from settings
    await expect(main).toContainText('12:00 PM'); // check-out time from settings
    await expect(main).toContainText(/90%/);
    await expect(main).toContainText(/14 business days/);
    await expect(main).toContainText(/18/);
    await page
      .getByRole('main')
      .getByRole('link', { name: /privacy/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expectNoHorizontalOverflow(page);
  });

  test('the data privacy notice has its 12 sections', async ({ page }) => {
    await atPhoneWidth(page);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/privacy/i);
    const sections = [
      'Information We Collect',
      'How We Use Your Information',
      'Legal Basis for Processing',
      'Sharing of Information',
      'Data Security',
      'Data Retention',
      'Your Rights as a Data Subject',
      'Cookies',
      "Children's Privacy",
      'Changes to This Policy',
      'International Transfers',
      'Contact Us',
    ];
    for (const name of sections) {
      await expect(
        page.getByRole('heading', { level: 2, name: new RegExp(name.replace(/'/g, '.')) }),
      ).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(page.getByRole('main')).toContainText(/5 years/);
    await expect(page.getByRole('main')).toContainText(/10 years/);
    await expectNoHorizontalOverflow(page);
  });

  test.describe('an unknown page', () => {
    // Issue 15: the page answers HTTP 404, which the browser reports.
    test.use({ allowProblems: [/404 GET .*\/no-such-page|status of 404/] });

    test('an unknown page shows the 404 page', async ({ page }) => {
      await atPhoneWidth(page);
      await page.goto('/no-such-page');
      await expect(page.getByText('404 Page Not Found')).toBeVisible();
      await expect(
        page
          .getByRole('link', { name: /dashboard/i })
          .or(page.getByRole('button', { name: /dashboard/i })),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /go back/i })).toBeVisible();
    });
  });

  test('each public page describes itself to search engines', async ({ page }) => {
    const descriptions: Record<string, RegExp> = {
      '/': /beachfront cabins in .*El Nido/,
      '/guest-booking': /^Book a beachfront cabin at Playa Serena/,
      '/check-booking': /^Check your booking at Playa Serena/,
      '/calendar': /^Availability of the beachfront cabins/,
    };
    for (const [path, description] of Object.entries(descriptions)) {
      await page.goto(path);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        description,
      );
    }
  });

  test('robots.txt lets crawlers read the public pages, not the back office', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});

test.describe('error screens', () => {
  // React reports the error its boundary caught; that one line is expected here.
  test.use({ allowProblems: [/Deliberate|__error-test|The above error occurred/i] });

  test('a crash in a page shows the root error screen with a way out', async ({ page }) => {
    await page.goto('/__error-test');
    await expect(page.getByText('Something went wrong with the application.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload Application' })).toBeVisible();
  });
});

test('the API documentation renders from the app itself', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) {
      foreign.push(request.url());
    }
  });
  await page.goto('/api/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  expect(foreign).toEqual([]);
});
