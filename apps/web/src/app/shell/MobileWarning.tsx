import { Alert, type BoxProps } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';

export const MOBILE_WARNING = 'This page is intended for tablet or desktop viewing only.';

/** docs/product.md#layout: phones get a warning that the site is made for larger screens. */
export function MobileWarning(props: BoxProps) {
  return (
    <Alert color="yellow" variant="light" icon={<IconDeviceDesktop size={18} />} {...props}>
      {MOBILE_WARNING}
    </Alert>
  );
}
