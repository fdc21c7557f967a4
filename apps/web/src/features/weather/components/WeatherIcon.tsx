import { Image } from '@mantine/core';
import { describeWeather } from '../weather-codes';

interface WeatherIconProps {
  code: number | null;
  isDay?: boolean;
  size?: number;
}

/** The Meteocons picture of a WMO code; its alt text is the description (docs/api.md#compatibility-promise). */
export function WeatherIcon({ code, isDay = true, size = 64 }: WeatherIconProps) {
  const { description, icon } = describeWeather(code, isDay);
  return <Image src={icon} alt={description} w={size} h={size} fit="contain" style={{ flex: 'none' }} />;
}
