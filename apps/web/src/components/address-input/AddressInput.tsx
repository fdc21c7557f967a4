import { CloseButton, Combobox, Group, Loader, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useCallbackRef, useDebouncedValue, useUncontrolled } from '@mantine/hooks';
import {
  GEOCODE_LIMIT_DEFAULT,
  GEOCODE_LIMIT_MAX,
  type GeocodeFeatureProperties,
  type GeocodeType,
} from '@site/contract';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import classes from './AddressInput.module.css';
import { addressApi, autocompleteQuery, isAbortError } from './address-api';
import { type BiasInput, type Checked, checkBias, checkFilter, checkLang, type FilterInput } from './address-params';
import { suggestionLines } from './suggestion-text';

/** docs/api.md#compatibility-promise "Selected location": the chosen geocoder result (its GeoJSON feature's properties). */
export type AddressSelection = GeocodeFeatureProperties;

export interface AddressInputProps {
  /** The text in the field, when the parent controls it (e.g. to show a saved location's address). */
  value?: string;
  /** The starting text when the field is uncontrolled. */
  defaultValue?: string;
  /** Every change of the text made in the field: typing, choosing a suggestion, clearing. */
  onChange?: (text: string) => void;
  /**
   * The chosen location, or null when the field is cleared or its text edited after a choice.
   * For OpenStreetMap suggestions this is the place-details answer (see `fetchDetails`).
   */
  onSelect: (location: AddressSelection | null) => void;
  placeholder?: string;
  /** How many suggestions to show (docs/product.md#constants: 5). */
  limit?: number;
  /** Quiet time after the last keystroke before suggestions are fetched, in ms (docs/product.md#constants: 100). */
  debounceMs?: number;
  /** Only results of this level (city, street, …). */
  type?: GeocodeType;
  /** 2-letter language of the results. */
  lang?: string;
  /** Results must match: `countrycode:us,ca|circle:lon,lat,metres|rect:…|place:<id>`, or the parts as an object. */
  filter?: FilterInput;
  /** Results matching rank first: `countrycode:…|circle:…|rect:…|proximity:lon,lat`, or the parts as an object. */
  bias?: BiasInput;
  /** Look up the details of an OpenStreetMap suggestion before reporting it (docs/api.md#every-call). */
  fetchDetails?: boolean;
  /**
   * Enter with nothing highlighted closes the list and also submits the surrounding form, for a
   * search form that looks the typed text up itself (the weather search). Off by default: Enter
   * then only closes the list.
   */
  submitOnEnter?: boolean;
  /** Fewest characters that start a search (docs/product.md#screens: 1). */
  minLength?: number;
  /** Visible label; without one the field is named by `aria-label`. */
  label?: ReactNode;
  'aria-label'?: string;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  name?: string;
  className?: string;
  style?: CSSProperties;
}

/** Logs an ignored prop once per distinct bad value (docs/product.md rules, checked by the contract's parser). */
function useLogInvalid(name: string, check: Checked) {
  const logged = useRef(new Set<string>());
  const text = check.ok ? null : check.text;
  const error = check.ok ? null : check.error;
  useEffect(() => {
    if (text === null || logged.current.has(text)) return;
    logged.current.add(text);
    console.error(`AddressInput: ignoring the invalid ${name} "${text}": ${error}`);
  }, [name, text, error]);
}

const clampLimit = (limit: number) =>
  Math.min(Math.max(Math.trunc(limit) || GEOCODE_LIMIT_DEFAULT, 1), GEOCODE_LIMIT_MAX);

/**
 * What to look up: a new object for every edit, so that the debounce restarts even when an edit
 * leaves the trimmed text as it was. `now` skips the pause (Arrow Down on text set by the parent).
 */
interface Lookup {
  text: string;
  now?: boolean;
}

/**
 * An address field with geocoding suggestions (docs/product.md#search): a Mantine combobox whose listbox
 * fills in after a short pause in typing. Arrow keys move the highlight, Enter chooses it (or
 * just closes the list), Escape closes, Arrow Down reopens, a click outside closes. Suggestions
 * come from our server, never from a third-party host.
 */
export function AddressInput({
  value,
  defaultValue,
  onChange,
  onSelect,
  placeholder = 'Enter address here',
  limit = GEOCODE_LIMIT_DEFAULT,
  debounceMs = 100,
  type,
  lang,
  filter,
  bias,
  fetchDetails = true,
  submitOnEnter = false,
  minLength = 1,
  label,
  'aria-label': ariaLabel,
  description,
  error,
  disabled,
  autoFocus,
  id,
  name,
  className,
  style,
}: AddressInputProps) {
  const [text, setText] = useUncontrolled({ value, defaultValue, finalValue: '', onChange });
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [debouncedLookup] = useDebouncedValue(lookup, debounceMs);
  /** The list should show as soon as it has an answer for the current look-up. */
  const [wanted, setWanted] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  /** The field text of the last choice: the list it came from still answers it (Arrow Down). */
  const [chosenText, setChosenText] = useState<string | null>(null);
  const [loadingDetails, setLoadingDetails] = useState(false);

  const inputRef = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<AbortController | null>(null);
  /** A choice has been reported and not withdrawn yet. */
  const selectedRef = useRef(false);
  /** The text this component last put in the field; anything else came from the parent. */
  const ownTextRef = useRef('');
  const report = useCallbackRef(onSelect);

  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const filterCheck = checkFilter(filter);
  const biasCheck = checkBias(bias);
  const langCheck = checkLang(lang);
  useLogInvalid('filter', filterCheck);
  useLogInvalid('bias', biasCheck);
  useLogInvalid('lang', langCheck);
  const params = {
    limit: clampLimit(limit),
    type,
    lang: langCheck.ok ? langCheck.value : undefined,
    filter: filterCheck.ok ? filterCheck.value : undefined,
    bias: biasCheck.ok ? biasCheck.value : undefined,
  };

  // While the pause after a keystroke runs, nothing is looked up: the key changes at once, which
  // aborts the request of the text before.
  const searchText = lookup && (lookup.now || lookup === debouncedLookup) ? lookup.text : null;
  const pausing = lookup !== null && searchText === null;
  const search = useQuery(autocompleteQuery(searchText, params));
  const suggestions = search.data ?? [];
  /** The current look-up has its answer (or its failure), not a previous text's. */
  const settled = searchText !== null && !search.isFetching && !search.isPending && !search.isPlaceholderData;
  const open = wanted && settled && !disabled;

  const close = () => {
    setWanted(false);
    setHighlighted(-1);
  };
  const combobox = useCombobox({ opened: open, onDropdownClose: close });

  /** Highlights option `index` (-1: none) in the markup and in Mantine's store, which scrolls to it. */
  const highlight = (index: number, scroll = true) => {
    combobox.updateSelectedOptionIndex(index, { scrollIntoView: scroll });
    setHighlighted(index);
  };

  const cancelDetails = () => {
    detailsRef.current?.abort();
    detailsRef.current = null;
    setLoadingDetails(false);
  };

  // No details answer may arrive into an unmounted component (react-query cancels the search).
  useEffect(() => () => detailsRef.current?.abort(), []);

  const setOwnText = (next: string) => {
    ownTextRef.current = next;
    setText(next);
  };

  const withdrawChoice = (previousText: string) => {
    const fromParent = previousText !== ownTextRef.current && previousText !== '';
    if (selectedRef.current || fromParent) {
      selectedRef.current = false;
      report(null);
    }
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    withdrawChoice(text);
    setOwnText(next);
    cancelDetails();
    setChosenText(null);
    // docs/product.md: typing closes the list (a new look-up has no answer yet); it opens again when the
    // suggestions for the new text arrive after the pause.
    const query = next.trim();
    const long = query.length >= Math.max(minLength, 1);
    setLookup(long ? { text: query } : null);
    setWanted(long);
    setHighlighted(-1);
  };

  const loadDetails = async (chosen: AddressSelection) => {
    cancelDetails();
    const controller = new AbortController();
    detailsRef.current = controller;
    setLoadingDetails(true);
    try {
      const result = await addressApi.place(chosen.place_id, params.lang, controller.signal);
      if (detailsRef.current !== controller) return;
      report(result.features[0]?.properties ?? chosen);
    } catch (failure) {
      if (detailsRef.current !== controller || isAbortError(failure, controller.signal)) return;
      // docs/product.md#messages: without details the plain suggestion is the selection.
      console.error('Place details failed; using the suggestion instead', failure);
      report(chosen);
    } finally {
      if (detailsRef.current === controller) {
        detailsRef.current = null;
        setLoadingDetails(false);
      }
    }
  };

  const choose = (index: number) => {
    const chosen = suggestions[index]?.properties;
    if (!chosen) return;
    setOwnText(chosen.formatted);
    // Arrow Down can bring the same list back to pick another one.
    setChosenText(chosen.formatted.trim());
    close();
    selectedRef.current = true;
    const osm = chosen.datasource.sourcename.toLowerCase() === 'openstreetmap';
    if (fetchDetails && osm && chosen.place_id) void loadDetails(chosen);
    else {
      cancelDetails();
      report(chosen);
    }
  };

  const clear = () => {
    cancelDetails();
    setOwnText('');
    setLookup(null);
    setChosenText(null);
    close();
    selectedRef.current = false;
    report(null);
    inputRef.current?.focus();
  };

  const reopen = () => {
    const query = text.trim();
    if (query.length < Math.max(minLength, 1)) return;
    const answers = settled && search.isSuccess && (query === searchText || query === chosenText);
    if (answers) {
      setWanted(true);
      highlight(suggestions.length > 0 ? 0 : -1);
    } else if (!pausing && !search.isFetching) {
      // Text set from outside (or a failed search): look it up now, and show the answer.
      if (query === searchText) void search.refetch();
      else setLookup({ text: query, now: true });
      setWanted(true);
      setHighlighted(-1);
    }
  };

  const move = (step: 1 | -1) => {
    const count = suggestions.length;
    if (count === 0) return;
    highlight(highlighted < 0 ? (step > 0 ? 0 : count - 1) : (highlighted + step + count) % count);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (open) move(1);
        else reopen();
        break;
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // With the list closed, Enter belongs to the surrounding form (e.g. Search), and the list
        // must not pop open over the results when a look-up still on its way answers.
        if (!open) {
          setWanted(false);
          return;
        }
        if (highlighted >= 0 && highlighted < suggestions.length) {
          event.preventDefault();
          choose(highlighted);
        } else {
          if (!submitOnEnter) event.preventDefault();
          close();
        }
        break;
      case 'Escape':
        if (!open) return;
        // Close the list, not a modal the field may sit in.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  const busy = search.isFetching || loadingDetails;
  const failure = settled && search.isError ? search.error : null;
  const attributions = [...new Set(suggestions.map((f) => f.properties.datasource.attribution).filter(Boolean))];
  const announcement =
    !open || failure !== null
      ? '' // A failure is announced by its alert.
      : suggestions.length === 0
        ? 'No results found.'
        : `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available.`;

  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(index) => choose(Number(index))}
        position="bottom-start"
        offset={4}
        shadow="md"
        // Kept mounted while closed (the site's theme unmounts closed dropdowns): the input's
        // aria-controls always names this listbox, so the listbox must always exist.
        keepMounted
      >
        {/* The keys and ARIA attributes are this component's: see handleKeyDown. */}
        <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
          <TextInput
            ref={inputRef}
            id={inputId}
            name={name}
            label={label}
            description={description}
            error={error}
            disabled={disabled}
            autoFocus={autoFocus}
            className={className}
            style={style}
            placeholder={placeholder}
            value={text}
            onChange={handleChange}
            onKeyDown={handleKeyDown}
            onBlur={close}
            role="combobox"
            aria-label={label ? undefined : (ariaLabel ?? 'Address')}
            aria-autocomplete="list"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={open && highlighted >= 0 ? optionId(highlighted) : undefined}
            aria-busy={busy || undefined}
            // Inside a Mantine modal, Escape on an open list closes only the list.
            data-mantine-stop-propagation={open ? 'true' : undefined}
            autoComplete="off"
            spellCheck={false}
            leftSection={<IconMapPin size={16} aria-hidden />}
            rightSectionWidth={busy && text ? 56 : 32}
            rightSectionPointerEvents="all"
            rightSection={
              busy || text ? (
                <Group gap={4} wrap="nowrap">
                  {busy && <Loader size={14} aria-hidden data-testid="address-loader" />}
                  {text && !disabled && <CloseButton size="sm" aria-label="Clear address" onClick={clear} />}
                </Group>
              ) : null
            }
          />
        </Combobox.Target>
        {/* Pressing inside the list must not take the focus from the field. */}
        <Combobox.Dropdown onMouseDown={(event) => event.preventDefault()}>
          <Combobox.Options id={listboxId} aria-label="Address suggestions" className={classes.listbox}>
            {suggestions.map((feature, index) => {
              const { primary, secondary } = suggestionLines(feature.properties);
              const active = index === highlighted;
              return (
                <Combobox.Option
                  key={feature.properties.place_id}
                  value={index}
                  id={optionId(index)}
                  selected={active}
                  aria-selected={active}
                  className={classes.option}
                  onMouseEnter={() => highlight(index, false)}
                >
                  <IconMapPin size={16} className={classes.optionIcon} aria-hidden />
                  <div>
                    <Text size="sm" fw={600} lh={1.3}>
                      {primary}
                    </Text>
                    {secondary && (
                      <Text size="xs" c="dimmed" lh={1.3}>
                        {secondary}
                      </Text>
                    )}
                  </div>
                </Combobox.Option>
              );
            })}
          </Combobox.Options>
          {failure !== null && (
            <div role="alert" className={classes.empty}>
              <Text size="sm" fw={600} c="red">
                Address suggestions are unavailable right now.
              </Text>
              <Text size="xs" c="dimmed">
                {failure.message || 'The address search did not answer.'}
              </Text>
            </div>
          )}
          {settled && search.isSuccess && suggestions.length === 0 && (
            <Combobox.Empty>
              <Text size="sm" c="dimmed">
                No results found.
              </Text>
            </Combobox.Empty>
          )}
          {attributions.length > 0 && (
            <Text size="xs" c="dimmed" ta="right" px="xs" pt={2}>
              {attributions.join(' · ')}
            </Text>
          )}
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden aria-live="polite" aria-atomic>
        {announcement}
      </VisuallyHidden>
    </>
  );
}
