import { Anchor, Select, type SelectProps } from '@mantine/core';

export interface EntitySelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'nothingFoundMessage'> {
  value: number | null;
  onChange: (value: number | null) => void;
}

interface EntityListProps {
  /** A disabled option is shown but cannot be picked (e.g. a sold plot on the sale screen). */
  options: { value: number; label: string; disabled?: boolean }[];
  isLoading: boolean;
  emptyMessage: string;
  /** Set when the list failed to load: said at the field, with a Retry link. */
  loadError?: string | null;
  onRetry?: () => void;
}

/**
 * A searchable select over numeric ids, shared by the project, plot and partner selects. Typing filters and
 * marks the first match, so Enter picks it; focus alone (autoFocus on page load, Tab) does not open the list.
 */
export function EntitySelect({
  value,
  onChange,
  options,
  isLoading,
  emptyMessage,
  loadError,
  onRetry,
  ...props
}: EntitySelectProps & EntityListProps) {
  const error = loadError ? (
    <span role="alert">
      {loadError}{' '}
      {onRetry ? (
        <Anchor component="button" type="button" size="xs" onClick={onRetry}>
          Retry
        </Anchor>
      ) : null}
    </span>
  ) : (
    props.error
  );
  return (
    <Select
      searchable
      clearable
      openOnFocus={false}
      selectFirstOptionOnChange
      comboboxProps={{ withinPortal: true }}
      {...props}
      error={error}
      placeholder={isLoading ? 'Loading…' : props.placeholder}
      data={options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        // Enter right after typing can race the list's own handling (the marked option is being re-rendered):
        // take the marked option, or else the first match, here as well. Picking the same value twice is harmless.
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        const input = event.currentTarget;
        const listId = input.getAttribute('aria-controls');
        const marked = listId ? document.getElementById(listId)?.querySelector('[data-combobox-selected]') : null;
        const search = (marked?.textContent ?? input.value).trim().toLowerCase();
        if (!search) return;
        const pickable = options.filter((o) => !o.disabled);
        const match =
          pickable.find((o) => o.label.toLowerCase() === search) ??
          pickable.find((o) => o.label.toLowerCase().includes(search));
        if (match && match.value !== value) onChange(match.value);
      }}
      // Loading, failed and empty are told apart: the empty message only once the list has loaded.
      nothingFoundMessage={loadError ?? (isLoading ? 'Loading…' : emptyMessage)}
    />
  );
}
