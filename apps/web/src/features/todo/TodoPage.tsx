import { ComingSoon } from '../../components/ComingSoon';

export function TodoPage() {
  return <ComingSoon title="Todo List" />;
}
