import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

export interface FormMessage {
  kind: 'success' | 'error';
  text: string;
}

/** The success or failure line of an auth form, announced to screen readers. */
export function FormAlert({ message }: { message: FormMessage | null }) {
  if (!message) return null;
  const isSuccess = message.kind === 'success';
  return (
    <Alert
      color={isSuccess ? 'green' : 'red'}
      variant="light"
      icon={isSuccess ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
      role={isSuccess ? 'status' : 'alert'}
      data-testid="form-message"
    >
      {message.text}
    </Alert>
  );
}
