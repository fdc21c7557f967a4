/**
 * JSON inside <script>: `<` is written as \u003c so no `</script>` or `<!--` in a value can end the
 * element; U+2028/2029 are escaped for old parsers.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
