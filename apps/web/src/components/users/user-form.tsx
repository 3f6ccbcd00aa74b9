import { Alert, Button, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CreateTenantUserInput, createTenantUserSchema } from '@plotbook/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { maxLengthOf } from '@/lib/max-length';

type Field = 'name' | 'email' | 'password' | 'mobileNumber' | 'city';
type Values = Record<Field, string> & { role: 'USER' | 'TENANT_ADMIN' };
type FieldErrors = Partial<Record<Field | 'role', string>>;
type Outcome = { kind: 'success' } | { kind: 'error'; reason: string };

const EMPTY: Values = { name: '', email: '', password: '', mobileNumber: '', city: '', role: 'USER' };

interface UserFormProps {
  /** Sends the new user; rejects with an ApiError when the server refuses. */
  onSubmit: (input: CreateTenantUserInput) => Promise<unknown>;
  /** No tenant chosen yet, for example. */
  disabled?: boolean;
  /** Lets the author choose between a user and another tenant admin. */
  canChooseRole?: boolean;
  autoFocus?: boolean;
}

/** The server names some fields as its user store does (`userName`, `emailId`). */
function fieldErrorsOf(fields: Record<string, string>): FieldErrors {
  const { userName, emailId, ...rest } = fields;
  return { name: userName, email: emailId, ...rest };
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : 'Unknown error';
}

/**
 * Add New User: Name, Email, Password (blank: a password is mailed), Mobile Number, City. Checked with the
 * schema the server uses; the server's per-field answers show under the fields too.
 */
export function UserForm({ onSubmit, disabled = false, canChooseRole = false, autoFocus = false }: UserFormProps) {
  /** A user form sends no role: the server makes a USER. */
  const toInput = (values: Values) => (canChooseRole ? values : { ...values, role: undefined });
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodResolver(createTenantUserSchema, toInput) });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const field = (name: Field) => ({
    name,
    ...form.getInputProps(name),
    disabled,
    maxLength: maxLengthOf(createTenantUserSchema.shape[name]),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || disabled) return;
    setOutcome(null);
    if (form.validate().hasErrors) return;
    setIsSaving(true);
    try {
      await onSubmit(createTenantUserSchema.parse(toInput(form.getValues())));
      form.reset();
      setOutcome({ kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.fields) form.setErrors(fieldErrorsOf(error.fields));
      setOutcome({ kind: 'error', reason: reasonOf(error) });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add New User">
      <Stack gap="md">
        {outcome?.kind === 'success' ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            User created successfully
          </Alert>
        ) : null}
        {outcome?.kind === 'error' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            <Text fw={600} size="sm">
              Error creating user
            </Text>
            <Text size="sm">{outcome.reason}</Text>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" autoComplete="off" required autoFocus={autoFocus} {...field('name')} />
          <TextInput label="Email" type="email" autoComplete="off" required {...field('email')} />
          <PasswordInput
            label="Password"
            description="Optional. Leave blank to email a generated password; it must be changed at first sign-in."
            autoComplete="new-password"
            style={{ gridColumn: '1 / -1' }}
            {...field('password')}
          />
          <TextInput
            label="Mobile Number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            {...field('mobileNumber')}
          />
          <TextInput label="City" autoComplete="off" required {...field('city')} />
          {canChooseRole ? (
            <Stack gap={4}>
              <Text component="span" size="sm" fw={500} id="user-role-label">
                Role
              </Text>
              <SegmentedControl
                aria-labelledby="user-role-label"
                value={form.values.role}
                disabled={disabled}
                onChange={(role) => form.setFieldValue('role', role as Values['role'])}
                data={[
                  { value: 'USER', label: 'User' },
                  { value: 'TENANT_ADMIN', label: 'Tenant admin' },
                ]}
              />
            </Stack>
          ) : null}
        </SimpleGrid>
        <div>
          <Button type="submit" loading={isSaving} disabled={disabled}>
            Create User
          </Button>
        </div>
      </Stack>
    </form>
  );
}
