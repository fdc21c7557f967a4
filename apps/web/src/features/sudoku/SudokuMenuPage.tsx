import { ComingSoon } from '../../components/ComingSoon';

export function SudokuMenuPage() {
  return <ComingSoon title="Sudoku" />;
}
