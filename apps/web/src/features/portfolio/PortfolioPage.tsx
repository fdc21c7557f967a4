import { ComingSoon } from '../../components/ComingSoon';

export function PortfolioPage() {
  return <ComingSoon title="Portfolio" />;
}
