import { ComingSoon } from '../../components/ComingSoon';

export function FinanceHomePage() {
  return <ComingSoon title="Finance" />;
}
