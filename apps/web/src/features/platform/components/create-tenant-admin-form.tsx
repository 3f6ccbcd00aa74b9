import { Anchor, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CreateTenantAdminInput, createTenantAdminSchema } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useCreateTenantAdmin } from '../api/create-tenant-admin';

type Field = keyof CreateTenantAdminInput;
type Values = Record<Field, string>;

const EMPTY: Values = { tenantId: '', name: '', email: '' };

interface CreateTenantAdminFormProps {
  /** The companies to choose from; undefined while they load. */
  tenantIds: string[] | undefined;
  /** Why the companies could not be loaded, with a way to try again. */
  tenantsError?: string;
  onRetryTenants?: () => void;
}

/**
 * Add Tenant Admin: a company, a name and an email. There is no password: a generated one is mailed and must
 * be changed at the first sign-in.
 */
export function CreateTenantAdminForm({ tenantIds, tenantsError, onRetryTenants }: CreateTenantAdminFormProps) {
  const mutation = useCreateTenantAdmin();
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodResolver(createTenantAdminSchema) });
  const [banner, setBanner] = useState<FormStatusMessage | null>(null);

  const text = (name: Exclude<Field, 'tenantId'>) => ({ name, ...form.getInputProps(name) });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setBanner(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(createTenantAdminSchema.parse(form.getValues()), {
      // The company stays chosen, so several admins of one company are quick to add.
      onSuccess: (created) => {
        form.setValues({ ...EMPTY, tenantId: created.tenantId });
        setBanner({ kind: 'success', text: created.message });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          const { emailId, ...rest } = error.fields;
          form.setErrors({ email: emailId, ...rest });
        }
        setBanner({ kind: 'error', text: error.message || 'Unknown error' });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add Tenant Admin">
      <Stack gap="md">
        <FormStatus message={banner} onClose={() => setBanner(null)} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={4}>
            <Select
              label="Tenant"
              placeholder={tenantIds ? 'Choose a company' : tenantsError ? 'Not loaded' : 'Loading…'}
              data={tenantIds ?? []}
              value={form.values.tenantId || null}
              onChange={(v) => form.setFieldValue('tenantId', v ?? '')}
              searchable
              required
              nothingFoundMessage="No tenant with that ID"
              error={form.errors.tenantId ?? (tenantsError ? `Could not load the tenants: ${tenantsError}` : undefined)}
              comboboxProps={{ withinPortal: true }}
            />
            {tenantsError && onRetryTenants ? (
              <Anchor component="button" type="button" size="sm" onClick={onRetryTenants} ta="left">
                Try again
              </Anchor>
            ) : null}
          </Stack>
          <TextInput label="Name" autoComplete="off" required maxLength={100} {...text('name')} />
          <TextInput label="Email" type="email" autoComplete="off" required maxLength={254} {...text('email')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          A generated password is emailed to the new admin; it must be changed at the first sign-in.
        </Text>
        <div>
          <Button type="submit" loading={mutation.isPending}>
            Create Tenant Admin
          </Button>
        </div>
      </Stack>
    </form>
  );
}
