import { Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatMobile,
  type HoldPayload,
  holdPayloadSchema,
  MAX_HOLD_DAYS,
  MOBILE_MAX_LENGTH,
  zodFieldErrors,
} from '@plotbook/domain';
import { IconHandStop } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { BuyerPicker } from '@/components/selects/buyer-picker';
import { ApiError, newIdempotencyKey } from '@/lib/api-client';
import { useHoldPlot } from '../api/holds';

interface Values {
  buyerId: number | null;
  buyerName: string;
  buyerMobile: string;
  days: number | string;
  note: string;
}

const EMPTY: Values = { buyerId: null, buyerName: '', buyerMobile: '', days: 3, note: '' };

/** What the form sends: a chosen buyer by id, a new one by name and mobile. */
export function holdPayload(values: Values): HoldPayload {
  return values.buyerId !== null
    ? { buyerId: values.buyerId, days: values.days as number, note: values.note }
    : { buyerName: values.buyerName, buyerMobile: values.buyerMobile, days: values.days as number, note: values.note };
}

/**
 * Hold a free plot for a buyer: the sale form's buyer picker (an existing buyer, or a new name and mobile), days
 * (1–30) and a note. The server refuses a plot sold or held meanwhile (409, said here as it words it).
 */
export function HoldForm({ plotId, plotName, onHeld }: { plotId: number; plotName: string; onHeld: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const hold = useHoldPlot();
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const payload = holdPayload(values);
    const parsed = holdPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    hold.mutate(
      { plotId, hold: payload, idempotencyKey },
      {
        onSuccess: (held) => {
          setValues(EMPTY);
          setIdempotencyKey(newIdempotencyKey());
          notifications.show({ color: 'green', message: `${plotName} is held for ${held.buyerName}.` });
          onHeld();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          setStatus(failureMessage('Could not hold the plot.', error));
        },
      },
    );
  };

  const buyerError = errors.buyerId ?? errors.buyerName;
  return (
    <form onSubmit={submit} aria-label={`Hold ${plotName}`} noValidate>
      <Stack gap="sm">
        <BuyerPicker
          value={values.buyerName}
          buyerId={values.buyerId}
          onType={(text) => setValues((v) => ({ ...v, buyerName: text, buyerId: null }))}
          onPick={(buyer) =>
            setValues((v) => ({
              ...v,
              buyerId: buyer.buyerId,
              buyerName: buyer.name,
              buyerMobile: buyer.mobile ? formatMobile(buyer.mobile) : '',
            }))
          }
          error={buyerError}
          required
        />
        <TextInput
          label="Buyer Mobile"
          type="tel"
          inputMode="tel"
          placeholder="98220 11111"
          value={values.buyerMobile}
          onChange={(e) => {
            const mobile = e.currentTarget.value;
            // Another mobile is another buyer: the server finds them by it, or makes a new one.
            setValues((v) => ({ ...v, buyerMobile: mobile, buyerId: null }));
          }}
          error={errors.buyerMobile}
          maxLength={MOBILE_MAX_LENGTH}
          autoComplete="off"
          readOnly={values.buyerId !== null}
          description={values.buyerId !== null ? 'From the buyer chosen' : undefined}
        />
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <NumberInput
            label="Hold for (days)"
            value={values.days}
            onChange={(v) => set('days', v)}
            min={1}
            max={MAX_HOLD_DAYS}
            allowDecimal={false}
            clampBehavior="none"
            error={errors.days}
            description={`1 to ${MAX_HOLD_DAYS}`}
            required
            w={140}
          />
          <Textarea
            label="Note"
            value={values.note}
            onChange={(e) => set('note', e.currentTarget.value)}
            error={errors.note}
            maxLength={500}
            autosize
            minRows={1}
            maxRows={4}
            style={{ flex: 1 }}
          />
        </Group>
        <FormStatus message={status} onClose={() => setStatus(null)} />
        <Group>
          <Button type="submit" loading={hold.isPending} leftSection={<IconHandStop size={18} aria-hidden />}>
            Hold plot
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
