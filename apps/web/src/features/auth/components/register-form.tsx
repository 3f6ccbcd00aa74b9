import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { registerSchema, zodFieldErrors } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useRegister } from '../api/register';
import { readForm } from './form-values';

type Field = 'userName' | 'emailId' | 'mobileNumber' | 'city' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return 'Email already exists in this tenant.';
  return 'Registration failed. Please try again later.';
}

/** Registers a USER with the tenant of this host, checked with the same schema the server uses. */
export function RegisterForm({ tenantId, onSuccess }: { tenantId: string; onSuccess: (message: string) => void }) {
  const hydrated = useHydrated();
  const mutation = useRegister(tenantId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = registerSchema.safeParse(readForm(event));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setMessage(null);
    mutation.mutate(parsed.data, {
      onSuccess: (response) => {
        if (response.success === false) {
          setMessage({ kind: 'error', text: `Registration failed: ${response.message || 'Unknown error'}` });
          return;
        }
        onSuccess(response.message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields as FieldErrors);
        setMessage({ kind: 'error', text: failureText(error) });
      },
    });
  };

  return (
    // method="post": a submit before the prerendered page has hydrated must never put the fields in the address.
    <form method="post" onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormStatus message={message} />
        <TextInput name="userName" label="Full Name" autoComplete="name" autoFocus required error={errors.userName} />
        <TextInput
          name="emailId"
          type="email"
          label="Email Address"
          autoComplete="email"
          required
          error={errors.emailId}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            name="mobileNumber"
            type="tel"
            inputMode="tel"
            label="Mobile Number"
            autoComplete="tel"
            required
            error={errors.mobileNumber}
          />
          <TextInput name="city" label="City" autoComplete="address-level2" required error={errors.city} />
        </SimpleGrid>
        <PasswordInput
          name="password"
          label="Password"
          description="Optional. Leave blank and we will email you a password; you will choose your own at first login."
          autoComplete="new-password"
          error={errors.password}
        />
        <Button type="submit" fullWidth loading={mutation.isPending} mt="xs" disabled={!hydrated}>
          Register
        </Button>
      </Stack>
    </form>
  );
}
