import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyInput } from './early-input';

/** Typing as a browser does it: the field's value changes, then an input event. */
function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('holdEarlyInput', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML =
      '<div id="root"><input id="name"><button id="b"><span id="inner">Add</span></button><a id="link" href="#x">Go</a></div><button id="outside">Out</button>';
    const events: string[] = [];
    for (const id of ['b', 'link', 'outside']) {
      document.getElementById(id)?.addEventListener('click', () => events.push(id));
    }
    const field = document.getElementById('name') as HTMLInputElement;
    return { root: document.getElementById('root') as HTMLElement, events, field };
  }

  it('holds clicks on the page’s controls until release, then clicks each once', () => {
    const { root, events } = page();
    const release = holdEarlyInput(root);
    document.getElementById('inner')?.click();
    document.getElementById('b')?.click();
    expect(events).toEqual([]);
    release();
    expect(events).toEqual(['b']);
    // Released: clicks go through at once.
    document.getElementById('b')?.click();
    expect(events).toEqual(['b', 'b']);
  });

  it('lets links and clicks outside the page through', () => {
    const { root, events } = page();
    const release = holdEarlyInput(root);
    document.getElementById('link')?.click();
    document.getElementById('outside')?.click();
    expect(events).toEqual(['link', 'outside']);
    release();
    expect(events).toEqual(['link', 'outside']);
  });

  it('drops a held click whose element the app replaced', () => {
    const { root, events } = page();
    const release = holdEarlyInput(root);
    document.getElementById('b')?.click();
    document.getElementById('b')?.remove();
    release();
    expect(events).toEqual([]);
  });

  it('types text the app wiped as it took over again, then clicks a task later', async () => {
    const { root, events, field } = page();
    const release = holdEarlyInput(root);
    type(field, 'Growth');
    document.getElementById('b')?.click();
    field.value = '';
    field.addEventListener('input', () => events.push(`typed ${field.value}`));
    release();
    expect(field.value).toBe('Growth');
    expect(events).toEqual(['typed Growth']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['typed Growth', 'b']);
  });

  it('gives a React form what was typed and clicked before it hydrated', async () => {
    const submitted: string[] = [];
    function Form() {
      const [name, setName] = useState('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitted.push(name);
          }}
        >
          <input aria-label="Wallet name" value={name} onChange={(event) => setName(event.target.value)} />
          <button type="submit">Create</button>
        </form>
      );
    }
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form />);
    document.body.append(root);
    const release = holdEarlyInput(root);
    type(root.querySelector('input') as HTMLInputElement, 'Growth');
    root.querySelector('button')?.click();

    let app: Root | undefined;
    await act(async () => {
      app = hydrateRoot(root, <Form />);
    });
    try {
      await act(async () => {
        release();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(submitted).toEqual(['Growth']);
      expect(root.querySelector('input')?.value).toBe('Growth');
    } finally {
      act(() => app?.unmount());
    }
  });
});
