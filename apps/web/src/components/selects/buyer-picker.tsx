import { Combobox, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type BuyerListRowDto, formatMobile } from '@plotbook/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hasOptions = buyerId === null && value.trim().length >= 2 && found.length > 0;
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const buyer = found.find((b) => String(b.buyerId) === id);
        if (buyer) onPick({ buyerId: buyer.buyerId, name: buyer.name, mobile: buyer.mobile });
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          value={value}
          required={required}
          error={error}
          maxLength={100}
          autoComplete="off"
          placeholder="Type a name or mobile"
          description={buyerId !== null ? 'Existing buyer chosen' : 'Choose a buyer found, or type a new name'}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          onChange={(e) => {
            onType(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hasOptions}>
        <Combobox.Options aria-label="Buyers found">
          {found.map((b) => (
            <Combobox.Option value={String(b.buyerId)} key={b.buyerId}>
              <Stack gap={0}>
                <Text size="sm">{b.name}</Text>
                <Text size="xs" c="dimmed">
                  {[b.mobile ? formatMobile(b.mobile) : null, b.relativeName, `${b.saleCount} plot(s)`]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
