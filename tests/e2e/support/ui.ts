import { expect, type Locator, type Page } from '@playwright/test';

/** A toast by its text (the live region that announces it holds the same text, hidden). */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}

/**
 * The price breakdown's total once it prices `nights` nights and is not refreshing. Until then the
 * breakdown may still show the quote of the dates before the last change (it keeps the previous
 * quote on screen while the next one loads), so reading the total at once could read that one.
 */
export async function settledQuoteTotal(scope: Page | Locator, nights: number): Promise<string> {
  const breakdown = scope.locator('section[aria-labelledby="price-breakdown-title"]');
  const label = `Base rate (${nights} ${nights === 1 ? 'night' : 'nights'})`;
  await expect(breakdown.getByTestId('price-breakdown')).toContainText(label);
  await expect(breakdown).not.toHaveAttribute('aria-busy', 'true');
  const total = scope.getByTestId('quote-total');
  await expect(total).toHaveText(/₱[\d,]+\.\d{2}/);
  return (await total.innerText()).trim();
}
