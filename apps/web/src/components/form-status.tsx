import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

/**
 * The outcome line of a form: a spec message (`text`) and, for failures, the server's reason under it. A warning
 * is a success with something left for the user to do (`detail`).
 */
export interface FormStatusMessage {
  kind: 'success' | 'warning' | 'error';
  text: string;
  detail?: string;
}

/** A failure with the server's reason (ApiError carries the server's `message`, e.g. a 409's explanation). */
export function failureMessage(text: string, error: unknown): FormStatusMessage {
  const reason = error instanceof Error ? error.message : '';
  return { kind: 'error', text, detail: reason && reason !== text ? reason : undefined };
}

const LOOKS = {
  success: { color: 'green', icon: <IconCircleCheck aria-hidden /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle aria-hidden /> },
  error: { color: 'red', icon: <IconAlertCircle aria-hidden /> },
} as const;

/** Shows a form's success or failure, announced to screen readers. */
export function FormStatus({
  message,
  onClose,
  ...spacing
}: { message: FormStatusMessage | null; onClose?: () => void } & Pick<AlertProps, 'mt' | 'mb'>) {
  if (!message) return null;
  const { color, icon } = LOOKS[message.kind];
  return (
    <Alert
      color={color}
      variant="light"
      icon={icon}
      role={message.kind === 'error' ? 'alert' : 'status'}
      title={message.detail ? message.text : undefined}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Dismiss message"
      onClose={onClose}
      data-testid="form-status"
      {...spacing}
    >
      {message.detail ?? message.text}
    </Alert>
  );
}
