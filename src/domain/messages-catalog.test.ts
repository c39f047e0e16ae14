import { describe, expect, it } from 'vitest';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  MESSAGE_PLACEHOLDER_LABELS,
  MESSAGE_PLACEHOLDERS,
  isScheduledMessageKind,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from './messages-catalog';

describe('messages catalogue', () => {
  it('labels every kind and placeholder', () => {
    for (const kind of MESSAGE_KINDS) expect(MESSAGE_KIND_LABELS[kind]).toBeTruthy();
    for (const name of MESSAGE_PLACEHOLDERS) expect(MESSAGE_PLACEHOLDER_LABELS[name]).toBeTruthy();
  });

  it('knows which kinds have a timing', () => {
    expect(MESSAGE_KINDS.filter(isScheduledMessageKind)).toEqual([
      'balance_reminder',
      'overdue_notice',
      'pre_arrival',
      'post_stay',
    ]);
  });
});

describe('unknownPlaceholders', () => {
  it('finds placeholders that are not in the list, once each, spaces allowed', () => {
    expect(unknownPlaceholders('Hi {{guest_name}}, {{ nights }} nights')).toEqual([]);
    expect(unknownPlaceholders('Hi {{guest}} {{guest}} {{ room }} {{}}')).toEqual([
      'guest',
      'room',
      '',
    ]);
    expect(unknownPlaceholders('single { braces } are text')).toEqual([]);
  });

  it('names them in the message', () => {
    expect(unknownPlaceholderMessage(['guest'])).toBe('Unknown placeholder {{guest}}');
    expect(unknownPlaceholderMessage(['a', 'b'])).toBe('Unknown placeholders {{a}}, {{b}}');
  });
});
