import { CloseButton, Group, Loader, Popover, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useCallbackRef, useUncontrolled } from '@mantine/hooks';
import {
  GEOCODE_LIMIT_DEFAULT,
  GEOCODE_LIMIT_MAX,
  type GeocodeFeature,
  type GeocodeFeatureProperties,
  type GeocodeType,
} from '@site/contract';
import { IconMapPin } from '@tabler/icons-react';
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
import { addressApi, isAbortError } from './address-api';
import { type BiasInput, type Checked, checkBias, checkFilter, checkLang, type FilterInput } from './address-params';
import { suggestionLines } from './suggestion-text';

/** Seed §3 "Selected location": the chosen geocoder result (its GeoJSON feature's properties). */
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
  /** How many suggestions to show (seed §9: 5). */
  limit?: number;
  /** Quiet time after the last keystroke before suggestions are fetched, in ms (seed §9: 100). */
  debounceMs?: number;
  /** Only results of this level (city, street, …). */
  type?: GeocodeType;
  /** 2-letter language of the results. */
  lang?: string;
  /** Results must match: `countrycode:us,ca|circle:lon,lat,metres|rect:…|place:<id>`, or the parts as an object. */
  filter?: FilterInput;
  /** Results matching rank first: `countrycode:…|circle:…|rect:…|proximity:lon,lat`, or the parts as an object. */
  bias?: BiasInput;
  /** Look up the details of an OpenStreetMap suggestion before reporting it (seed §7). */
  fetchDetails?: boolean;
  /** Fewest characters that start a search (seed §2: 1). */
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

/** Logs an ignored prop once per distinct bad value (seed §5 rules, checked by the contract's parser). */
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
 * An address field with geocoding suggestions (seed §1, §4): a WAI-ARIA combobox whose listbox
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
  const [suggestions, setSuggestions] = useState<GeocodeFeature[]>([]);
  /** The (trimmed) text the current suggestions answer; null when there are none. */
  const [answeredText, setAnsweredText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const [searching, setSearching] = useState(false);
  /** Why the last search failed (shown in the list), or null. */
  const [searchError, setSearchError] = useState<string | null>(null);
  const [loadingDetails, setLoadingDetails] = useState(false);

  const inputRef = useRef<HTMLInputElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchRef = useRef<AbortController | null>(null);
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
  const maxResults = clampLimit(limit);
  const params = {
    limit: maxResults,
    type,
    lang: langCheck.ok ? langCheck.value : undefined,
    filter: filterCheck.ok ? filterCheck.value : undefined,
    bias: biasCheck.ok ? biasCheck.value : undefined,
  };

  const cancelSearch = () => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    searchRef.current?.abort();
    searchRef.current = null;
    setSearching(false);
  };

  const cancelDetails = () => {
    detailsRef.current?.abort();
    detailsRef.current = null;
    setLoadingDetails(false);
  };

  // Nothing may answer into an unmounted component.
  useEffect(
    () => () => {
      clearTimeout(timerRef.current);
      searchRef.current?.abort();
      detailsRef.current?.abort();
    },
    [],
  );

  const setOwnText = (next: string) => {
    ownTextRef.current = next;
    setText(next);
  };

  const close = () => {
    setOpen(false);
    setHighlighted(-1);
  };

  const search = async (query: string) => {
    searchRef.current?.abort();
    const controller = new AbortController();
    searchRef.current = controller;
    setSearching(true);
    try {
      const result = await addressApi.autocomplete({ text: query, ...params }, controller.signal);
      // An answer to a request that was cancelled or overtaken is stale.
      if (searchRef.current !== controller) return;
      // One row per place, so each option has a stable identity.
      const unique = result.features.filter(
        (f, i, all) => all.findIndex((other) => other.properties.place_id === f.properties.place_id) === i,
      );
      setSuggestions(unique.slice(0, maxResults));
      setAnsweredText(query);
      setSearchError(null);
      setHighlighted(-1);
      // Someone who has moved on to another field does not want a list popping up.
      if (document.activeElement === inputRef.current) setOpen(true);
    } catch (failure) {
      if (searchRef.current !== controller || isAbortError(failure, controller.signal)) return;
      // Seed §8 only logs an autocomplete failure; the list also says so (issue 9), or the
      // field would just stay silent while the address service is down.
      console.error('Address autocomplete failed', failure);
      setSuggestions([]);
      setAnsweredText(null);
      setSearchError(
        failure instanceof Error && failure.message ? failure.message : 'The address search did not answer.',
      );
      setHighlighted(-1);
      if (document.activeElement === inputRef.current) setOpen(true);
    } finally {
      if (searchRef.current === controller) {
        searchRef.current = null;
        setSearching(false);
      }
    }
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
    // Seed §4: typing closes the list; new suggestions show after the pause.
    close();
    cancelSearch();
    cancelDetails();
    setSearchError(null);
    const query = next.trim();
    if (query.length < Math.max(minLength, 1)) {
      setSuggestions([]);
      setAnsweredText(null);
      return;
    }
    timerRef.current = setTimeout(() => {
      timerRef.current = undefined;
      void search(query);
    }, debounceMs);
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
      // Seed §8: without details the plain suggestion is the selection.
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
    const feature = suggestions[index];
    if (!feature) return;
    const chosen = feature.properties;
    cancelSearch();
    setOwnText(chosen.formatted);
    // Arrow Down can bring the same list back to pick another one.
    setAnsweredText(chosen.formatted.trim());
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
    cancelSearch();
    cancelDetails();
    setOwnText('');
    setSuggestions([]);
    setAnsweredText(null);
    setSearchError(null);
    close();
    selectedRef.current = false;
    report(null);
    inputRef.current?.focus();
  };

  const reopen = () => {
    const query = text.trim();
    if (query.length < Math.max(minLength, 1)) return;
    if (answeredText === query) {
      setOpen(true);
      setHighlighted(suggestions.length > 0 ? 0 : -1);
    } else if (!timerRef.current && !searchRef.current) {
      // Text set from outside (or a failed search): look it up now.
      void search(query);
    }
  };

  const move = (step: 1 | -1) => {
    const count = suggestions.length;
    if (count === 0) return;
    setHighlighted((current) => (current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count));
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
        // With the list closed, Enter belongs to the surrounding form (e.g. Search).
        if (!open) return;
        event.preventDefault();
        if (highlighted >= 0 && highlighted < suggestions.length) choose(highlighted);
        else close();
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

  useEffect(() => {
    if (open && highlighted >= 0) document.getElementById(optionId(highlighted))?.scrollIntoView({ block: 'nearest' });
  });

  const busy = searching || loadingDetails;
  const attributions = [...new Set(suggestions.map((f) => f.properties.datasource.attribution).filter(Boolean))];
  const announcement =
    !open || searchError !== null
      ? '' // A failure is announced by its alert.
      : suggestions.length === 0
        ? 'No results found.'
        : `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available.`;

  return (
    <>
      <Popover
        opened={open && !disabled}
        onDismiss={close}
        position="bottom-start"
        width="target"
        offset={4}
        shadow="md"
        // Like Mantine's own comboboxes: the list appears and goes at once, never half-faded.
        transitionProps={{ duration: 0 }}
        withRoles={false}
        trapFocus={false}
        returnFocus={false}
        closeOnEscape={false}
        keepMounted
      >
        <Popover.Target>
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
        </Popover.Target>
        {/* Pressing inside the list must not take the focus from the field. */}
        <Popover.Dropdown p={4} onMouseDown={(event) => event.preventDefault()}>
          <div role="listbox" id={listboxId} aria-label="Address suggestions" className={classes.listbox}>
            {suggestions.map((feature, index) => {
              const { primary, secondary } = suggestionLines(feature.properties);
              const active = index === highlighted;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives options through the combobox input (aria-activedescendant).
                <div
                  key={feature.properties.place_id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={active}
                  data-highlighted={active || undefined}
                  className={classes.option}
                  onMouseEnter={() => setHighlighted(index)}
                  onClick={() => choose(index)}
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
                </div>
              );
            })}
          </div>
          {searchError !== null && (
            <div role="alert" className={classes.empty}>
              <Text size="sm" fw={600} c="red">
                Address suggestions are unavailable right now.
              </Text>
              <Text size="xs" c="dimmed">
                {searchError}
              </Text>
            </div>
          )}
          {answeredText !== null && suggestions.length === 0 && (
            <Text size="sm" c="dimmed" className={classes.empty}>
              No results found.
            </Text>
          )}
          {attributions.length > 0 && (
            <Text size="xs" c="dimmed" ta="right" px="xs" pt={2}>
              {attributions.join(' · ')}
            </Text>
          )}
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden aria-live="polite" aria-atomic>
        {announcement}
      </VisuallyHidden>
    </>
  );
}
