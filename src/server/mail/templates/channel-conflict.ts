import type { GeneralSettings } from '../../../domain/settings';
import { diffDays } from '../../../domain/dates';
import {
  mailDate,
  nightsLabel,
  renderHtml,
  renderText,
  type HtmlBlock,
  type RenderedMail,
} from './layout';

/**
 * Issue 19 §4: to the owners and managers when a channel's booking is imported over nights a
 * direct booking already holds. No guest data crosses from the channel, so the mail names the
 * cabin, the channel, the nights and our own booking.
 */
export function channelConflictMail(input: {
  resort: GeneralSettings;
  unitName: string;
  channel: string;
  feedName: string;
  /** The channel's nights: first night and checkout day (exclusive), 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  /** The direct bookings over those nights, each with its back-office link when known. */
  bookings: { reference: string; url: string | undefined }[];
  dashboardUrl: string | undefined;
}): RenderedMail {
  const references = input.bookings.map((booking) => booking.reference).join(', ');
  const nights = nightsLabel(diffDays(input.endDate, input.startDate));
  const title = `Channel conflict: ${input.unitName}`;
  const blocks: HtmlBlock[] = [
    {
      kind: 'paragraph',
      text: `${input.channel} has a booking on ${input.unitName} for nights that direct booking ${references} already holds. Move the direct booking to another cabin, cancel it, or settle it on ${input.channel}, then record what was done on the dashboard.`,
    },
    {
      kind: 'rows',
      rows: [
        ['Cabin', input.unitName],
        ['Channel', `${input.channel} (${input.feedName})`],
        ['Nights', `${mailDate(input.startDate)} to ${mailDate(input.endDate)} (${nights})`],
        ['Direct booking', references],
      ],
    },
  ];
  for (const booking of input.bookings) {
    if (booking.url) {
      blocks.push({ kind: 'link', text: `Open booking ${booking.reference}`, href: booking.url });
    }
  }
  if (input.dashboardUrl) {
    blocks.push({ kind: 'link', text: 'Open the dashboard', href: input.dashboardUrl });
  }
  return {
    subject: `Channel conflict: ${input.unitName}, ${input.channel}, ${mailDate(input.startDate)} (${references})`,
    text: renderText(input.resort, title, blocks),
    html: renderHtml(input.resort, title, blocks),
  };
}
