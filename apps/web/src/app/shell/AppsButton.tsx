import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

type AppsButtonProps = Omit<ComponentProps<'button'>, 'color'> & Pick<ButtonProps, 'variant'>;

/** The top bar's "Apps" button: the same before and after the menu's code has arrived. */
export function AppsButton(props: AppsButtonProps) {
  return (
    <Button color="gray" rightSection={<IconChevronDown size={14} />} {...props}>
      Apps
    </Button>
  );
}
