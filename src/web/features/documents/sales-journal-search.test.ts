import { describe, expect, it } from 'vitest';
import { journalRange, validateSalesJournalSearch } from './sales-journal-search';

describe('the sales journal search', () => {
  it('keeps valid dates and kinds and drops the rest', () => {
    expect(
      validateSalesJournalSearch({ from: '2026-04-01', to: '2026-04-30', kind: 'invoice' }),
    ).toEqual({ from: '2026-04-01', to: '2026-04-30', kind: 'invoice' });
    expect(validateSalesJournalSearch({ from: '2026-13-01', to: 'soon', kind: 'receipt' })).toEqual(
      {},
    );
  });

  it('defaults to this month, from its first to its last day', () => {
    expect(journalRange({}, '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(journalRange({}, '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(journalRange({}, '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(journalRange({ from: '2026-01-05' }, '2026-03-10')).toEqual({
      from: '2026-01-05',
      to: '2026-03-31',
    });
  });
});
