import { hostileInputSuite } from '../../support/hostile-input';

// Issue 10 "Hostile input", part 1 of 4 (the suite and its rules: tests/support/hostile-input.ts).
hostileInputSuite(1, 4);
