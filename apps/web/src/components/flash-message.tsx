import { Alert } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';

/** What one screen hands to the next through router state, e.g. "Password reset successful!". */
export interface FlashState {
  message?: string;
  /** `info` for a request (e.g. "please reset your password"), success otherwise. */
  tone?: 'success' | 'info';
  email?: string;
}

export function useFlashState(): FlashState {
  const state = useLocation().state as FlashState | null;
  return state ?? {};
}

/** Shows the success message another screen passed along while navigating here. */
export function FlashMessage() {
  const { message, tone } = useFlashState();
  const [isDismissed, setIsDismissed] = useState(false);
  if (!message || isDismissed) return null;
  return (
    <Alert
      color={tone === 'info' ? 'blue' : 'green'}
      variant="light"
      icon={tone === 'info' ? <IconInfoCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={() => setIsDismissed(true)}
      role="status"
      mb="md"
    >
      {message}
    </Alert>
  );
}
