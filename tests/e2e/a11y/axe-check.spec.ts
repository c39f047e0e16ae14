import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../support/page-checks';

/*
 * The accessibility suites are only as good as their check: on a page given known faults (an image
 * without a text alternative, a button without a name, low-contrast text), expectNoAxeViolations
 * must fail and name each rule, at the page level and within a scope.
 */
test('the axe check fails on known violations and names their rules', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.evaluate(() => {
    const box = document.createElement('section');
    box.id = 'faulty';
    box.innerHTML =
      '<img src="/favicon.svg"><button type="button"></button><p>Faint text nobody can read</p>';
    // Set through the style object: the page's policy refuses inline style attributes.
    const faint = box.querySelector('p')!;
    faint.style.color = '#bbbbbb';
    faint.style.backgroundColor = '#ffffff';
    document.querySelector('main')!.append(box);
  });
  const failure = await expectNoAxeViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/image-alt/);
  expect(failure).toMatch(/button-name/);
  expect(failure).toMatch(/color-contrast/);

  const scoped = await expectNoAxeViolations(page, '#faulty').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(scoped).toMatch(/image-alt/);
});
