import { describe, expect, it } from 'vitest';
import { toGuestListQuery, validateGuestsSearch } from './guests-search';

describe('guests list search params (SPEC §2: search, page)', () => {
  it('keeps a search and a page above 1', () => {
    expect(validateGuestsSearch({ search: 'santos', page: '3', other: 1 })).toEqual({
      search: 'santos',
      page: 3,
    });
    expect(validateGuestsSearch({ search: '', page: 'x' })).toEqual({});
    expect(validateGuestsSearch({ search: 917 })).toEqual({ search: '917' });
  });

  it('asks for 10 a page', () => {
    expect(toGuestListQuery({})).toEqual({ search: undefined, page: 1, page_size: 10 });
  });
});
