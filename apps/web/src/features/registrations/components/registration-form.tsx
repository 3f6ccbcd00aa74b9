import { Button, Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registrationInputSchema } from '@plotbook/domain';
import { type FormEvent, useEffect } from 'react';
import { DateField } from '@/components/date-field';
import { type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { maxLengthOf } from '@/lib/max-length';
import { useCreateRegistration } from '../api/create-registration';

interface RegistrationValues {
  registrationOffice: string;
  registrationDate: string;
  documentNo: string;
}

const EMPTY: RegistrationValues = { registrationOffice: '', registrationDate: '', documentNo: '' };
const { shape } = registrationInputSchema;

/**
 * Registration Details of the chosen plot: office, date and document number, then Save. `onSaved` clears the
 * screen's selections, as the spec asks after a successful save.
 */
export function RegistrationForm({
  plotId,
  onMessage,
  onSaved,
  onDirtyChange,
}: {
  plotId: number | null;
  onMessage: (message: FormStatusMessage | null) => void;
  onSaved: () => void;
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const form = useForm<RegistrationValues>({
    initialValues: EMPTY,
    validate: zodResolver(registrationInputSchema, (values: RegistrationValues) => ({ ...values, plotId })),
  });
  const mutation = useCreateRegistration();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const isDirty = form.isDirty();
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const check = form.validate();
    if (check.hasErrors) {
      const first = check.errors.plotId ?? Object.values(check.errors)[0];
      onMessage({ kind: 'error', text: typeof first === 'string' ? first : 'Please select a plot.' });
      return;
    }
    onMessage(null);
    mutation.mutate(
      { input: { ...form.values, plotId: plotId ?? 0 }, idempotencyKey },
      {
        onSuccess: (saved) => {
          renewKey();
          form.setValues(EMPTY);
          form.resetDirty(EMPTY);
          onMessage({ kind: 'success', text: saved.message });
          onSaved();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
          onMessage(failureMessage('Error saving registration', error));
        },
      },
    );
  };

  return (
    <Card padding="lg" component="section" aria-labelledby="registration-details-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="registration-details-title">
            Registration Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Registration Office"
              placeholder="Enter office name"
              required
              maxLength={maxLengthOf(shape.registrationOffice)}
              {...form.getInputProps('registrationOffice')}
            />
            <DateField
              label="Registration Date"
              required
              value={form.values.registrationDate}
              onChange={(value) => {
                form.setFieldValue('registrationDate', value);
                form.clearFieldError('registrationDate');
              }}
              error={form.errors.registrationDate}
            />
            <TextInput
              label="Document No"
              placeholder="Enter document number"
              required
              maxLength={maxLengthOf(shape.documentNo)}
              {...form.getInputProps('documentNo')}
            />
          </SimpleGrid>
          <div>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
