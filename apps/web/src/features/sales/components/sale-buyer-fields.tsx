import { Anchor, Button, Collapse, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { formatMobile, MOBILE_MAX_LENGTH } from '@plotbook/domain';
import { IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CoBuyersFields } from '@/components/buyers/co-buyers-fields';
import { BuyerPicker } from '@/components/selects/buyer-picker';
import { paths } from '@/config/paths';
import type { SaleFormValues } from './sale-form-values';

type Set = <K extends keyof SaleFormValues>(field: K, value: SaleFormValues[K]) => void;

interface Props {
  values: SaleFormValues;
  errors: Record<string, ReactNode>;
  set: Set;
}

/** Buyer Name (finds buyers as typed) and Buyer Mobile, for the sale form's grid. */
export function SaleBuyerInputs({ values, errors, set }: Props) {
  return (
    <>
      <BuyerPicker
        value={values.buyerName}
        buyerId={values.buyerId}
        onType={(text) => {
          set('buyerName', text);
          if (values.buyerId !== null) {
            set('buyerId', null);
            set('buyerMobile', '');
          }
        }}
        onPick={(buyer) => {
          set('buyerId', buyer.buyerId);
          set('buyerName', buyer.name);
          set('buyerMobile', buyer.mobile ? formatMobile(buyer.mobile) : '');
          set('buyerDetails', false);
        }}
        error={errors.buyerName}
        required
      />
      <TextInput
        label="Buyer Mobile"
        type="tel"
        inputMode="tel"
        placeholder="98220 11111"
        value={values.buyerMobile}
        onChange={(e) => {
          set('buyerMobile', e.currentTarget.value);
          // Another mobile is another buyer: the server finds them by it, or makes a new one.
          if (values.buyerId !== null) set('buyerId', null);
        }}
        error={errors.buyerMobile}
        maxLength={MOBILE_MAX_LENGTH}
        autoComplete="off"
        readOnly={values.buyerId !== null}
        description={values.buyerId !== null ? 'From the buyer chosen' : undefined}
      />
    </>
  );
}

/** Below the grid: the chosen buyer's page, or a new buyer's co-buyers, nominee and father's/husband's name. */
export function SaleBuyerDetails({ values, errors, set }: Props) {
  if (values.buyerId !== null) {
    return (
      <Text size="sm" c="dimmed">
        Selling to an existing buyer.{' '}
        <Anchor component={Link} to={paths.app.buyer.getHref(values.buyerId)} target="_blank">
          Open {values.buyerName}'s page
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          aria-expanded={values.buyerDetails}
          onClick={() => set('buyerDetails', !values.buyerDetails)}
        >
          {values.buyerDetails ? 'Hide co-buyers and nominee' : 'Add co-buyers and nominee'}
        </Button>
      </Group>
      <Collapse expanded={values.buyerDetails}>
        <Paper withBorder p="sm" radius="md">
          <Stack gap="sm">
            <TextInput
              label="Father's / husband's name"
              value={values.buyerRelativeName}
              onChange={(e) => set('buyerRelativeName', e.currentTarget.value)}
              error={errors['buyer.relativeName']}
              maxLength={100}
            />
            <CoBuyersFields
              coBuyers={values.coBuyers}
              onCoBuyers={(next) => set('coBuyers', next)}
              nomineeName={values.nomineeName}
              nomineeRelation={values.nomineeRelation}
              onNominee={(name, relation) => {
                set('nomineeName', name);
                set('nomineeRelation', relation);
              }}
              errors={errors}
              prefix="buyer."
            />
          </Stack>
        </Paper>
      </Collapse>
    </Stack>
  );
}
