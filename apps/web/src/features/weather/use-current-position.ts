import { useCallback, useEffect, useRef, useState } from 'react';

export interface Coordinates {
  lat: number;
  lon: number;
}

/** Coordinates to 4 decimals (about 11 m): plenty for weather, and no more than is needed. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

// GeolocationPositionError codes.
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

export function positionErrorMessage(error: Pick<GeolocationPositionError, 'code'>): string {
  switch (error.code) {
    case PERMISSION_DENIED:
      return 'Location access was denied. Allow this site to use your location in the browser settings, or search for an address instead.';
    case POSITION_UNAVAILABLE:
      return 'Your location could not be determined right now. Try again, or search for an address instead.';
    case TIMEOUT:
      return 'Finding your location took too long. Try again, or search for an address instead.';
    default:
      return 'Your location could not be determined. Search for an address instead.';
  }
}

/** Asks the browser for the device's position once per call; the answer goes to `onPosition`. */
export function useCurrentPosition(onPosition: (coordinates: Coordinates) => void) {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setError('This browser cannot share its location. Search for an address instead.');
      return;
    }
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setLocating(false);
        onPosition({ lat: round(position.coords.latitude), lon: round(position.coords.longitude) });
      },
      (failure) => {
        if (!mounted.current) return;
        setLocating(false);
        setError(positionErrorMessage(failure));
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }, [onPosition]);

  const clearError = useCallback(() => setError(null), []);
  return { locate, locating, error, clearError };
}
