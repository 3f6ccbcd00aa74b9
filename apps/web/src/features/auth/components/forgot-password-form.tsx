import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { readForm } from './form-values';

/** Asks for a temporary password by email and shows the server's answer. */
export function ForgotPasswordForm() {
  const mutation = useForgotPassword();
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const [emailError, setEmailError] = useState<string>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const email = (readForm(event).email ?? '').trim();
    if (!email) {
      setEmailError('Email is required');
      return;
    }
    setEmailError(undefined);
    setMessage(null);
    mutation.mutate(email, {
      onSuccess: (response) => setMessage({ kind: 'success', text: response.message }),
      onError: (error) =>
        setMessage({
          kind: 'error',
          text: error instanceof ApiError && error.hasResponse ? error.message : 'Something went wrong.',
        }),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          name="email"
          type="email"
          label="Email Address"
          placeholder="you@company.com"
          autoComplete="email"
          autoFocus
          required
          error={emailError}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          Reset Password
        </Button>
        <FormStatus message={message} />
      </Stack>
    </form>
  );
}
