import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { LoginResponse } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogin } from '../api/login';
import { readForm } from './form-values';
import { useTimedMessage } from './use-timed-message';

const REDIRECT_DELAY_MS = 2000;

function failureText(error: unknown): string {
  const detail = error instanceof ApiError && error.hasResponse ? error.message : 'Something went wrong during login.';
  return `Login failed: ${detail}`;
}

/** Signs a tenant user in, stores the session, shows "Login Successful" and hands over after 2 s. */
export function LoginForm({ onSuccess }: { onSuccess: (response: LoginResponse) => void }) {
  const hydrated = useHydrated();
  const mutation = useLogin();
  const [message, setMessage] = useTimedMessage();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ emailId?: string; password?: string }>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending || isRedirecting) return;
    const { emailId = '', password = '' } = readForm(event);
    const errors = {
      emailId: emailId.trim() ? undefined : 'Email is required',
      password: password ? undefined : 'Password is required',
    };
    setFieldErrors(errors);
    if (errors.emailId || errors.password) return;

    setMessage(null);
    mutation.mutate(
      { emailId: emailId.trim(), password },
      {
        onSuccess: (response) => {
          if (!response.token) {
            setMessage({ kind: 'error', text: 'Login failed: No token returned.' });
            return;
          }
          // A token from a generated or temporary password opens nothing until the reset; don't keep it.
          if (!response.resetPasswordRequired) {
            saveSession({ token: response.token, role: response.user.role, user: response.user });
          }
          setMessage({ kind: 'success', text: 'Login Successful' });
          setIsRedirecting(true);
          setTimeout(() => onSuccess(response), REDIRECT_DELAY_MS);
        },
        onError: (error) => setMessage({ kind: 'error', text: failureText(error) }),
      },
    );
  };

  return (
    // method="post": a submit before the prerendered page has hydrated must never put the fields in the address.
    <form method="post" onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormStatus message={message} />
        <TextInput
          name="emailId"
          type="email"
          label="Email Address"
          placeholder="you@company.com"
          autoComplete="username"
          autoFocus
          required
          error={fieldErrors.emailId}
        />
        <PasswordInput
          name="password"
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <Button type="submit" fullWidth loading={mutation.isPending || isRedirecting} mt="xs" disabled={!hydrated}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
