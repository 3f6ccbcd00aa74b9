import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useChangePassword } from '../api/account';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one, a new one, and the new one again. */
export function ChangePasswordForm() {
  const mutation = useChangePassword();
  const form = useForm({ initialValues: EMPTY, validate: zodResolver(changePasswordSchema) });
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setMessage(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(form.getValues(), {
      onSuccess: (done) => {
        form.setValues(EMPTY);
        setMessage({ kind: 'success', text: `${done.message} Other devices will need to sign in again.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setMessage(
          error instanceof ApiError && error.status === 400
            ? { kind: 'error', text: error.message }
            : failureMessage('Failed to change your password.', error),
        );
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Change password">
      <Stack gap="md">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordInput
            label="Current Password"
            required
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New Password"
            required
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm Password"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
