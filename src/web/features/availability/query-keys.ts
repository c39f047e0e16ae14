/** Every query of the availability views starts with this key (the live updates refresh it). */
export const availabilityQueryKey = ['availability'] as const;
