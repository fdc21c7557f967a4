import { ComingSoon } from '../../components/ComingSoon';

export function WeatherPage() {
  return <ComingSoon title="Weather Forecast" />;
}
