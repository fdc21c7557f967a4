// docs/decisions.md#no-flash-colour-scheme: runs before the first paint, so a dark page never
// flashes light. Same key and attribute as Mantine's manager (src/app/color-scheme.ts); an
// external file rather than an inline script, which the CSP (script-src 'self') would block.
(() => {
  let scheme = 'auto';
  try {
    scheme = localStorage.getItem('color-scheme') || 'auto';
  } catch {
    // Storage blocked: follow the system.
  }
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
