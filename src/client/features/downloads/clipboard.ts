/**
 * Puts text on the clipboard. Safari allows writes only during the click, so text still loading
 * goes in at once as a ClipboardItem that resolves later; browsers whose ClipboardItem takes no
 * promise fall back to writeText. Rejects if the text cannot be loaded or the clipboard refuses.
 */
export async function copyText(text: string | Promise<string>): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) throw new Error('The clipboard is not available on this page.');
  const pending = Promise.resolve(text);

  if (typeof text !== 'string' && typeof ClipboardItem !== 'undefined' && clipboard.write) {
    try {
      const blob = pending.then((value) => new Blob([value], { type: 'text/plain' }));
      await clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Fall through: if loading failed, awaiting `pending` below rethrows that error.
    }
  }
  await clipboard.writeText(await pending);
}

/**
 * Puts a PNG picture on the clipboard, started during the click with the picture still on its
 * way (Safari). Rejects with the picture's own failure (a Premium refusal, a file that could not
 * be fetched) when it has one, else with the clipboard's.
 */
export async function copyImage(png: Promise<Blob>): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard?.write || typeof ClipboardItem === 'undefined') {
    await png.catch(() => undefined);
    throw new Error('Pictures cannot be copied to the clipboard in this browser.');
  }
  try {
    await clipboard.write([new ClipboardItem({ 'image/png': png })]);
  } catch (failure) {
    await png;
    throw failure;
  }
}
