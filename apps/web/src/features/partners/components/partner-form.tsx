import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type PartnerDto, partnerInputSchema } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { useSavePartner } from '../api/save-partner';
import {
  blankShareRow,
  emptyPartner,
  fromPartner,
  type PartnerFormValues,
  type ProjectShareRow,
  toInput,
} from './partner-form-values';
import { ProjectShareRows } from './project-share-rows';

const ONE_PROJECT_MESSAGE = 'At least one project is required.';

interface PartnerFormProps {
  /** The partner being edited, or null for a new one. */
  partner: PartnerDto | null;
  taken: Map<number, number>;
  message: FormStatusMessage | null;
  onMessage: (message: FormStatusMessage | null) => void;
  /** After a save or Cancel: the screen leaves edit mode. */
  onDone: () => void;
}

type Field = Exclude<keyof PartnerFormValues, 'projects'>;

/** Partner Details: name, city, email, phone and the projects the partner shares in. */
export function PartnerForm({ partner, taken, message, onMessage, onDone }: PartnerFormProps) {
  const [values, setValues] = useState(() => (partner ? fromPartner(partner) : emptyPartner()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const mutation = useSavePartner();

  const setField = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const setRow = (index: number, patch: Partial<ProjectShareRow>) => {
    setValues((v) => ({ ...v, projects: v.projects.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
    setErrors({});
  };
  const addRow = () => {
    const row = blankShareRow();
    setValues((v) => ({ ...v, projects: [...v.projects, row] }));
    setAddedKey(row.key);
  };
  const removeRow = (index: number) => {
    if (values.projects.length <= 1) {
      onMessage({ kind: 'error', text: ONE_PROJECT_MESSAGE });
      return;
    }
    setValues((v) => ({ ...v, projects: v.projects.filter((_, i) => i !== index) }));
    setErrors({});
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = partnerInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      onMessage({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Please fill all required fields.' });
      return;
    }
    onMessage(null);
    mutation.mutate(
      { input: toInput(values), partnerId: partner?.partnerId ?? null },
      {
        onSuccess: () => {
          onMessage({ kind: 'success', text: 'Partner saved successfully!' });
          setValues(emptyPartner());
          setErrors({});
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          onMessage(failureMessage('Error saving partner', error));
        },
      },
    );
  };

  const handleCancel = () => {
    setValues(emptyPartner());
    setErrors({});
    onMessage(null);
    onDone();
  };

  return (
    <Card padding="lg" component="section" aria-labelledby="partner-form-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="partner-form-title">
            {partner ? `Edit Partner: ${partner.partnerName}` : 'Partner Details'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              value={values.partnerName}
              onChange={(e) => setField('partnerName', e.currentTarget.value)}
              error={errors.partnerName}
              autoComplete="off"
              maxLength={100}
              required
              autoFocus
            />
            <TextInput
              label="City"
              value={values.city}
              onChange={(e) => setField('city', e.currentTarget.value)}
              error={errors.city}
              maxLength={100}
              required
            />
            <TextInput
              label="Email"
              type="email"
              value={values.email}
              onChange={(e) => setField('email', e.currentTarget.value)}
              error={errors.email}
              autoComplete="off"
              maxLength={254}
            />
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              value={values.phone}
              onChange={(e) => setField('phone', e.currentTarget.value)}
              error={errors.phone}
              autoComplete="off"
              maxLength={20}
            />
          </SimpleGrid>

          <ProjectShareRows
            rows={values.projects}
            taken={taken}
            errorOf={(path) => errors[path]}
            onChange={setRow}
            onAdd={addRow}
            onRemove={removeRow}
            addedKey={addedKey}
          />

          <FormStatus message={message} onClose={() => onMessage(null)} />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleCancel} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} miw={110}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
