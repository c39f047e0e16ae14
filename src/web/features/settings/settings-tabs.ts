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

/** Issue 22: a housekeeping account's settings are its own account only. */
export const OWN_ACCOUNT_TABS: readonly SettingsTab[] = ['profile', 'security'];
