/** jsdom (a root dev dependency, shipped without types), as data-pages.e2e.test.ts reads a served page with it, scripts off. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { readonly document: Document };
  }
}
