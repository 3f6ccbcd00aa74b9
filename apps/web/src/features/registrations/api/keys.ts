/** Every page and search of Registered Plots sits under `registrationKeys.all`. */
export const registrationKeys = {
  all: ['registrations'] as const,
  list: () => [...registrationKeys.all, 'list'] as const,
};
