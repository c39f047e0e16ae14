/** Query keys of channel sync (issue 19); mutations invalidate by the same keys. */
export const channelKeys = {
  all: ['channels'] as const,
  exportUrl: (unitId: string) => ['channels', 'export-url', unitId] as const,
  feeds: (unitId: string) => ['channels', 'feeds', unitId] as const,
  conflicts: ['channels', 'conflicts'] as const,
  /** Under `conflicts`, so resolving one refreshes the booking page's alert too. */
  bookingConflicts: (bookingId: string) => ['channels', 'conflicts', 'booking', bookingId] as const,
  failingFeeds: ['channels', 'failing-feeds'] as const,
};

/** The cabin page's channel sync card: the dashboard's failing-feeds card links to its anchor. */
export const CHANNEL_SYNC_SECTION_ID = 'channel-sync';
