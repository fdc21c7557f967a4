import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** String and template literals of a source text (comments are not looked at) that name an API path. */
function apiPathLiterals(text: string, jsx = false): string[] {
  const kind = jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(jsx ? 'x.tsx' : 'x.ts', text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const value =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : undefined;
    if (value !== undefined && /^\/api(\/|$)/.test(value)) found.push(value);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('API paths in the web app', () => {
  it('come from the contract’s route table (callEndpoint / apiUrl), never from a literal in app code', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const literals = files.flatMap((file) =>
      apiPathLiterals(fs.readFileSync(file, 'utf8'), file.endsWith('.tsx')).map(
        (literal) => `${path.relative(SRC, file)}: ${literal}`,
      ),
    );
    expect(literals).toEqual([]);
  });

  it('would notice one (but not a comment)', () => {
    const placeholder = '$' + '{1}';
    const probe = `// '/api/in-a-comment'\nexport const x = () => fetch(\`/api/todo/${placeholder}\`, { a: '/api' });\n`;
    expect(apiPathLiterals(probe)).toEqual(['/api/todo/', '/api']);
  });
});
