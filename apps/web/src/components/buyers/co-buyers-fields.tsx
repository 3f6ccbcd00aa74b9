import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_CO_BUYERS } from '@plotbook/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type CoBuyerValues, emptyCoBuyer } from './co-buyers-input';

/**
 * A buyer's co-buyers (name, relation, PAN) and nominee (name, relation), as the sale form's new buyer and the
 * buyer's edit form ask for them. `errors` are keyed as the API names them under `prefix`
 * (`buyer.coBuyers.0.name`, `nominee.name`).
 */
export function CoBuyersFields({
  coBuyers,
  onCoBuyers,
  nomineeName,
  nomineeRelation,
  onNominee,
  errors,
  prefix = '',
}: {
  coBuyers: CoBuyerValues[];
  onCoBuyers: (next: CoBuyerValues[]) => void;
  nomineeName: string;
  nomineeRelation: string;
  onNominee: (name: string, relation: string) => void;
  errors: Record<string, ReactNode>;
  prefix?: string;
}) {
  const change = (index: number, field: keyof CoBuyerValues, value: string) =>
    onCoBuyers(coBuyers.map((c, i) => (i === index ? { ...c, [field]: value } : c)));
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        Co-buyers
      </Text>
      {coBuyers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No co-buyer.
        </Text>
      ) : null}
      {coBuyers.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; they are only added or removed
        <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
            <TextInput
              label={`Co-buyer ${i + 1} name`}
              value={c.name}
              onChange={(e) => change(i, 'name', e.currentTarget.value)}
              error={errors[`${prefix}coBuyers.${i}.name`]}
              maxLength={100}
              required
            />
            <TextInput
              label="Relation"
              placeholder="Wife, Son, Brother"
              value={c.relation}
              onChange={(e) => change(i, 'relation', e.currentTarget.value)}
              error={errors[`${prefix}coBuyers.${i}.relation`]}
              maxLength={50}
            />
            <TextInput
              label="PAN"
              placeholder="ABCDE1234F"
              value={c.pan}
              onChange={(e) => change(i, 'pan', e.currentTarget.value.toUpperCase())}
              error={errors[`${prefix}coBuyers.${i}.pan`]}
              maxLength={10}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={`Remove co-buyer ${i + 1}`}
            onClick={() => onCoBuyers(coBuyers.filter((_, j) => j !== i))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {coBuyers.length < MAX_CO_BUYERS ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onCoBuyers([...coBuyers, emptyCoBuyer()])}
          >
            Add co-buyer
          </Button>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label="Nominee name"
          value={nomineeName}
          onChange={(e) => onNominee(e.currentTarget.value, nomineeRelation)}
          error={errors[`${prefix}nominee.name`]}
          maxLength={100}
        />
        <TextInput
          label="Nominee relation"
          value={nomineeRelation}
          onChange={(e) => onNominee(nomineeName, e.currentTarget.value)}
          error={errors[`${prefix}nominee.relation`]}
          maxLength={50}
        />
      </SimpleGrid>
    </Stack>
  );
}
