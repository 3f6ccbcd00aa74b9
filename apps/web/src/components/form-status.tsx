import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** The outcome line of a form: a spec message (`text`) and, for failures, the server's reason under it. */
export interface FormStatusMessage {
  kind: 'success' | 'error';
  text: string;
  detail?: string;
}

/** A failure with the server's reason (ApiError carries the server's `message`, e.g. a 409's explanation). */
export function failureMessage(text: string, error: unknown): FormStatusMessage {
  const reason = error instanceof Error ? error.message : '';
  return { kind: 'error', text, detail: reason && reason !== text ? reason : undefined };
}

/** Shows a form's success or failure, announced to screen readers. */
export function FormStatus({
  message,
  onClose,
  ...spacing
}: { message: FormStatusMessage | null; onClose?: () => void } & Pick<AlertProps, 'mt' | 'mb'>) {
  if (!message) return null;
  const isSuccess = message.kind === 'success';
  return (
    <Alert
      color={isSuccess ? 'green' : 'red'}
      variant="light"
      icon={isSuccess ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
      role={isSuccess ? 'status' : 'alert'}
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
