/**
 * The app's one source of "now". Services read `clock.now()` instead of `new Date()` so tests can
 * move time (an expired upload link, "booked on" dates of DESIGN §4's examples, the proof deadline)
 * without faking timers. Each app gets its own clock object; a test may replace its `now`.
 */
export type Clock = { now: () => Date };

export function createSystemClock(): Clock {
  return { now: () => new Date() };
}
