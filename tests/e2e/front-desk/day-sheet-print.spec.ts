import { expect, test } from '../fixtures';
import { createUnitByApi, uniqueCode } from '../back-office/support';
import { BOOKING_SOURCES } from '../../../src/domain/constants';
import { signInPage } from '../support/auth';
import { addDays, createDeskBooking, deskGuestName, manilaToday } from './support';

const CABINS = 20;
/** The sources staff choose (a guest-made booking is the website's). */
const STAFF_SOURCES = BOOKING_SOURCES.filter((source) => source !== 'website');

/** A browser's usual printing margins (Playwright's page.pdf has none by default). */
const PRINT_MARGINS = { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' };

/** Pages in a PDF Chromium wrote: its page objects (`/Type /Page`, not `/Pages`). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

/**
 * Issue 22: the day sheet prints on one A4 page for a 20-cabin resort. A far-off day of this
 * spec's own, with an arrival in each of 20 cabins of its own and a long special request on each;
 * printed, the navigation and buttons go and the sheet is one page.
 */
test('the printed day sheet of 20 arrivals fits one A4 page, without navigation or buttons', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInPage(page, 'manager');
  const request = page.context().request;
  const day = addDays(manilaToday(), 900 + Math.floor(Math.random() * 400));
  // Named to sort last: twenty cabins must not push other specs' cabins out of the pickers.
  const cabins = [];
  for (let i = 0; i < CABINS; i += 1) {
    const code = uniqueCode('ZDP');
    cabins.push(
      await createUnitByApi(request, { unit_name: `Zz Desk Print ${code}`, unit_code: code }),
    );
  }
  await Promise.all(
    cabins.map((cabin, i) =>
      createDeskBooking(request, {
        unitId: cabin.unit_id,
        guestName: deskGuestName('Printed'),
        check_in: day,
        check_out: addDays(day, 2),
        source: STAFF_SOURCES[i % STAFF_SOURCES.length],
        special_requests:
          'Late arrival around ten in the evening; a baby cot, extra towels and a vegetarian breakfast for two, please.',
      }),
    ),
  );

  await page.goto(`/front-desk?date=${day}`);
  const arrivals = page.getByRole('region', { name: /^Arrivals/ });
  await expect(arrivals.getByRole('listitem', { name: /Printed/ })).toHaveCount(CABINS);
  await expect(page.getByRole('button', { name: 'Print day sheet' })).toBeEnabled();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print day sheet' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next day' })).toBeHidden();
  // On paper each section is a compact table, its rows the day's stays.
  const sheet = page.getByRole('table').filter({ hasText: 'Housekeeping' });
  await expect(sheet).toHaveCount(1);
  await expect(sheet.getByRole('row')).toHaveCount(CABINS + 1);

  const pdf = await page.pdf({ format: 'A4', margin: PRINT_MARGINS });
  expect(pdfPageCount(pdf), 'pages of the printed day sheet').toBe(1);
});
