/**
 * Requests the browser cancels because the test (or the app) moved on to another page are not
 * failures: the fixture reports them as net::ERR_ABORTED.
 */
const NAVIGATION_ABORTS = /net::ERR_ABORTED/;

/**
 * The `allowProblems` option for a test: the expected problems plus navigation aborts, as one
 * pattern (Playwright reads a two-element array given to test.use as [value, options]).
 */
export function allowing(...expected: RegExp[]): RegExp[] {
  return [new RegExp([NAVIGATION_ABORTS, ...expected].map((pattern) => pattern.source).join('|'))];
}
