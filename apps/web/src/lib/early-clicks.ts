/**
 * Clicks on a pre-rendered page before the app has taken it over (docs/decisions.md#pre-rendered-pages):
 * the buttons are drawn but nothing listens yet, so a click would be lost. Until `release` is
 * called, a click inside `root` on anything but a link is held (links still navigate: the next
 * page is pre-rendered too); `release` stops holding and clicks each held element that is still
 * in the page, so a tap made while the app loads takes effect once it has.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target) || target.closest('a[href]')) return;
    const element = target.closest<HTMLElement>('button, input, select, textarea, label, [role], [tabindex]');
    if (!element) return;
    event.preventDefault();
    event.stopPropagation();
    // One click per element: a double tap on a loading page means "do it", not "do it twice".
    if (!held.includes(element)) held.push(element);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const element of held.splice(0)) if (element.isConnected) element.click();
  };
}
