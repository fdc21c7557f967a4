/**
 * What a visitor does on a pre-rendered page before the app has taken it over
 * (docs/decisions.md#pre-rendered-pages): the controls are drawn, but nothing listens yet.
 * - A click inside `root` on anything but a link is held (links still navigate: the next page is
 *   pre-rendered too).
 * - Text typed into a field inside `root` is noted: taking the page over gives each field the
 *   app's own value, empty, which wipes what was typed.
 *
 * `release` stops holding, types each noted text again into its field, as a person would so that
 * the app sees it, then clicks each held element (a task later when it typed, so the app has drawn
 * the text first): what was typed and tapped while the app loaded takes effect once it has. A
 * field or element the app replaced is left alone.
 */
export function holdEarlyInput(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
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
  const note = (event: Event) => {
    const field = event.target;
    if (isTextField(field) && root.contains(field)) typed.set(field, field.value);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('input', note, true);
  return () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', note, true);
    const retyped = [...typed].filter(([field]) => field.isConnected);
    typed.clear();
    for (const [field, value] of retyped) typeAgain(field, value);
    const clicks = () => {
      for (const element of held.splice(0)) if (element.isConnected) element.click();
    };
    // React renders what typing changed in a microtask after the event: a click at once would
    // submit the form as it was before. A task later, it has.
    if (retyped.length > 0) setTimeout(clicks, 0);
    else clicks();
  };
}

const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'password']);

const isTextField = (target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && TEXT_TYPES.has(target.type));

/**
 * Puts `value` in and sends the input event typing sends. React keeps its own copy of a field's
 * value, written by the element's `value` property (and read from the page as it hydrates, so it
 * may already hold the typed text), and sees a change only when the field's value differs from that
 * copy. So the copy is emptied through the property, and the text goes in past it, through the
 * prototype's setter.
 */
function typeAgain(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
