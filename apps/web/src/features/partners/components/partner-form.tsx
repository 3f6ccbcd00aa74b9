import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type PartnerDto, partnerInputSchema } from '@plotbook/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { projectsQueryOptions } from '@/components/selects/queries';
import { ApiError } from '@/lib/api-client';
import { maxLengthOf } from '@/lib/max-length';
import { useSavePartner } from '../api/save-partner';
import {
  blankShareRow,
  emptyPartner,
  fromPartner,
  type PartnerFormValues,
  type ProjectShareRow,
  shareErrors,
  toInput,
  validatePartner,
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

const firstError = (errors: Record<string, unknown>): string | null => {
  const first = Object.values(errors).find((e) => typeof e === 'string' && e !== '');
  return typeof first === 'string' ? first : null;
};

/** Partner Details: name, city, email, phone and the projects the partner shares in. */
export function PartnerForm({ partner, taken, message, onMessage, onDone }: PartnerFormProps) {
  // Errors are cleared here: a field's own on typing, all of them when the project rows change.
  const form = useForm<PartnerFormValues>({
    initialValues: partner ? fromPartner(partner) : emptyPartner(),
    validate: validatePartner,
    clearInputErrorOnChange: false,
  });
  const { values, errors } = form;
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const mutation = useSavePartner();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const projects = useQuery(projectsQueryOptions());
  const projectName = (projectId: number) =>
    projects.data?.find((p) => p.projectId === projectId)?.projectName ?? `project ${projectId}`;
  // The banner said what the form's own check found: it follows the fields as they are corrected.
  const [isCheckMessage, setCheckMessage] = useState(false);
  const showCheck = (text: string | null) => {
    setCheckMessage(text !== null);
    onMessage(text === null ? null : { kind: 'error', text });
  };

  const setField = (field: Field, value: string) => {
    form.setFieldValue(field, value);
    form.clearFieldError(field);
    if (isCheckMessage) {
      const { [field]: _fixed, ...rest } = errors;
      showCheck(firstError(rest));
    }
  };
  const setRow = (index: number, patch: Partial<ProjectShareRow>) => {
    form.setValues((v) => ({ projects: (v.projects ?? []).map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
    form.clearErrors();
    if (isCheckMessage) showCheck(null);
  };
  const addRow = () => {
    const row = blankShareRow();
    form.setValues((v) => ({ projects: [...(v.projects ?? []), row] }));
    setAddedKey(row.key);
  };
  const removeRow = (index: number) => {
    if (values.projects.length <= 1) {
      onMessage({ kind: 'error', text: ONE_PROJECT_MESSAGE });
      return;
    }
    form.setValues((v) => ({ projects: (v.projects ?? []).filter((_, i) => i !== index) }));
    form.clearErrors();
    if (isCheckMessage) showCheck(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const check = form.validate();
    if (check.hasErrors) {
      // The first problem, as the schema lists them, is the form's message.
      showCheck(firstError(check.errors) ?? 'Please fill all required fields.');
      return;
    }
    // Shares past 100 % are refused here with the server's own rule and words (the field already says so).
    const [over] = Object.values(shareErrors(values, taken, projectName));
    if (over) {
      showCheck(over);
      return;
    }
    showCheck(null);
    mutation.mutate(
      { input: toInput(values), partnerId: partner?.partnerId ?? null, idempotencyKey },
      {
        onSuccess: () => {
          renewKey();
          setCheckMessage(false);
          onMessage({ kind: 'success', text: 'Partner saved successfully!' });
          form.setValues(emptyPartner());
          form.clearErrors();
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
          setCheckMessage(false);
          onMessage(failureMessage('Error saving partner', error));
        },
      },
    );
  };

  const handleCancel = () => {
    form.setValues(emptyPartner());
    form.clearErrors();
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
              maxLength={maxLengthOf(partnerInputSchema.shape.partnerName)}
              required
              autoFocus
            />
            <TextInput
              label="City"
              value={values.city}
              onChange={(e) => setField('city', e.currentTarget.value)}
              error={errors.city}
              maxLength={maxLengthOf(partnerInputSchema.shape.city)}
              required
            />
            <TextInput
              label="Email"
              type="email"
              value={values.email}
              onChange={(e) => setField('email', e.currentTarget.value)}
              error={errors.email}
              autoComplete="off"
              maxLength={maxLengthOf(partnerInputSchema.shape.email)}
            />
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              value={values.phone}
              onChange={(e) => setField('phone', e.currentTarget.value)}
              error={errors.phone}
              autoComplete="off"
              maxLength={maxLengthOf(partnerInputSchema.shape.phone)}
            />
          </SimpleGrid>

          <ProjectShareRows
            rows={values.projects}
            taken={taken}
            errorOf={(path) => (errors[path] ? String(errors[path]) : undefined)}
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
