import { Alert, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CreateDemoRequestInput, createDemoRequestSchema } from '@plotbook/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { maxLengthOf } from '@/lib/max-length';
import { useHydrated } from '@/lib/use-hydrated';
import { useCreateDemoRequest } from '../api/create-demo-request';
import { LogoPicker } from './logo-picker';

type Field = keyof CreateDemoRequestInput;
type Outcome = { kind: 'success'; text: string } | { kind: 'error'; detail: string | null };

const EMPTY: Record<Field, string> = {
  name: '',
  email: '',
  mobileNumber: '',
  city: '',
  companyName: '',
  companyLocation: '',
};

/** Statuses whose message explains what to fix (bad field, too large, wrong type, too many requests). */
const EXPLAINED = new Set([400, 413, 415, 429]);

const FIELDS: { name: Field; label: string; autoComplete: string; type?: string; inputMode?: 'tel' }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'mobileNumber', label: 'Mobile Number', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'companyName', label: 'Company Name', autoComplete: 'organization' },
  { name: 'companyLocation', label: 'Company Location', autoComplete: 'street-address' },
];

/** The public Request a Demo form: contact and company details and an optional logo image. */
export function DemoRequestForm() {
  const hydrated = useHydrated();
  const mutation = useCreateDemoRequest();
  const form = useForm<Record<Field, string>>({ initialValues: EMPTY, validate: zodResolver(createDemoRequestSchema) });
  const [logo, setLogo] = useState<File | null>(null);
  /** The logo picker's own check (size, type), kept apart from the schema's field errors. */
  const [logoError, setLogoError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formKey, setFormKey] = useState(0);

  const setField = (name: Field, raw: string) =>
    form.setFieldValue(name, name === 'mobileNumber' ? raw.replace(/\D/g, '') : raw);

  // What a visitor typed into the prerendered page before React took it over is in the inputs, not in the
  // form's state: adopt it once, so the next render does not blank it.
  const formRef = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on taking the page over.
  useEffect(() => {
    for (const field of FIELDS) {
      const input = formRef.current?.elements.namedItem(field.name);
      if (input instanceof HTMLInputElement && input.value !== '') setField(field.name, input.value);
    }
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setOutcome(null);
    if (form.validate().hasErrors || logoError) return;
    mutation.mutate(
      { input: createDemoRequestSchema.parse(form.getValues()), logo },
      {
        onSuccess: (response) => {
          form.reset();
          setLogo(null);
          setLogoError(null);
          setFormKey((k) => k + 1);
          setOutcome({
            kind: 'success',
            text: `Demo request created successfully! For more details, contact ${response.email}`,
          });
        },
        onError: (error) => {
          const isExplained = error instanceof ApiError && EXPLAINED.has(error.status);
          if (isExplained) {
            const { companyLogo, ...fields } = error.fields ?? {};
            form.setErrors(fields);
            setLogoError(companyLogo ?? (error.status === 413 && logo ? error.message : null));
          }
          setOutcome({ kind: 'error', detail: isExplained ? error.message : null });
        },
      },
    );
  };

  return (
    // method="post": a submit before the prerendered page has hydrated must never put the fields in the address.
    <form ref={formRef} method="post" onSubmit={handleSubmit} noValidate aria-label="Request a Demo">
      <Stack gap="md">
        {outcome?.kind === 'success' ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {outcome.text}
          </Alert>
        ) : null}
        {outcome?.kind === 'error' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            <Text size="sm" fw={600}>
              Error creating request. Please try again later.
            </Text>
            {outcome.detail ? <Text size="sm">{outcome.detail}</Text> : null}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((f, index) => (
            <TextInput
              key={f.name}
              name={f.name}
              label={f.label}
              type={f.type}
              inputMode={f.inputMode}
              autoComplete={f.autoComplete}
              maxLength={maxLengthOf(createDemoRequestSchema.shape[f.name])}
              autoFocus={index === 0}
              required
              value={form.values[f.name]}
              error={form.errors[f.name]}
              onChange={(event) => setField(f.name, event.currentTarget.value)}
            />
          ))}
        </SimpleGrid>
        <LogoPicker
          key={formKey}
          file={logo}
          error={logoError ?? undefined}
          onChange={(file, problem) => {
            setLogo(file);
            setLogoError(problem ?? null);
          }}
        />
        <div>
          <Button type="submit" size="md" loading={mutation.isPending} disabled={!hydrated}>
            Submit Request
          </Button>
        </div>
      </Stack>
    </form>
  );
}
