import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createTenantSchema, type Tenant } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { maxLengthOf } from '@/lib/max-length';
import { useCreateTenant } from '../api/create-tenant';

/** What the form holds; a demo request pre-fills it (see the demo-requests screen). */
export interface TenantFormValues {
  tenantId: string;
  dbName: string;
  dbUsername: string;
  dbPassword: string;
  initialAdminEmail: string;
  /** Hidden: the demo request this tenant is created from, if any. */
  demoRequestId: string;
}

type Field = keyof TenantFormValues;

const EMPTY: TenantFormValues = {
  tenantId: '',
  dbName: '',
  dbUsername: '',
  dbPassword: '',
  initialAdminEmail: '',
  demoRequestId: '',
};

function failureText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

interface CreateTenantFormProps {
  initialValues?: Partial<TenantFormValues>;
  onCreated?: (tenant: Tenant) => void;
  autoFocus?: boolean;
}

/** Create Tenant: checked with the server's schema, each problem under its field, the outcome in a banner. */
export function CreateTenantForm({ initialValues, onCreated, autoFocus = false }: CreateTenantFormProps) {
  const mutation = useCreateTenant();
  const form = useForm<TenantFormValues>({
    initialValues: { ...EMPTY, ...initialValues },
    validate: zodResolver(createTenantSchema),
  });
  const values = form.values;
  const [banner, setBanner] = useState<FormStatusMessage | null>(null);

  const field = (name: Exclude<Field, 'demoRequestId'>) => ({
    name,
    ...form.getInputProps(name),
    maxLength: maxLengthOf(createTenantSchema.shape[name]),
    onChange: (event: { currentTarget: { value: string } }) => {
      // The tenant id becomes a host name: spaces are dropped and letters lower-cased as they are typed.
      const typed = event.currentTarget.value;
      form.setFieldValue(name, name === 'tenantId' ? typed.replace(/\s+/g, '').toLowerCase() : typed);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setBanner(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(createTenantSchema.parse(form.getValues()), {
      onSuccess: (tenant) => {
        form.setValues(EMPTY);
        const created = `Tenant "${tenant.tenantId}" created.`;
        // Without SMTP the initial admin's password was kept in the outbox, masked: say so, and what to do.
        setBanner(
          tenant.notice
            ? { kind: 'warning', text: created, detail: tenant.notice }
            : { kind: 'success', text: created },
        );
        onCreated?.(tenant);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setBanner({ kind: 'error', text: failureText(error) });
      },
    });
  };

  const host = typeof window === 'undefined' ? 'localhost' : window.location.host;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Create Tenant">
      <Stack gap="md">
        <FormStatus message={banner} onClose={() => setBanner(null)} />
        <input type="hidden" name="demoRequestId" value={values.demoRequestId} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Tenant ID (subdomain)"
            description={`The company's address: ${values.tenantId || 'acme'}.${host}`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus={autoFocus}
            {...field('tenantId')}
          />
          <TextInput
            label="Database name"
            description="Lower-case letters, digits or _; starts with a letter."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...field('dbName')}
          />
          <TextInput
            label="DB username"
            description="The database role of this tenant."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...field('dbUsername')}
          />
          <PasswordInput
            label="DB password"
            description="At least 8 characters."
            autoComplete="new-password"
            required
            {...field('dbPassword')}
          />
          <TextInput
            label="Initial admin email (optional)"
            description="Gets a generated password by email and sets their own at first sign-in."
            type="email"
            autoComplete="off"
            style={{ gridColumn: '1 / -1' }}
            {...field('initialAdminEmail')}
          />
        </SimpleGrid>
        {form.errors.demoRequestId ? (
          <Alert color="red" variant="light" role="alert">
            {form.errors.demoRequestId}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Create Tenant
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
