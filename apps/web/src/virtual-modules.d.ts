// Modules the build makes up (vite.config.ts): TypeScript checks side-effect imports too.
declare module 'virtual:mantine-styles';
