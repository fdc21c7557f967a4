/** Hands a file to the browser as a download (an object URL behind a `download` link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; a moment later is safe everywhere.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Hands JSON to the browser as a file download, pretty-printed. */
export function saveJsonFile(data: unknown, fileName: string): void {
  saveFile(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), fileName);
}
