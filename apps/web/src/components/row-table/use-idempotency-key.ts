import { useCallback, useState } from 'react';
import { newIdempotencyKey } from '@/lib/api-client';

/**
 * One `Idempotency-Key` per form submission: retries and double clicks of the same submission reuse it (the
 * server records it once); `renew` after a successful save, so the next batch is a new submission.
 */
export function useIdempotencyKey(): [string, () => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew];
}
