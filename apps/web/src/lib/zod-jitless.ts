/**
 * zod as the web app sees it: every `import … from 'zod'` of the build (the contract's schemas
 * included) resolves to this module (the `zodJitless` plugin of vite.config.ts), so zod is
 * configured before any schema is created, in whichever lazy chunk zod ends up.
 *
 * `jitless`: zod otherwise probes `new Function('')` to compile fast object parsers. The site's CSP
 * has no 'unsafe-eval', so the probe is refused and the browser reports a CSP violation on every
 * page load, even though zod catches the error and falls back to what `jitless` does anyway.
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
export { z, z as default };
