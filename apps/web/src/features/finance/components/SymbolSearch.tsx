import { Button, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { normalizeSymbol } from '@site/contract';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useResolveSymbol, useSymbolSearch } from '../api/use-finance';

const SEARCH_DEBOUNCE_MS = 250;
const MAX_OPTIONS = 10;

interface SymbolSearchProps {
  /** Called with the upper-cased, validated symbol. */
  onSearch: (symbol: string) => void;
  /** Offered first in the dropdown, like the seed's datalist of watchlist symbols. */
  watchlistSymbols?: readonly string[];
  placeholder?: string;
  buttonLabel?: string;
  /** Busy state of whatever the search starts (e.g. the stock look-up). */
  loading?: boolean;
  /** A message from outside, e.g. "No stock found…"; cleared by the parent through `onEdit`. */
  error?: string | null;
  /** The user changed the text. */
  onEdit?: () => void;
  /** Accessible name of the text box. */
  label?: string;
}

interface Option {
  symbol: string;
  name?: string;
  exchange?: string | null;
  group: 'Watchlist' | 'Matches';
}

/**
 * Symbol input with a dropdown of watchlist symbols and server matches (symbol or company
 * name), and a Search button. Picking an option searches at once; submitting typed text searches
 * for the listing it names (a symbol, or part of a company name: "toyota").
 */
export function SymbolSearch({
  onSearch,
  watchlistSymbols = [],
  placeholder = 'Enter stock symbol...',
  buttonLabel = 'Search',
  loading = false,
  error,
  onEdit,
  label = 'Stock symbol',
}: SymbolSearchProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const typed = value.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useSymbolSearch(combobox.dropdownOpened ? debounced : '');
  const resolve = useResolveSymbol();
  const [resolving, setResolving] = useState(false);

  const upper = normalizeSymbol(typed);
  const fromWatchlist: Option[] = watchlistSymbols
    .filter((symbol) => symbol.includes(upper))
    .map((symbol) => ({ symbol, group: 'Watchlist' }));
  const matches: Option[] =
    typed && debounced === typed
      ? (search.data?.results ?? [])
          .filter((result) => !watchlistSymbols.includes(result.symbol))
          .map((result) => ({ ...result, name: result.shortName, group: 'Matches' }))
      : [];
  const options = [...fromWatchlist, ...matches].slice(0, MAX_OPTIONS);
  const searching = typed.length > 0 && (debounced !== typed || search.isFetching);
  const showDropdown = typed.length > 0 || fromWatchlist.length > 0;

  const go = (symbol: string) => {
    combobox.closeDropdown();
    setValidationError(null);
    setValue(symbol);
    onSearch(symbol);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    combobox.closeDropdown();
    const text = value.trim();
    if (!text) {
      setValidationError('Enter a stock symbol.');
      return;
    }
    setResolving(true);
    const symbol = await resolve(text).finally(() => setResolving(false));
    if (symbol) go(symbol);
    else setValidationError(`No stock or company matches "${text}".`);
  };

  const renderGroup = (group: Option['group']) => {
    const items = options.filter((option) => option.group === group);
    if (items.length === 0) return null;
    return (
      <Combobox.Group label={group === 'Watchlist' ? 'Your watchlist' : 'Matches'} key={group}>
        {items.map((option) => (
          <Combobox.Option value={option.symbol} key={option.symbol}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {option.symbol}
              </Text>
              {option.name && (
                <Text size="sm" c="dimmed" truncate>
                  {option.name}
                </Text>
              )}
              {option.exchange && (
                <Text size="xs" c="dimmed" ml="auto">
                  {option.exchange}
                </Text>
              )}
            </Group>
          </Combobox.Option>
        ))}
      </Combobox.Group>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Stock search">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <Combobox store={combobox} onOptionSubmit={go}>
          <Combobox.Target>
            <TextInput
              aria-label={label}
              placeholder={placeholder}
              value={value}
              style={{ flex: 1 }}
              autoComplete="off"
              spellCheck={false}
              leftSection={<IconSearch size={16} />}
              rightSection={searching && combobox.dropdownOpened ? <Loader size={14} /> : null}
              error={validationError ?? error ?? undefined}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setValidationError(null);
                onEdit?.();
                combobox.openDropdown();
                combobox.updateSelectedOptionIndex();
              }}
              // Opens on a click or typing, not on focus: a modal closing (Escape on the quote
              // popup) hands focus back here, and the dropdown must not pop up over the page then.
              onClick={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!showDropdown}>
            <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
              {options.length > 0 ? (
                <>
                  {renderGroup('Watchlist')}
                  {renderGroup('Matches')}
                </>
              ) : (
                <Combobox.Empty>
                  {searching
                    ? 'Searching…'
                    : search.isError && typed
                      ? 'Symbol search is unavailable right now.'
                      : 'No results found.'}
                </Combobox.Empty>
              )}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Button type="submit" loading={loading || resolving}>
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
