import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AccountProfileDto, formatMobile, MOBILE_MAX_LENGTH, updateAccountProfileSchema } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useSaveAccountProfile } from '../api/account';

interface Values {
  userName: string;
  mobileNumber: string;
  city: string;
}

const valuesOf = (profile: AccountProfileDto): Values => ({
  userName: profile.userName,
  // Shown spaced (+91 98220 11111) like everywhere else; the server reads it back as the same number.
  mobileNumber: formatMobile(profile.mobileNumber),
  city: profile.city ?? '',
});

/** The user's own name, mobile and city; the email is their sign-in and only an admin changes it. */
export function AccountDetailsForm({ profile }: { profile: AccountProfileDto }) {
  const mutation = useSaveAccountProfile();
  const form = useForm<Values>({ initialValues: valuesOf(profile), validate: zodResolver(updateAccountProfileSchema) });
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setMessage(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(form.getValues(), {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved.profile));
        form.resetDirty(valuesOf(saved.profile));
        setMessage({ kind: 'success', text: saved.message });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setMessage(failureMessage('Failed to save your details.', error));
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Your details">
      <LeaveGuard when={form.isDirty() && !mutation.isPending} />
      <Stack gap="md">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Full Name"
            required
            maxLength={100}
            autoComplete="name"
            {...form.getInputProps('userName')}
          />
          <TextInput
            label="Email Address"
            value={profile.emailId}
            readOnly
            description="Your sign-in; ask your administrator to change it."
          />
          <TextInput
            label="Mobile Number"
            type="tel"
            maxLength={MOBILE_MAX_LENGTH}
            autoComplete="tel"
            placeholder="98220 11111"
            {...form.getInputProps('mobileNumber')}
          />
          <TextInput label="City" maxLength={100} autoComplete="address-level2" {...form.getInputProps('city')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
            Save Details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
