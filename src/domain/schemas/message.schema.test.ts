import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../messages-catalog';
import { MESSAGE_MESSAGES, messageSettingsSchema, oneOffMessageSchema } from './message.schema';
import { issuesOf } from './test-helpers';

const kind = { enabled: true, subject: 'Hello {{guest_name}}', body: 'See you on {{check_in}}.' };
const settings = {
  arrival_info: 'Take the 8:00 boat from the pier.',
  review_url: 'https://example.com/review',
  kinds: Object.fromEntries(MESSAGE_KINDS.map((name) => [name, kind])),
};

describe('messageSettingsSchema', () => {
  it('accepts templates with known placeholders', () => {
    const parsed = messageSettingsSchema.parse({
      ...settings,
      kinds: { ...settings.kinds, pre_arrival: { ...kind, offset_days: 3 } },
    });
    expect(parsed.kinds.pre_arrival.offset_days).toBe(3);
    expect(messageSettingsSchema.parse({ ...settings, review_url: '' }).review_url).toBe('');
  });

  it('names an unknown placeholder, a bad timing and a review link that is not https', () => {
    const issues = issuesOf(messageSettingsSchema, {
      ...settings,
      review_url: 'http://example.com',
      kinds: {
        ...settings.kinds,
        pre_arrival: { ...kind, subject: 'Hi {{name}}', offset_days: 61 },
      },
    });
    expect(issues).toEqual({
      review_url: [MESSAGE_MESSAGES.reviewUrl],
      'kinds.pre_arrival.subject': ['Unknown placeholder {{name}}'],
      'kinds.pre_arrival.offset_days': [MESSAGE_MESSAGES.offsetDays],
    });
  });
});

describe('oneOffMessageSchema', () => {
  it('needs a subject and a body within their limits', () => {
    expect(issuesOf(oneOffMessageSchema, { subject: ' ', body: 'x'.repeat(10001) })).toEqual({
      subject: ['This field is required'],
      body: ['Must be 10000 characters or less'],
    });
  });
});
