import { IconChartLine, IconChecklist, IconCloud, IconGridDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AppLink } from './apps';

export function appIcon(key: AppLink['key'], size = 16): ReactNode {
  switch (key) {
    case 'forecast':
      return <IconCloud size={size} />;
    case 'sudoku':
      return <IconGridDots size={size} />;
    case 'todo':
      return <IconChecklist size={size} />;
    case 'finance':
      return <IconChartLine size={size} />;
  }
}
