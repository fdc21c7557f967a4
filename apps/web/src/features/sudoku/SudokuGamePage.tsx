import { ComingSoon } from '../../components/ComingSoon';

export function SudokuGamePage() {
  return <ComingSoon title="Sudoku" />;
}
