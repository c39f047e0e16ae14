import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 21 point 3: the public settings say whether the non-refundable rate is sold and how much
 * cheaper, so the guest form offers the rate plan choice only when the owner turned it on.
 */

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t, 'owner');
});
afterAll(() => t.close());

const publicNonRefundable = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { non_refundable: unknown } }).data.non_refundable;
};

const setNonRefundable = async (enabled: boolean, percent: number) => {
  const response = await owner.inject({
    method: 'PATCH',
    url: '/api/settings',
    payload: { pricing: { non_refundable: { enabled, percent } } },
  });
  expect(response.statusCode).toBe(200);
};

describe(`public rate plan settings (${process.env.TEST_DB})`, () => {
  it('says the non-refundable rate is off by default, then follows the owner’s setting', async () => {
    expect(await publicNonRefundable()).toEqual({ enabled: false, percent: 10 });

    await setNonRefundable(true, 15);
    expect(await publicNonRefundable()).toEqual({ enabled: true, percent: 15 });

    await setNonRefundable(false, 15);
    expect(await publicNonRefundable()).toEqual({ enabled: false, percent: 15 });
  });
});
