import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyClicks } from './early-clicks';

describe('holdEarlyClicks', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML =
      '<div id="root"><button id="b"><span id="inner">Add</span></button><a id="link" href="#x">Go</a></div><button id="outside">Out</button>';
    const clicks: string[] = [];
    for (const id of ['b', 'link', 'outside']) {
      document.getElementById(id)?.addEventListener('click', () => clicks.push(id));
    }
    return { root: document.getElementById('root') as HTMLElement, clicks };
  }

  it('holds clicks on the page’s controls until release, then clicks each once', () => {
    const { root, clicks } = page();
    const release = holdEarlyClicks(root);
    document.getElementById('inner')?.click();
    document.getElementById('b')?.click();
    expect(clicks).toEqual([]);
    release();
    expect(clicks).toEqual(['b']);
    // Released: clicks go through at once.
    document.getElementById('b')?.click();
    expect(clicks).toEqual(['b', 'b']);
  });

  it('lets links and clicks outside the page through', () => {
    const { root, clicks } = page();
    const release = holdEarlyClicks(root);
    document.getElementById('link')?.click();
    document.getElementById('outside')?.click();
    expect(clicks).toEqual(['link', 'outside']);
    release();
    expect(clicks).toEqual(['link', 'outside']);
  });

  it('drops a held click whose element the app replaced', () => {
    const { root, clicks } = page();
    const release = holdEarlyClicks(root);
    document.getElementById('b')?.click();
    document.getElementById('b')?.remove();
    release();
    expect(clicks).toEqual([]);
  });
});
