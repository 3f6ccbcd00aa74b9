import { useEffect, useState } from 'react';
import type { FormStatusMessage } from '@/components/form-status';

/** A form message; error messages clear themselves after `clearAfterMs` (the spec's 2 s). */
export function useTimedMessage(clearAfterMs = 2000) {
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  useEffect(() => {
    if (message?.kind !== 'error') return;
    const timer = setTimeout(() => setMessage(null), clearAfterMs);
    return () => clearTimeout(timer);
  }, [message, clearAfterMs]);
  return [message, setMessage] as const;
}
