import { describe, expect, it } from 'vitest';
import { toPaymentListQuery, validatePaymentsSearch } from './payments-search';

describe('payments list search params', () => {
  it('keeps the known ones (SPEC §2: status, search, page)', () => {
    expect(
      validatePaymentsSearch({ status: 'Pending', method: 'GCash', search: 'BK-2027', page: '2' }),
    ).toEqual({ status: 'Pending', method: 'GCash', search: 'BK-2027', page: 2 });
    expect(
      validatePaymentsSearch({ status: 'Paid', method: 'Bitcoin', page: 1, search: ' ' }),
    ).toEqual({});
  });

  it('asks for 10 a page', () => {
    expect(toPaymentListQuery({ search: ' santos ' })).toEqual({
      status: undefined,
      method: undefined,
      search: 'santos',
      page: 1,
      page_size: 10,
    });
  });
});
