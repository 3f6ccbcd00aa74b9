import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type BuyerDto, buyerInputSchema, MOBILE_MAX_LENGTH } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { CoBuyersFields } from '@/components/buyers/co-buyers-fields';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { type SavedBuyer, useSaveBuyer } from '../api/buyers';
import { type BuyerFormValues, buyerFormValues, emptyBuyer, toBuyerInput } from './buyer-form-values';

const validate = zodResolver<BuyerFormValues>(buyerInputSchema, toBuyerInput);

/** A new buyer (`buyer` null) or an edit of one: every detail, co-buyers and nominee. */
export function BuyerFormModal({
  opened,
  buyer,
  onClose,
  onSaved,
}: {
  opened: boolean;
  buyer: BuyerDto | null;
  onClose: () => void;
  onSaved?: (saved: SavedBuyer) => void;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={buyer ? `Edit buyer: ${buyer.name}` : 'New buyer'}
      size="xl"
      fullScreen={isPhone}
      centered
    >
      {opened ? <BuyerForm buyer={buyer} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function BuyerForm({
  buyer,
  onClose,
  onSaved,
}: {
  buyer: BuyerDto | null;
  onClose: () => void;
  onSaved?: (saved: SavedBuyer) => void;
}) {
  const [values, setValues] = useState<BuyerFormValues>(() => (buyer ? buyerFormValues(buyer) : emptyBuyer()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [idempotencyKey] = useIdempotencyKey();
  const mutation = useSaveBuyer();
  const set = <K extends keyof BuyerFormValues>(field: K, value: BuyerFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const text = (field: keyof BuyerFormValues, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      value={values[field] as string}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setStatus({ kind: 'error', text: 'Please correct the highlighted fields.' });
      return;
    }
    mutation.mutate(
      { buyerId: buyer?.buyerId ?? null, input: toBuyerInput(values), idempotencyKey },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          setStatus(
            error instanceof ApiError && error.hasResponse && error.message
              ? { kind: 'error', text: error.message }
              : failureMessage('Failed to save buyer.', error),
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('name', 'Name', { required: true, maxLength: 100, 'data-autofocus': true })}
          {text('relativeName', "Father's / husband's name", { maxLength: 100 })}
          {text('mobile', 'Mobile', { type: 'tel', inputMode: 'tel', maxLength: MOBILE_MAX_LENGTH })}
          {text('alternateMobile', 'Alternate mobile', { type: 'tel', inputMode: 'tel', maxLength: MOBILE_MAX_LENGTH })}
          {text('email', 'Email', { type: 'email', maxLength: 254 })}
          {text('pan', 'PAN', { placeholder: 'ABCDE1234F', maxLength: 10 })}
          {text('aadhaar', 'Aadhaar number', {
            inputMode: 'numeric',
            maxLength: 14,
            placeholder: buyer?.aadhaar ?? '1234 5678 9012',
            description: buyer?.aadhaar
              ? 'Only the last 4 digits are kept; leave blank to keep them'
              : 'Only the last 4 digits are kept',
          })}
        </SimpleGrid>
        <Textarea
          label="Address"
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address}
          autosize
          minRows={2}
          maxLength={500}
        />
        <CoBuyersFields
          coBuyers={values.coBuyers}
          onCoBuyers={(next) => set('coBuyers', next)}
          nomineeName={values.nomineeName}
          nomineeRelation={values.nomineeRelation}
          onNominee={(name, relation) => setValues((v) => ({ ...v, nomineeName: name, nomineeRelation: relation }))}
          errors={errors}
        />
        <FormStatus message={status} onClose={() => setStatus(null)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
