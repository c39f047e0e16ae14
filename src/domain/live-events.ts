/** DESIGN §5: the Server-Sent Events `GET /api/events` streams to a back-office screen. */
export const RESORT_EVENT_TYPES = ['booking', 'payment', 'availability'] as const;
export type ResortEventType = (typeof RESORT_EVENT_TYPES)[number];

/** One change a database trigger announced, as the stream sends it. */
export type ResortEvent = {
  type: ResortEventType;
  data: {
    table: string;
    op: 'INSERT' | 'UPDATE' | 'DELETE';
    id: string | null;
    booking_id: string | null;
    unit_id: string | null;
  };
};
