import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';

/** What one screen hands to the next through router state, e.g. "Password reset successful!". */
export interface FlashState {
  message?: string;
  email?: string;
}

export function useFlashState(): FlashState {
  const state = useLocation().state as FlashState | null;
  return state ?? {};
}

/** Shows the success message another screen passed along while navigating here. */
export function FlashMessage() {
  const { message } = useFlashState();
  const [isDismissed, setIsDismissed] = useState(false);
  if (!message || isDismissed) return null;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
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
