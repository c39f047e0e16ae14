import { describe, expect, it } from 'vitest';
import type { MessageDto } from '../../../domain/schemas/message.schema';
import { insertAtCursor, placeholderToken } from './insert-at-cursor';
import {
  messageActions,
  messagesRefetchInterval,
  messageStatusView,
  messageTimeText,
  messageTitle,
} from './message-view';

function message(fields: Partial<MessageDto>): MessageDto {
  return {
    message_id: '11111111-1111-4111-8111-111111111111',
    kind: 'pre_arrival',
    status: 'scheduled',
    scheduled_at: '2026-03-07T01:00:00.000Z',
    sent_at: null,
    error: null,
    subject: null,
    is_resend: false,
    created_by_name: null,
    ...fields,
  };
}

describe('messageStatusView', () => {
  it('labels each status; a reason only for failed and skipped ones', () => {
    expect(messageStatusView(message({ status: 'scheduled' }))).toEqual({
      label: 'Scheduled',
      variant: 'info',
      reason: null,
    });
    expect(messageStatusView(message({ status: 'sent', error: 'ignored' })).reason).toBeNull();
    expect(
      messageStatusView(message({ status: 'failed', error: '550 mailbox unavailable' })),
    ).toEqual({ label: 'Failed', variant: 'destructive', reason: '550 mailbox unavailable' });
    expect(messageStatusView(message({ status: 'skipped', error: 'nothing due' }))).toMatchObject({
      label: 'Skipped',
      reason: 'nothing due',
    });
    expect(messageStatusView(message({ status: 'skipped', error: '' })).reason).toBeNull();
    expect(messageStatusView(message({ status: 'cancelled' })).label).toBe('Cancelled');
  });
});

describe('messageTitle', () => {
  it('names the kind; a one-off shows its subject and a resend says so', () => {
    expect(messageTitle(message({}))).toBe('Pre-arrival');
    expect(messageTitle(message({ kind: 'one_off', subject: 'Your boat' }))).toBe(
      'One-off e-mail: Your boat',
    );
    expect(messageTitle(message({ kind: 'booking_confirmed', is_resend: true }))).toBe(
      'Booking confirmed (resent)',
    );
  });
});

describe('messageTimeText', () => {
  it("gives the sending time once sent, else the time it is due, in the resort's zone", () => {
    expect(messageTimeText(message({}), 'Asia/Manila')).toBe('Due Mar 07, 2026 09:00');
    expect(
      messageTimeText(
        message({ status: 'sent', sent_at: '2026-03-07T01:00:05.000Z' }),
        'Asia/Manila',
      ),
    ).toBe('Sent Mar 07, 2026 09:00');
    expect(messageTimeText(message({ status: 'cancelled' }), 'Asia/Manila')).toBe(
      'Was due Mar 07, 2026 09:00',
    );
  });
});

describe('messageActions', () => {
  it('offers Send now on scheduled messages and Resend on sent or failed ones', () => {
    expect(messageActions(message({ status: 'scheduled' }))).toEqual({
      sendNow: true,
      resend: false,
    });
    expect(messageActions(message({ status: 'sent' }))).toEqual({ sendNow: false, resend: true });
    expect(messageActions(message({ status: 'failed' }))).toEqual({
      sendNow: false,
      resend: true,
    });
    for (const status of ['sending', 'skipped', 'cancelled'] as const) {
      expect(messageActions(message({ status }))).toEqual({ sendNow: false, resend: false });
    }
  });
});

describe('messagesRefetchInterval', () => {
  it('reads the list again every 2 s while a message is being sent, else not', () => {
    expect(messagesRefetchInterval(undefined)).toBe(false);
    expect(messagesRefetchInterval([])).toBe(false);
    expect(messagesRefetchInterval([message({ status: 'sent' }), message({})])).toBe(false);
    expect(
      messagesRefetchInterval([message({ status: 'sent' }), message({ status: 'sending' })]),
    ).toBe(2000);
  });
});

describe('insertAtCursor', () => {
  const token = placeholderToken('guest_name');

  it('inserts at the caret and puts the caret after the placeholder', () => {
    expect(insertAtCursor('Dear ,', token, 5)).toEqual({
      value: 'Dear {{guest_name}},',
      caret: 5 + token.length,
    });
  });

  it('replaces a selection', () => {
    expect(insertAtCursor('Dear NAME,', token, 5, 9)).toEqual({
      value: 'Dear {{guest_name}},',
      caret: 19,
    });
  });

  it('appends, on its own word, when the field never had a caret', () => {
    expect(insertAtCursor('Dear', token, null)).toEqual({
      value: 'Dear {{guest_name}}',
      caret: 19,
    });
    expect(insertAtCursor('', token, null)).toEqual({ value: token, caret: token.length });
  });

  it('keeps a caret beyond the text inside it', () => {
    expect(insertAtCursor('ab', 'X', 10, 12)).toEqual({ value: 'abX', caret: 3 });
  });
});
