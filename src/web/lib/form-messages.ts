import type { z } from 'zod';
import { REQUIRED, maxLengthMessage, minLengthMessage } from '../../domain/messages';

/**
 * Readable messages for rules a domain schema states without its own message (a length, a
 * range), in SPEC §5's wording. Passed to zodResolver; messages written in the schema win.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null || issue.input === '') return REQUIRED;
      if (issue.expected === 'number') return 'Please enter a number';
      return undefined;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      // An emptied text field is "required", whatever its minimum length.
      if (issue.origin === 'string' && issue.input === '') return REQUIRED;
      if (issue.origin === 'string') return min <= 1 ? REQUIRED : minLengthMessage(min);
      if (issue.origin === 'number' || issue.origin === 'int') {
        return issue.inclusive === false ? `Must be more than ${min}` : `Must be at least ${min}`;
      }
      if (issue.origin === 'array')
        return min <= 1 ? 'Choose at least one' : `Choose at least ${min}`;
      return undefined;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return maxLengthMessage(max);
      if (issue.origin === 'number' || issue.origin === 'int') return `Must be at most ${max}`;
      if (issue.origin === 'array') return `At most ${max} allowed`;
      return undefined;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address';
      return undefined;
    default:
      return undefined;
  }
};
