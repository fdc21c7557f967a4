/** The site's apps as the navigation, the footer and the docs list them. */
export interface AppLink {
  /** Key of the app's docs page: /docs/{key}. */
  key: 'forecast' | 'sudoku' | 'todo' | 'finance';
  /** Name in menus (docs/product.md#layout). */
  label: string;
  path: string;
}

export const apps: readonly AppLink[] = [
  { key: 'forecast', label: 'Forecast', path: '/apps/forecast' },
  { key: 'sudoku', label: 'Sudoku', path: '/apps/sudoku' },
  { key: 'todo', label: 'To-Do List', path: '/apps/todo' },
  { key: 'finance', label: 'Finance', path: '/apps/finance' },
];

export const docsPath = (key: AppLink['key']) => `/docs/${key}`;
