import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

// A project body's code, highlighted as it is rendered (docs/api.md#portfolio), and what the
// sanitiser lets through of the highlighter's markup.
describe('code blocks in a project body', () => {
  it('highlights a fenced block in a language highlight.js knows', async () => {
    const html = await renderMarkdown('```ts\nconst x: number = 1; // note\n```');
    expect(html).toBe(
      '<pre><code class="language-ts"><span class="hljs-keyword">const</span> <span class="hljs-attr">x</span>: ' +
        '<span class="hljs-built_in">number</span> = <span class="hljs-number">1</span>; ' +
        '<span class="hljs-comment">// note</span>\n</code></pre>',
    );
  });

  it('knows the usual names of a language (js, sh, html, python…)', async () => {
    const samples: Record<string, string> = {
      js: 'const a = "b";',
      sh: 'echo "$HOME"',
      html: '<p class="x">hi</p>',
      python: 'def f(): return 1',
      sql: 'SELECT 1 FROM t;',
      json: '{"a": 1}',
      css: 'a { color: red; }',
      go: 'func main() {}',
      rust: 'fn main() {}',
    };
    for (const [lang, code] of Object.entries(samples)) {
      expect(await renderMarkdown(`\`\`\`${lang}\n${code}\n\`\`\``), lang).toContain('<span class="hljs-');
    }
  });

  it('leaves a block in an unknown language, or none, plain and escaped', async () => {
    expect(await renderMarkdown("```klingon\nqapla' <b>&</b>\n```")).toBe(
      '<pre><code class="language-klingon">qapla\' &lt;b&gt;&amp;&lt;/b&gt;\n</code></pre>',
    );
    expect(await renderMarkdown('```\nconst a = "<i>";\n```')).toBe('<pre><code>const a = "&lt;i&gt;";\n</code></pre>');
  });

  it('keeps a script in a code block as text, highlighted or not', async () => {
    for (const lang of ['html', 'ts', 'unknown', '']) {
      const html = await renderMarkdown(
        `\`\`\`${lang}\n<script>alert("x")</script>\n<img src=x onerror=alert(1)>\n\`\`\``,
      );
      expect(html, lang).not.toMatch(/<script|<img/i);
      expect(html, lang).toMatch(/&lt;(<span class="hljs-name">)?script/);
    }
  });

  it('cannot be led out of the class attribute by the info string', async () => {
    const html = await renderMarkdown('```"><script>alert(1)</script>\nok\n```');
    expect(html).toBe('<pre><code>ok\n</code></pre>');
    expect(await renderMarkdown('```ts" onclick="alert(1)\nok\n```')).not.toContain('onclick');
  });

  it('keeps only the highlighter’s classes, on span and code alone', async () => {
    const html = await renderMarkdown(
      '<span class="evil hljs-keyword" style="color:red">a</span> <code class="language-ts wide">b</code> ' +
        '<p class="hljs-string">c</p> <span class="hljs-x onload">d</span>',
    );
    expect(html).toContain('<span class="hljs-keyword">a</span> <code class="language-ts">b</code>');
    expect(html).toContain('<p>c</p> <span class="hljs-x">d</span>');
    expect(html).not.toMatch(/evil|style|wide|onload/);
  });

  it('renders the same body to the same HTML again (the rendered copy is kept)', async () => {
    const body = '# Title\n\n```ts\nlet a = 1;\n```';
    expect(await renderMarkdown(body)).toBe(await renderMarkdown(`${body}`));
    expect(await renderMarkdown('')).toBe('');
  });
});
