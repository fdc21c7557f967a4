import { NativeSelect } from '@mantine/core';
import { SUDOKU_MISTAKE_CHECKS, type SudokuMistakeCheck } from '@site/contract';

const LABELS: Record<SudokuMistakeCheck, string> = {
  off: 'Off',
  conflicts: 'Rule conflicts',
  solution: 'Compare with the solution',
};

const isCheck = (value: string): value is SudokuMistakeCheck =>
  (SUDOKU_MISTAKE_CHECKS as readonly string[]).includes(value);

/** docs/product.md#game-appssudokugame: how mistakes are marked while playing, saved to the account. */
export function MistakeSetting({
  value,
  onChange,
}: {
  value: SudokuMistakeCheck;
  onChange: (value: SudokuMistakeCheck) => void;
}) {
  return (
    <NativeSelect
      size="xs"
      label="Show mistakes"
      value={value}
      data={SUDOKU_MISTAKE_CHECKS.map((check) => ({ value: check, label: LABELS[check] }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isCheck(next)) onChange(next);
      }}
    />
  );
}
