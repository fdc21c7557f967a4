/**
 * How the build splits the JavaScript into files: docs/decisions.md#fewer-larger-chunks.
 *
 * Left to rolldown, every set of pages that shares a module gets a chunk of its own: 132 files,
 * most under 2 kB, and an app page asked for 28–66 of them. Each file costs the browser's main
 * thread a request, a response, a compile and a link (a few ms each on a slow CPU, whatever its
 * size), so the groups below gather them into a few files:
 *
 * - `react`: React, React DOM and React Router, on every page.
 * - `charts`: lightweight-charts, only with the pages that draw a chart.
 * - `ui`: what the first page renders of Mantine (its core and the components and hooks listed
 *   below) and TanStack Query. (TanStack Query in a file of its own, so that main.tsx's stages
 *   evaluate it in a task of its own, measured no better: docs/decisions.md#fewer-larger-chunks.)
 * - `ui-pages`: the rest of Mantine and its helpers (floating-ui, react-remove-scroll …), one
 *   file for every app page instead of one per component and per set of pages.
 * - `app-shared`: our own small modules that two or more lazy pages share (LoadError, StatList,
 *   the contract's zod-free limits …) and that the first page does not use.
 *
 * e2e/src/bundle-budget.e2e.test.ts checks that the first page loads neither `ui-pages` nor
 * `app-shared` (a component or hook the shell starts to use must join the lists here), that no
 * page starts with zod or the charts, and the first page's size budget.
 */

/** Mantine's components that the first page (top bar, footer, home page) renders. */
const SHELL_COMPONENTS = new Set([
  'ActionIcon',
  'Alert',
  'Anchor',
  'Badge',
  'Burger',
  'Button',
  'Card',
  'Center',
  'CloseButton',
  'Container',
  'Divider',
  'Group',
  'List',
  'Loader',
  'Paper',
  'SimpleGrid',
  'Skeleton',
  'Stack',
  'Text',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
]);

/** @mantine/hooks' hooks that the first page's own code calls (Mantine's internal ones follow their components). */
const SHELL_HOOKS = new Set([
  'use-color-scheme',
  'use-did-update',
  'use-disclosure',
  'use-isomorphic-effect',
  'use-media-query',
  'use-reduced-motion',
]);

const MANTINE_COMPONENT = /@mantine[\\/]core[\\/]esm[\\/]components[\\/](\w+)[\\/]/;
const MANTINE_HOOK = /@mantine[\\/]hooks[\\/]esm[\\/]([\w-]+)[\\/]/;
const SHELL_LIBRARIES = /node_modules[\\/](@tanstack|clsx)[\\/]|@mantine[\\/]core[\\/]esm[\\/]core[\\/]/;
const PAGE_LIBRARIES =
  /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|get-nonce|tslib|klona|fast-deep-equal)[\\/]/;
/** Libraries an `app-shared` module may import: those every page has (or `ui-pages` brings). */
const EVERY_PAGE_LIBRARIES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|@mantine|@tabler|@tanstack|clsx)[\\/]/;
/** Our sources: the web app's and the contract's. */
const APP_SOURCE = /[\\/](apps[\\/]web|packages[\\/]contract)[\\/]src[\\/]/;
/** One Tabler icon's module (its only import is the library's shared component maker). */
const TABLER_ICON = /[\\/]@tabler[\\/]icons-react[\\/].*[\\/]Icon\w+\.m?js$/;

// A stylesheet goes with the module that imports it (vite.config.ts' mantineComponentCss), never
// into a group on its own: the first page would load the group for one component's rules.
const isStyles = (id: string) => id.endsWith('.css');

function isShellUi(id: string): boolean {
  if (isStyles(id)) return false;
  if (SHELL_LIBRARIES.test(id)) return true;
  const hook = MANTINE_HOOK.exec(id)?.[1];
  if (hook) return SHELL_HOOKS.has(hook);
  const component = MANTINE_COMPONENT.exec(id)?.[1];
  return component !== undefined && SHELL_COMPONENTS.has(component);
}

/** What rolldown tells a group's `name` about a module (its ModuleInfo, the fields used here). */
interface ModuleGraph {
  getModuleInfo(id: string): {
    isEntry: boolean;
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    /** The module's code as transformed (ours: after TypeScript). */
    code?: string | null;
  } | null;
}

/**
 * `app-shared`: a module of ours goes there when two or more lazy modules (pages, modals, charts)
 * import it, the first page does not, and everything it imports is either another such module or
 * a library every page has. Zod, the schemas and the charts stay out: they load when a page uses
 * them (docs/decisions.md#main-thread-work-after-the-first-paint). The Tabler icons two such
 * modules use, and the first page does not, go together into `page-icons`: otherwise each is a
 * file of its own, and a page's count of files grows with the icons pages happen to share.
 */
function appSharedGroup() {
  let shell: Set<string> | undefined;
  const rootsOf = new Map<string, Set<string>>();
  const eligible = new Map<string, boolean>();

  return {
    name(id: string, graph: ModuleGraph): string | null {
      const icon = TABLER_ICON.test(id);
      if (!(icon || APP_SOURCE.test(id)) || isStyles(id)) return null;
      const info = (m: string) => graph.getModuleInfo(m);
      const isRoot = (m: string) => {
        const i = info(m);
        return !!i && (i.isEntry || i.dynamicImporters.length > 0);
      };
      /** The entries and lazy modules whose static imports reach `m`. */
      const roots = (m: string) => {
        let found = rootsOf.get(m);
        if (found) return found;
        found = new Set();
        rootsOf.set(m, found);
        const seen = new Set([m]);
        const queue = [m];
        for (let x = queue.pop(); x !== undefined; x = queue.pop()) {
          if (isRoot(x)) found.add(x);
          for (const importer of info(x)?.importers ?? []) {
            if (seen.has(importer)) continue;
            seen.add(importer);
            queue.push(importer);
          }
        }
        return found;
      };
      // The first page: index.html's static imports and what main.tsx loads as it starts.
      shell ??= firstPage(id, info);
      const inShell = (m: string) => [...roots(m)].some((root) => shell!.has(root));
      const canShare = (m: string): boolean => {
        const known = eligible.get(m);
        if (known !== undefined) return known;
        eligible.set(m, true); // an import cycle counts as fine until shown otherwise
        const ok =
          !/zod|schemas/.test(m) &&
          (info(m)?.importedIds ?? []).every((d) =>
            APP_SOURCE.test(d)
              ? canShare(d) && !inShell(d)
              : d.startsWith('\0') || isStyles(d) || EVERY_PAGE_LIBRARIES.test(d),
          );
        eligible.set(m, ok);
        return ok;
      };
      if (icon) {
        // Through the library's index every module that uses any icon imports every icon: the
        // icon's users are the modules of ours that name it.
        const name = /(Icon\w+)\.m?js$/.exec(id)?.[1] ?? '';
        const users = new Set<string>();
        const seen = new Set([id]);
        const queue = [id];
        for (let x = queue.pop(); x !== undefined; x = queue.pop()) {
          for (const importer of info(x)?.importers ?? []) {
            if (seen.has(importer)) continue;
            seen.add(importer);
            if (!APP_SOURCE.test(importer)) queue.push(importer);
            else if (info(importer)?.code?.includes(name)) users.add(importer);
          }
        }
        const iconRoots = new Set([...users].flatMap((user) => [...roots(user)]));
        return iconRoots.size >= 2 && ![...iconRoots].some((root) => shell!.has(root)) ? 'page-icons' : null;
      }
      if (isRoot(id) || roots(id).size < 2 || inShell(id) || !canShare(id)) return null;
      return 'app-shared';
    },
    debugName: 'app-shared',
    priority: 12,
    // Its imports stay where they are (the icons, the `ui` modules) rather than joining it.
    includeDependenciesRecursively: false,
  };
}

/** index.html, its static imports, and the modules those import lazily as the app starts (main.tsx). */
function firstPage(anyModule: string, info: ModuleGraph['getModuleInfo']): Set<string> {
  const seen = new Set<string>();
  const up = [anyModule];
  let entry: string | undefined;
  for (let m = up.pop(); m !== undefined && !entry; m = up.pop()) {
    if (seen.has(m)) continue;
    seen.add(m);
    const i = info(m);
    if (i?.isEntry) entry = m;
    else if (i) up.push(...i.importers, ...i.dynamicImporters);
  }
  const shell = new Set<string>();
  const visited = new Set<string>();
  const down = entry ? [entry] : [];
  for (let m = down.pop(); m !== undefined; m = down.pop()) {
    if (visited.has(m)) continue;
    visited.add(m);
    shell.add(m);
    const i = info(m);
    if (!i) continue;
    down.push(...i.importedIds);
    for (const lazy of i.dynamicallyImportedIds) shell.add(lazy);
  }
  return shell;
}

/** The groups, made afresh for each build: `app-shared` keeps what it learnt of one build's module graph. */
export const chunkGroups = () => [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'charts', test: /node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/, priority: 25 },
  { name: 'ui', test: isShellUi, priority: 20 },
  { name: 'ui-pages', test: (id: string) => !isStyles(id) && PAGE_LIBRARIES.test(id), priority: 15 },
  appSharedGroup(),
];
