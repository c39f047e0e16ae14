/** Every query key of the expenses feature starts here, so one invalidation refreshes them all. */
export const expensesQueryKey = ['expenses'] as const;
