import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { MasterLoginResponse } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import { useMasterLogin } from '../api/master-login';
import { readForm } from './form-values';

const ADMIN_ROLES = new Set(['SUPER_ADMIN', 'TENANT_ADMIN']);

/** Signs in a SUPER_ADMIN (platform host) or TENANT_ADMIN (tenant host) and stores token and role. */
export function MasterLoginForm({ onSuccess }: { onSuccess: (response: MasterLoginResponse) => void }) {
  const mutation = useMasterLogin();
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const { email = '', password = '' } = readForm(event);
    const errors = {
      email: email.trim() ? undefined : 'Email is required',
      password: password ? undefined : 'Password is required',
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    setMessage(null);
    mutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (response) => {
          if (!response.accessToken) return setMessage({ kind: 'error', text: 'Invalid credentials' });
          if (!ADMIN_ROLES.has(response.role)) return setMessage({ kind: 'error', text: 'Unauthorized role' });
          // A token from a generated or temporary password opens nothing until the reset; don't keep it.
          if (!response.resetPasswordRequired) {
            saveSession({
              token: response.accessToken,
              role: response.role,
              user: { userName: response.name, emailId: response.email, role: response.role },
            });
          }
          onSuccess(response);
        },
        onError: (error) =>
          setMessage({
            kind: 'error',
            text: error instanceof ApiError && error.hasResponse ? error.message : 'Login failed. Please try again.',
          }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormStatus message={message} />
        <TextInput
          name="email"
          type="email"
          label="Email"
          placeholder="admin@company.com"
          autoComplete="username"
          autoFocus
          required
          error={fieldErrors.email}
        />
        <PasswordInput
          name="password"
          label="Password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <Button type="submit" fullWidth disabled={mutation.isPending} mt="xs">
          {mutation.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
