import { Button, Collapse, Group, MultiSelect, NumberInput, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FACING_LABELS, type Facing } from '@plotbook/domain';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type BoardFilters, hasFilters, NO_FILTERS } from '../board-filters';

const sizeOf = (value: string | number) => (value === '' || Number.isNaN(Number(value)) ? null : Number(value));

/**
 * Search by plot or buyer, size range and facing. On a phone the size and facing fields fold under a "Filters"
 * button, so the tiles start near the top of the screen.
 */
export function BoardFiltersBar({
  filters,
  facings,
  onChange,
}: {
  filters: BoardFilters;
  /** The facings the project's plots have. */
  facings: readonly Facing[];
  onChange: (next: BoardFilters) => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)', false);
  const [isOpen, setOpen] = useState(false);
  const set = (patch: Partial<BoardFilters>) => onChange({ ...filters, ...patch });
  const extraCount =
    (filters.minSize !== null ? 1 : 0) + (filters.maxSize !== null ? 1 : 0) + (filters.facings.length > 0 ? 1 : 0);

  const extra = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NumberInput
        label="Size from (sq ft)"
        value={filters.minSize ?? ''}
        onChange={(v) => set({ minSize: sizeOf(v) })}
        min={0}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        hideControls
        w={{ base: 'calc(50% - 6px)', sm: 130 }}
      />
      <NumberInput
        label="Size to (sq ft)"
        value={filters.maxSize ?? ''}
        onChange={(v) => set({ maxSize: sizeOf(v) })}
        min={0}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        hideControls
        w={{ base: 'calc(50% - 6px)', sm: 130 }}
      />
      <MultiSelect
        label="Facing"
        placeholder={filters.facings.length ? undefined : 'Any'}
        data={facings.map((f) => ({ value: f, label: FACING_LABELS[f] }))}
        value={[...filters.facings]}
        onChange={(v) => set({ facings: v as Facing[] })}
        disabled={facings.length === 0}
        clearable
        w={{ base: '100%', sm: 240 }}
      />
    </Group>
  );

  return (
    <div>
      <Group gap="sm" align="flex-end" wrap={isPhone ? 'nowrap' : 'wrap'}>
        <TextInput
          label="Search plot or buyer"
          placeholder="A-12, Sunita, 98220…"
          type="search"
          value={filters.search}
          onChange={(e) => set({ search: e.currentTarget.value })}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: isPhone ? 1 : undefined }}
          w={isPhone ? undefined : 240}
        />
        {isPhone ? (
          <Button
            variant="default"
            h={36}
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-expanded={isOpen}
            onClick={() => setOpen((o) => !o)}
          >
            Filters{extraCount ? ` (${extraCount})` : ''}
          </Button>
        ) : (
          extra
        )}
        {hasFilters(filters) && !isPhone ? (
          <Button variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </Group>
      {isPhone ? (
        <Collapse expanded={isOpen}>
          <div style={{ paddingTop: 8 }}>
            {extra}
            {hasFilters(filters) ? (
              <Button
                mt="xs"
                variant="subtle"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => onChange(NO_FILTERS)}
              >
                Clear filters
              </Button>
            ) : null}
          </div>
        </Collapse>
      ) : null}
    </div>
  );
}
