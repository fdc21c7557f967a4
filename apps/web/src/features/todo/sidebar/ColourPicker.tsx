import { CheckIcon, ColorSwatch, Group, Input, UnstyledButton } from '@mantine/core';
import { TODO_COLOURS, type TodoColour } from '@site/contract';

/** 'gray' → 'Gray': the contract's colours are Mantine's palette names. */
export const colourName = (colour: TodoColour) => colour[0]!.toUpperCase() + colour.slice(1);

/** Mantine's filled shade of a palette colour, which follows the light or dark scheme. */
export const colourVar = (colour: TodoColour) => `var(--mantine-color-${colour}-filled)`;

/** A list's or label's colour dot; decorative, the name beside it says what it is. */
export function ColourDot({ colour, size = 10 }: { colour: TodoColour; size?: number }) {
  return <ColorSwatch color={colourVar(colour)} size={size} withShadow={false} aria-hidden="true" />;
}

interface ColourPickerProps {
  value: TodoColour;
  onChange: (colour: TodoColour) => void;
}

/** The contract's palette as buttons, the chosen one pressed (each named, so a screen reader says which). */
export function ColourPicker({ value, onChange }: ColourPickerProps) {
  return (
    <Input.Wrapper label="Colour" labelElement="div">
      <Group gap={6} role="group" aria-label="Colour" mt={4}>
        {TODO_COLOURS.map((colour) => (
          <UnstyledButton
            key={colour}
            type="button"
            aria-label={colourName(colour)}
            aria-pressed={colour === value}
            title={colourName(colour)}
            onClick={() => onChange(colour)}
            style={{ borderRadius: '50%', lineHeight: 0 }}
          >
            <ColorSwatch color={colourVar(colour)} size={24} component="span">
              {colour === value && <CheckIcon width={10} color="white" />}
            </ColorSwatch>
          </UnstyledButton>
        ))}
      </Group>
    </Input.Wrapper>
  );
}
