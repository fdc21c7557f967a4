import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A form's failure above its fields (announced: role="alert"); nothing when there is none. */
export function FormAlert({ children, title }: { children: ReactNode; title?: string }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={title}>
      {children}
    </Alert>
  );
}
