import type { APIRequestContext, Page } from '@playwright/test';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { createUnitByApi } from './support';
import { apiSend, signInContext, signInPage } from '../support/auth';
import { createStaffBooking, stayAt, toast, uniqueLetters } from '../bookings/support';
import type { StaffBooking } from '../bookings/support';
import { findMail } from '../guest/guest-helpers';

/*
 * Issue 18, "Done when": an owner edits the pre-arrival template in the browser, previews it
 * with a real booking, saves it, and the next pre-arrival e-mail (sent now from the booking page)
 * is the edited one, in the outbox; a booking for arrival in 10 days lists its scheduled
 * messages, Send now moves one to Sent, and staff write a one-off e-mail from the booking page.
 * Each test books on a cabin of its own, so no other spec's booking moves under it.
 */

interface MessageDto {
  message_id: string;
  kind: string;
  status: string;
}

/** A Confirmed booking for arrival in `daysAhead` days, made by a manager or owner. */
async function confirmedBooking(
  request: APIRequestContext,
  daysAhead: number,
): Promise<StaffBooking & { guestName: string; email: string }> {
  const cabin = await createUnitByApi(request);
  const tag = uniqueLetters();
  const guestName = `Messages ${tag}`;
  const email = `messages.${tag.toLowerCase()}@example.ph`;
  const booking = await createStaffBooking(request, {
    unitId: cabin.unit_id,
    guestName,
    email,
    stay: stayAt(daysAhead, 2),
  });
  // Confirmed without a verified payment, with the reason a manager must give (DESIGN §8).
  const confirmed = await apiSend(request, 'POST', `/api/bookings/${booking.booking_id}/status`, {
    status: 'Confirmed',
    override_reason: 'Paid at the front desk (end-to-end test)',
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { ...booking, guestName, email };
}

async function messagesOf(request: APIRequestContext, bookingId: string): Promise<MessageDto[]> {
  const response = await request.get(`/api/bookings/${bookingId}/messages`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: MessageDto[] }).data;
}

function messagesCard(page: Page) {
  return page.getByRole('region', { name: 'Messages', exact: true });
}

function messageItem(page: Page, kind: string) {
  return messagesCard(page).locator(`li[data-kind="${kind}"]`).first();
}

test('an owner edits the pre-arrival template, previews it with a real booking, and the next pre-arrival mail uses it', async ({
  page,
}) => {
  await signInPage(page, 'owner');
  const booking = await confirmedBooking(page.request, 10);
  const settingsBefore = await page.request.get('/api/settings');
  // GET /api/settings answers the settings object itself (get-settings.ts reads both shapes).
  const settingsBody = (await settingsBefore.json()) as {
    messages?: unknown;
    data?: { messages: unknown };
  };
  const original = (settingsBody.data ?? settingsBody).messages;
  expect(original).toBeDefined();
  const marker = `Boat ${uniqueLetters(8)}`;

  try {
    await page.goto('/settings?tab=messages');
    await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('button', { name: /Edit template: Pre-arrival/ }).click();
    const subject = page.getByLabel('Subject');
    await subject.fill(`${marker} for `);
    // The placeholder goes where the caret is: the end of the subject.
    await subject.press('End');
    await page.getByRole('button', { name: /\{\{guest_name\}\}/ }).click();
    await expect(subject).toHaveValue(`${marker} for {{guest_name}}`);
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill(`Hello {{guest_name}},\n\n${marker} leaves the pier at 8:00.\n\n{{arrival_info}}`);

    // An unknown placeholder is named at the field, before anything is saved.
    await subject.fill(`${marker} for {{guest}}`);
    await page.getByRole('button', { name: 'Save Message Settings' }).click();
    await expect(subject).toHaveAccessibleDescription(/Unknown placeholder \{\{guest\}\}/);
    await subject.fill(`${marker} for {{guest_name}}`);

    // The preview: the edited text with this booking's guest.
    await page.getByLabel('Find a booking').fill(booking.booking_reference);
    const picker = page.getByRole('combobox', { name: 'Booking for the preview' });
    await expect(picker.locator('option', { hasText: booking.booking_reference })).toHaveCount(1);
    await picker.selectOption(booking.booking_id);
    await expect(page.getByTestId('message-preview-subject')).toHaveText(
      `${marker} for ${booking.guestName}`,
    );
    // The HTML part, in a sandboxed frame (read from its srcdoc: the frame runs no scripts,
    // not even a test's).
    const frame = page.locator('iframe[title="Preview of the e-mail"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('srcdoc', new RegExp(`${marker} leaves`));
    await page.getByLabel('Plain text').check();
    await expect(page.getByTestId('message-preview-text')).toContainText(
      `Hello ${booking.guestName},`,
    );

    await page.getByRole('button', { name: 'Save Message Settings' }).click();
    await expect(toast(page, 'Message settings saved')).toBeVisible();

    // The booking's pre-arrival message, sent now, is the edited template.
    await page.goto(`/bookings/${booking.booking_id}`);
    const preArrival = messageItem(page, 'pre_arrival');
    await expect(preArrival).toHaveAttribute('data-status', 'scheduled');
    await preArrival.getByRole('button', { name: /^Send now/ }).click();
    await expect(preArrival).toHaveAttribute('data-status', 'sent');
    await expect(preArrival.getByText('Sent', { exact: true })).toBeVisible();
    await expect.poll(() => findMail(marker).length).toBeGreaterThan(0);
    const mail = findMail(marker)[0]!;
    expect(mail).toContain(booking.guestName);
    expect(mail).toContain(booking.email);
  } finally {
    const restored = await apiSend(page.request, 'PATCH', '/api/settings', { messages: original });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('a booking 10 days ahead lists its scheduled messages at 360 px; Send now sends one; staff write to the guest', async ({
  page,
  browser,
}) => {
  const manager = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInContext(manager, 'manager');
  const booking = await confirmedBooking(manager.request, 10);
  const scheduled = (await messagesOf(manager.request, booking.booking_id)).filter(
    (message) => message.status === 'scheduled',
  );
  await manager.close();
  // Default settings: the pre-arrival and the post-stay mails wait for their time.
  expect(scheduled.map((message) => message.kind)).toEqual(
    expect.arrayContaining(['pre_arrival', 'post_stay']),
  );

  await signInPage(page, 'staff');
  await atPhoneWidth(page);
  await page.goto(`/bookings/${booking.booking_id}`);
  const card = messagesCard(page);
  for (const message of scheduled) {
    await expect(
      card.locator(`li[data-kind="${message.kind}"][data-status="scheduled"]`),
    ).toHaveCount(1);
  }
  await expect(messageItem(page, 'post_stay').getByText(/^Due /)).toBeVisible();
  await expectNoHorizontalOverflow(page);

  const preArrival = messageItem(page, 'pre_arrival');
  await preArrival.getByRole('button', { name: /^Send now/ }).click();
  await expect(preArrival).toHaveAttribute('data-status', 'sent');
  await expect(preArrival.getByText('Sent', { exact: true })).toBeVisible();
  await expect(preArrival.getByRole('button', { name: /^Send now/ })).toHaveCount(0);
  await expect(preArrival.getByRole('button', { name: /^Resend/ })).toBeVisible();

  // A one-off e-mail: checked in the dialog, then sent and listed.
  const subject = `Your transfer ${uniqueLetters()}`;
  await card.getByRole('button', { name: 'Write to guest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to guest' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(dialog.getByLabel('Message')).toHaveAccessibleDescription(
    /Please enter the message/,
  );
  await dialog.getByLabel('Message').fill('The van waits at the airport exit at 10:00.');
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `E-mail sent to ${booking.email}.`)).toBeVisible();
  const oneOff = card.locator('li[data-kind="one_off"]');
  await expect(oneOff).toHaveAttribute('data-status', 'sent');
  await expect(oneOff).toContainText(subject);
  await expect.poll(() => findMail('The van waits at the airport exit').length).toBeGreaterThan(0);
  await expectNoHorizontalOverflow(page);
});
