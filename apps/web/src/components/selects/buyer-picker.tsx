import { Autocomplete, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type BuyerListRowDto, formatMobile } from '@plotbook/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef } from 'react';
import { api } from '@/lib/api-client';
import { buyerKeys } from '@/lib/buyer-keys';

/** The first buyers matching what is typed (a name, or a mobile in any spelling), from the server. */
function useBuyerSearch(q: string) {
  const [text] = useDebouncedValue(q.trim(), 250);
  return useQuery({
    queryKey: buyerKeys.search(text),
    queryFn: ({ signal }) => api.get<BuyerListRowDto[]>('/buyer', { query: { q: text, limit: 8 }, signal }),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface PickedBuyer {
  buyerId: number;
  name: string;
  mobile: string | null;
}

/**
 * The buyer's name on the sale form: typing finds buyers by name or mobile (arrow keys and Enter choose one); a
 * name that matches nobody is a new buyer. `buyerId` is the chosen buyer, null while the text is a new name.
 */
export function BuyerPicker({
  value,
  buyerId,
  onType,
  onPick,
  error,
  label = 'Buyer Name',
  required,
}: {
  value: string;
  buyerId: number | null;
  onType: (text: string) => void;
  onPick: (buyer: PickedBuyer) => void;
  error?: ReactNode;
  label?: string;
  required?: boolean;
}) {
  const search = useBuyerSearch(buyerId === null ? value : '');
  const found = search.data ?? [];
  const byId = useMemo(() => new Map(found.map((b) => [String(b.buyerId), b])), [found]);
  // Choosing an option calls onOptionSubmit, then onChange with its label: that change is the pick, not typing.
  const picked = useRef<string | null>(null);
  return (
    <Autocomplete
      label={label}
      value={value}
      required={required}
      error={error}
      maxLength={100}
      autoComplete="off"
      placeholder="Type a name or mobile"
      description={buyerId !== null ? 'Existing buyer chosen' : 'Choose a buyer found, or type a new name'}
      data={found.map((b) => ({ value: String(b.buyerId), label: b.name }))}
      filter={({ options }) => options}
      rightSection={search.isFetching ? <Loader size="xs" /> : null}
      onOptionSubmit={(id) => {
        const buyer = byId.get(id);
        if (!buyer) return;
        picked.current = buyer.name;
        onPick({ buyerId: buyer.buyerId, name: buyer.name, mobile: buyer.mobile });
      }}
      onChange={(text) => {
        if (picked.current !== null && text === picked.current) {
          picked.current = null;
          return;
        }
        picked.current = null;
        onType(text);
      }}
      renderOption={({ option }) => {
        const buyer = byId.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{buyer?.name ?? option.value}</Text>
            {buyer ? (
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {[buyer.mobile ? formatMobile(buyer.mobile) : null, buyer.relativeName, `${buyer.saleCount} plot(s)`]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Group>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
