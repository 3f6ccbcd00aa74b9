import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { readForm } from './form-values';

/** The message for the user: the spec's texts, or the server's own when it explains a rule. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    if (error.fields?.newPwd) return error.message;
    return 'Old password is incorrect or user not found.';
  }
  return 'Something went wrong during password reset.';
}

function validate(values: Record<string, string>): string | null {
  const { emailId, oldPwd, newPwd, confirmPwd } = values;
  if (!emailId?.trim() || !oldPwd || !newPwd || !confirmPwd) return 'All fields are required';
  if (newPwd !== confirmPwd) return 'New and Confirm Password do not match';
  if (newPwd.length < MIN_PASSWORD_LENGTH) return `New password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return null;
}

export function ResetPasswordForm({ defaultEmail, onSuccess }: { defaultEmail: string; onSuccess: () => void }) {
  const mutation = useResetPassword();
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const values = readForm(event);
    const problem = validate(values);
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    setMessage(null);
    mutation.mutate(
      { emailId: (values.emailId ?? '').trim(), oldPwd: values.oldPwd ?? '', newPwd: values.newPwd ?? '' },
      { onSuccess, onError: (error) => setMessage({ kind: 'error', text: failureText(error) }) },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormStatus message={message} />
        <TextInput
          name="emailId"
          type="email"
          label="Email Address"
          defaultValue={defaultEmail}
          autoComplete="username"
          autoFocus={!defaultEmail}
          required
        />
        <PasswordInput
          name="oldPwd"
          label="Old Password"
          autoComplete="current-password"
          autoFocus={Boolean(defaultEmail)}
          required
        />
        <PasswordInput
          name="newPwd"
          label="New Password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          autoComplete="new-password"
          required
        />
        <PasswordInput name="confirmPwd" label="Confirm Password" autoComplete="new-password" required />
        <Button type="submit" fullWidth loading={mutation.isPending} mt="xs">
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
