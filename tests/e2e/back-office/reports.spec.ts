import { readFileSync } from 'node:fs';
import type { ReportMonthDto, ReportSummaryDto } from '../../../src/domain/schemas/report.schema';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { signInPage } from '../support/auth';

/**
 * Issue 23 "Done when": an owner opens Reports, picks last quarter against the same quarter last
 * year, reads occupancy, ADR and RevPAR per month as a chart and as a table (the numbers are the
 * API's), and downloads the CSV; staff are refused. The page only reads, so the demo resort's
 * figures and other specs' records can be whatever they are: the test compares with the API.
 */

type Summary = ReportSummaryDto;
type Month = ReportMonthDto;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
const pesos = (value: number) =>
  `₱${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** Last quarter's first night and the morning after its last, today in the resort's zone. */
function lastQuarter(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = month - ((month - 1) % 3); // this quarter's first month
  const at = (index: number) =>
    `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  const thisQuarter = year * 12 + (start - 1);
  return { from: at(thisQuarter - 3), to: at(thisQuarter) };
}

test.describe('reports', () => {
  test('an owner reads last quarter against the same quarter last year and downloads the CSV', async ({
    page,
  }) => {
    await signInPage(page, 'owner');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last quarter' });
    await page
      .getByLabel('Compare with', { exact: true })
      .selectOption({ label: 'Same period last year' });
    const range = lastQuarter();
    await expect(page).toHaveURL(new RegExp(`from=${range.from}`));

    const answer = await page.request.get(`/api/reports/summary?from=${range.from}&to=${range.to}`);
    expect(answer.status()).toBe(200);
    const summary = ((await answer.json()) as { data: Summary }).data;
    expect(summary.by_month).toHaveLength(3);
    expect(summary.comparison.last_year.from).toBe(
      `${Number(range.from.slice(0, 4)) - 1}${range.from.slice(4)}`,
    );

    // The key figures compare with the same quarter last year.
    await expect(
      page.getByText(`Same period last year: ${percent(summary.comparison.last_year.occupancy)}`),
    ).toBeVisible();

    // Each figure per month: a chart (a canvas, hidden from screen readers) and a table.
    for (const [title, value] of [
      ['Occupancy per month', (row: Month) => percent(row.occupancy)],
      ['ADR per month', (row: Month) => pesos(row.adr)],
      ['RevPAR per month', (row: Month) => pesos(row.revpar)],
    ] as const) {
      const chart = page.locator(`[data-chart="${title}"]`);
      await expect(chart).toHaveAttribute('aria-hidden', 'true');
      await expect(chart.locator('canvas')).toHaveCount(1);
      const table = page.getByRole('region', { name: title });
      for (const row of summary.by_month) {
        const line = table.getByRole('row', { name: new RegExp(`^${label(row.month)}`) });
        await expect(line).toContainText(value(row));
      }
    }
    const occupancy = page.getByRole('region', { name: 'Occupancy per month' });
    for (const row of summary.by_month) {
      await expect(
        occupancy.getByRole('row', { name: new RegExp(`^${label(row.month)}`) }),
      ).toContainText(`${row.room_nights_sold} / ${row.room_nights_available}`);
    }

    // The CSV of the per-month table holds the same numbers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: 'Occupancy per month' })
        .locator('..')
        .getByRole('link', { name: 'CSV of Occupancy per month' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-by-month-${range.from}-to-${range.to}.csv`);
    const [header, ...lines] = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(header).toBe(
      'Month,Room nights available,Room nights sold,Occupancy (%),ADR,RevPAR,Room revenue,Extras revenue,Fees revenue,Total revenue',
    );
    expect(lines).toHaveLength(3);
    summary.by_month.forEach((row, i) => {
      const cells = lines[i]!.split(',');
      expect(cells.slice(0, 3)).toEqual([
        row.month,
        String(row.room_nights_available),
        String(row.room_nights_sold),
      ]);
      expect(Number(cells[3])).toBeCloseTo(row.occupancy * 100, 1);
      expect([Number(cells[4]), Number(cells[5]), Number(cells[6])]).toEqual([
        row.adr,
        row.revpar,
        row.room_revenue,
      ]);
    });

    // At phone width nothing scrolls sideways (the wide tables scroll inside their own region).
    await atPhoneWidth(page);
    await expectNoHorizontalOverflow(page);
  });

  test('staff are refused, on the page and by the server', async ({ page }) => {
    await signInPage(page, 'staff');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await page.goto('/reports');
    await expect(page.getByText('You do not have permission to view reports')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    const refused = await page.request.get('/api/reports/summary?from=2027-01-01&to=2027-02-01');
    expect(refused.status()).toBe(403);
  });
});
