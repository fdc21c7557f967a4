import { Image } from '@mantine/core';
import { describeWeather } from '../weather-codes';

interface WeatherIconProps {
  code: number | null;
  isDay?: boolean;
  size?: number;
  className?: string;
  /** Empty when a text beside the icon already says what it shows. */
  alt?: string;
}

/** The Meteocons picture of a WMO code; its alt text is the description (docs/api.md#compatibility-promise). */
export function WeatherIcon({ code, isDay = true, size = 64, className, alt }: WeatherIconProps) {
  const { description, icon } = describeWeather(code, isDay);
  return (
    <Image
      src={icon}
      alt={alt ?? description}
      w={size}
      h={size}
      fit="contain"
      style={{ flex: 'none' }}
      className={className}
    />
  );
}
