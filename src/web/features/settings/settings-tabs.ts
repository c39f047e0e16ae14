/** The tabs of /settings (SPEC §2 `tab` search parameter; DESIGN §3 lists what they hold). */
export const SETTINGS_TABS = [
  'general',
  'units',
  'pricing',
  'extras',
  'promotions',
  'messages',
  'billing',
  'users',
  'profile',
  'security',
  'system',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
