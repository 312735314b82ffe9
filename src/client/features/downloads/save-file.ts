/** How long the temporary object link lives after the save starts (40 seconds). */
const REVOKE_AFTER_MS = 40_000;

export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; revoking at once can cancel the save.
  window.setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}
