import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecordId } from './record-id';
import { idField, recordIdParamsSchema } from './schemas/common.schema';

const field = idField('Unknown cabin');

describe('record ids: one definition', () => {
  it.each([
    ['a random uuid', '0b6f5c1e-3c4a-4d5e-9f00-1a2b3c4d5e6f', true],
    ['upper case', '0B6F5C1E-3C4A-4D5E-9F00-1A2B3C4D5E6F', true],
    ['the nil uuid (fixtures)', '00000000-0000-0000-0000-000000000000', true],
    ['not hexadecimal', '0b6f5c1e-3c4a-4d5e-9f00-1a2b3c4d5e6g', false],
    ['no dashes', '0b6f5c1e3c4a4d5e9f001a2b3c4d5e6f', false],
    ['a trailing newline', '0b6f5c1e-3c4a-4d5e-9f00-1a2b3c4d5e6f\n', false],
    ['nonsense', 'nonsense', false],
    ['empty', '', false],
  ])('%s: the hook, the id fields and the :id parameter agree', (_name, value, valid) => {
    expect(isRecordId(value)).toBe(valid);
    expect(field.safeParse(value).success).toBe(valid);
    expect(recordIdParamsSchema.safeParse({ id: value }).success).toBe(valid);
  });

  it('agrees on any string, and on what is not a string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), fc.string(), fc.integer()), (value) => {
        expect(field.safeParse(value).success).toBe(isRecordId(value));
      }),
    );
    expect(isRecordId(undefined)).toBe(false);
    expect(field.safeParse(5).error?.issues[0]?.message).toBe('Unknown cabin');
  });

  it('lower-cases a URL id', () => {
    expect(recordIdParamsSchema.parse({ id: '0B6F5C1E-3C4A-4D5E-9F00-1A2B3C4D5E6F' })).toEqual({
      id: '0b6f5c1e-3c4a-4d5e-9f00-1a2b3c4d5e6f',
    });
  });
});
