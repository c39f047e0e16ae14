import type { Locator, Page } from '@playwright/test';

/** A toast by its text (the live region that announces it holds the same text, hidden). */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}
