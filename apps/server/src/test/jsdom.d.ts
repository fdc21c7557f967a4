/**
 * The little of jsdom (a root dev dependency, shipped without types) the server's tests use to
 * read HTML and XML as a browser or crawler would, without running scripts: the server compiles
 * without the DOM library, so its elements are typed here as far as the tests need.
 */
declare module 'jsdom' {
  interface ParsedElement {
    getAttribute(name: string): string | null;
    readonly textContent: string | null;
  }
  interface ParsedDocument {
    readonly title: string;
    querySelector(selector: string): ParsedElement | null;
    querySelectorAll(selector: string): Iterable<ParsedElement> & { readonly length: number };
    getElementsByTagName(name: string): Iterable<ParsedElement> & { readonly length: number };
  }
  export class JSDOM {
    constructor(html: string, options?: { contentType?: string });
    readonly window: { readonly document: ParsedDocument };
  }
}
