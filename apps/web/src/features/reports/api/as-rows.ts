/**
 * Report answers are lists; spec 001 §7 also allows `{ data: [...] }` or a single object (one row). Anything else
 * is no rows.
 */
export function asRows<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const inner = (data as { data?: unknown }).data;
    if (Array.isArray(inner)) return inner as T[];
    return [data as T];
  }
  return [];
}
