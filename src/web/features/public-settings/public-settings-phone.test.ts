import { describe, expect, it } from 'vitest';
import { mergePublicSettings } from './get-public-settings';

describe("the resort's contact phone on the public pages", () => {
  it.each([
    ['0917 555 0142', '+63 917 555 0142'],
    ['+639175550142', '+63 917 555 0142'],
    ['(02) 8123 4567 local 5', '(02) 8123 4567 local 5'],
  ])('%s shows as %s, like every phone in the app', (typed, shown) => {
    expect(mergePublicSettings({ data: { contact_phone: typed } }).contact_phone).toBe(shown);
  });
});
