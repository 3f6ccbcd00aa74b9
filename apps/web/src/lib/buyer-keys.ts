/**
 * Buyers' query keys, shared by the Buyers screens (features/buyers) and the sale form's buyer picker
 * (components/selects/buyer-picker.tsx): the list, a picker search and one buyer sit under `buyerKeys.all`.
 */
export const buyerKeys = {
  all: ['buyers'] as const,
  list: () => [...buyerKeys.all, 'list'] as const,
  search: (q: string) => [...buyerKeys.all, 'search', q] as const,
  one: (buyerId: number) => [...buyerKeys.all, buyerId] as const,
};
